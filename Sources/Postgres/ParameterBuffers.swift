import CLibPQ

/// Lays out parameters the way libpq wants them (values, lengths and formats as C arrays) for the
/// duration of one call, with one allocation for all the values.
enum ParameterBuffers {
    static func with<Result>(
        _ parameters: [PostgresParameter],
        _ body: (
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
        ) throws -> Result
    ) rethrows -> Result {
        if parameters.isEmpty { return try body(nil, nil, nil) }
        var totalBytes = 0
        for parameter in parameters {
            switch parameter {
            case .null: break
            case .text(let text): totalBytes += text.utf8.count + 1
            case .binary(let bytes): totalBytes += bytes.count
            }
        }
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: max(totalBytes, 1))
        defer { storage.deallocate() }
        var values = [UnsafePointer<CChar>?](repeating: nil, count: parameters.count)
        var lengths = [Int32](repeating: 0, count: parameters.count)
        var formats = [Int32](repeating: 0, count: parameters.count)
        var offset = 0
        for (index, parameter) in parameters.enumerated() {
            switch parameter {
            case .null:
                values[index] = nil
            case .text(let text):
                let start = storage + offset
                var count = 0
                for byte in text.utf8 {
                    start[count] = CChar(bitPattern: byte)
                    count += 1
                }
                start[count] = 0
                values[index] = UnsafePointer(start)
                lengths[index] = Int32(count)
                offset += count + 1
            case .binary(let bytes):
                let start = storage + offset
                bytes.withUnsafeBufferPointer { source in
                    source.withMemoryRebound(to: CChar.self) { start.update(from: $0.baseAddress!, count: $0.count) }
                }
                values[index] = UnsafePointer(start)
                lengths[index] = Int32(bytes.count)
                formats[index] = 1
                offset += bytes.count
            }
        }
        return try values.withUnsafeBufferPointer { values in
            try lengths.withUnsafeBufferPointer { lengths in
                try formats.withUnsafeBufferPointer { formats in
                    try body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                }
            }
        }
    }
}
