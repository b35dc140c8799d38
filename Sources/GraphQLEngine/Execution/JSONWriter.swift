/// Writes JSON straight into a byte buffer, with RFC 8259 escaping.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func reserve(_ capacity: Int) { bytes.reserveCapacity(capacity) }

    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func write(string: String) {
        bytes.append(0x22)
        var string = string
        string.withUTF8 { buffer in
            var chunkStart = 0
            for index in 0..<buffer.count {
                let byte = buffer[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                if chunkStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[chunkStart..<index])) }
                chunkStart = index + 1
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                case 0x08: bytes.append(contentsOf: [0x5C, 0x62])
                case 0x0C: bytes.append(contentsOf: [0x5C, 0x66])
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            if chunkStart < buffer.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[chunkStart...])) }
        }
        bytes.append(0x22)
    }

    public mutating func write(_ value: GraphQLValue) {
        switch value {
        case .null: append("null")
        case .boolean(let bool): bool ? append("true") : append("false")
        case .int(let int): write(integer: int)
        case .float(let double):
            if double.isFinite { bytes.append(contentsOf: jsNumberText(double).utf8) } else { append("null") }
        case .string(let string), .enumValue(let string): write(string: string)
        case .list(let values):
            bytes.append(0x5B)
            for (index, item) in values.enumerated() {
                if index > 0 { bytes.append(0x2C) }
                write(item)
            }
            bytes.append(0x5D)
        case .object(let object):
            bytes.append(0x7B)
            for (index, field) in object.fields.enumerated() {
                if index > 0 { bytes.append(0x2C) }
                write(string: field.name)
                bytes.append(0x3A)
                write(field.value)
            }
            bytes.append(0x7D)
        }
    }

    public mutating func write(integer: Int) {
        if integer < 0 { bytes.append(0x2D) }
        var magnitude = integer.magnitude
        // Digits into a small stack buffer, last first: no String per number.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[19 - count] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }

    mutating func write(_ object: ResultObject) {
        let shape = object.shape
        if object.values.isEmpty {
            append("{}")
            return
        }
        shape.jsonKeyPrefixes.withUnsafeBufferPointer { prefixes in
            var start = 0
            for index in object.values.indices {
                let end = shape.jsonKeyEnds[index]
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: prefixes[start..<end]))
                start = end
                write(object.values[index])
            }
        }
        bytes.append(0x7D)
    }

    mutating func write(_ value: ResultValue) {
        switch value {
        case .null: append("null")
        case .leaf(let leaf): write(leaf)
        case .object(let object): write(object)
        case .list(let list):
            bytes.append(0x5B)
            for index in list.values.indices {
                if index > 0 { bytes.append(0x2C) }
                write(list.values[index])
            }
            bytes.append(0x5D)
        }
    }

    public mutating func write(_ error: GraphQLError) {
        append("{\"message\":")
        write(string: error.message)
        if !error.locations.isEmpty {
            append(",\"locations\":[")
            for (index, location) in error.locations.enumerated() {
                if index > 0 { bytes.append(0x2C) }
                append("{\"line\":")
                write(integer: location.line)
                append(",\"column\":")
                write(integer: location.column)
                append("}")
            }
            append("]")
        }
        if let path = error.path {
            append(",\"path\":[")
            for (index, component) in path.enumerated() {
                if index > 0 { bytes.append(0x2C) }
                switch component {
                case .key(let key): write(string: key)
                case .index(let position): write(integer: position)
                }
            }
            append("]")
        }
        if let extensions = error.extensions {
            append(",\"extensions\":")
            write(.object(extensions))
        }
        append("}")
    }
}
