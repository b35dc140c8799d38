/// Writes JSON straight into a byte buffer, with RFC 8259 escaping.
///
/// The buffer is its own rather than an array's: a response is written in thousands of small
/// pieces, and each would otherwise pay an array's uniqueness and capacity checks.
public struct JSONWriter: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    public private(set) var count = 0

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// What has been written.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// What has been written, lent to `body` without a copy.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    public mutating func reserve(_ capacity: Int) {
        if capacity > self.capacity { grow(to: capacity) }
    }

    private mutating func grow(to minimum: Int) {
        let larger = max(capacity * 2, minimum)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = larger
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        start[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress else { return }
        if count + piece.count > capacity { grow(to: count + piece.count) }
        if piece.count <= 16 {
            // Most pieces are a key or a short value: a loop beats a call to memmove.
            for offset in 0..<piece.count { start[count + offset] = source[offset] }
        } else {
            (start + count).initialize(from: source, count: piece.count)
        }
        count += piece.count
    }

    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends text as it is (a number's digits).
    mutating func write(text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var text = text
            text.withUTF8 { append($0) }
        }
    }

    public mutating func write(string: String) {
        append(byte: 0x22)
        if string.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            var string = string
            string.withUTF8 { appendEscaped($0) }
        }
        append(byte: 0x22)
    }

    /// Appends UTF-8 text with what JSON must escape escaped; text without any (nearly all) is
    /// appended in one piece.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        var chunkStart = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            if chunkStart < index { append(UnsafeBufferPointer(rebasing: text[chunkStart..<index])) }
            chunkStart = index + 1
            append(byte: 0x5C)
            switch byte {
            case 0x22, 0x5C: append(byte: byte)
            case 0x0A: append(byte: 0x6E)
            case 0x0D: append(byte: 0x72)
            case 0x09: append(byte: 0x74)
            case 0x08: append(byte: 0x62)
            case 0x0C: append(byte: 0x66)
            default:
                let hex: StaticString = "0123456789abcdef"
                append("u00")
                append(byte: hex.utf8Start[Int(byte >> 4)])
                append(byte: hex.utf8Start[Int(byte & 0xF)])
            }
        }
        if chunkStart < text.count { append(UnsafeBufferPointer(rebasing: text[chunkStart...])) }
    }

    public mutating func write(_ value: GraphQLValue) {
        switch value {
        case .null: append("null")
        case .boolean(let bool): bool ? append("true") : append("false")
        case .int(let int): write(integer: int)
        case .float(let double):
            if double.isFinite { write(text: jsNumberText(double)) } else { append("null") }
        case .string(let string), .enumValue(let string): write(string: string)
        case .list(let values):
            append(byte: 0x5B)
            for (index, item) in values.enumerated() {
                if index > 0 { append(byte: 0x2C) }
                write(item)
            }
            append(byte: 0x5D)
        case .object(let object):
            append(byte: 0x7B)
            for (index, field) in object.fields.enumerated() {
                if index > 0 { append(byte: 0x2C) }
                write(string: field.name)
                append(byte: 0x3A)
                write(field.value)
            }
            append(byte: 0x7D)
        }
    }

    public mutating func write(integer: Int) {
        if integer < 0 { append(byte: 0x2D) }
        var magnitude = integer.magnitude
        // Digits into a small stack buffer, last first: no String per number.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[19 - count] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            append(UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }

    /// Writes `object`. `taking`: its values are moved out as they are written, leaving nulls,
    /// for a response that is not read again: no retain for each value, and each object freed
    /// once written rather than with the whole tree afterwards.
    mutating func write(_ object: ResultObject, taking: Bool = false) {
        let count = object.count
        if count == 0 {
            append("{}")
            return
        }
        let table = object.table
        object.withUnsafeMutablePointerToElements { values in
            var start = 0
            for index in 0..<count {
                let end = table.keyEnds[index]
                append(UnsafeBufferPointer(rebasing: table.keyPrefixes[start..<end]))
                start = end
                write(taking ? exchange(&values[index], with: .null) : values[index], taking: taking)
            }
        }
        append(byte: 0x7D)
    }

    mutating func write(_ value: consuming ResultValue, taking: Bool = false) {
        switch consume value {
        case .null: append("null")
        case .leaf(let leaf): write(leaf)
        case .object(let object): write(object, taking: taking)
        case .list(let list):
            append(byte: 0x5B)
            list.withUnsafeMutablePointerToElements { values in
                for index in 0..<list.count {
                    if index > 0 { append(byte: 0x2C) }
                    write(taking ? exchange(&values[index], with: .null) : values[index], taking: taking)
                }
            }
            append(byte: 0x5D)
        }
    }

    public mutating func write(_ error: GraphQLError) {
        append("{\"message\":")
        write(string: error.message)
        if !error.locations.isEmpty {
            append(",\"locations\":[")
            for (index, location) in error.locations.enumerated() {
                if index > 0 { append(byte: 0x2C) }
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
                if index > 0 { append(byte: 0x2C) }
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
