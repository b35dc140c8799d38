import Synchronization

/// Request IDs in the form of a UUID (8-4-4-4-12 lowercase hex): a random 64-bit prefix drawn once
/// per process, then a counter. Foundation's `UUID()` opened and read `/dev/urandom` on every
/// request (three system calls, a tenth of `{ __typename }`'s time); an ID needs to be unique, not
/// unpredictable.
enum RequestIDs {
    private static let prefix = UInt64.random(in: .min ... .max)
    private static let counter = Atomic<UInt64>(0)
    private static let digits = Array("0123456789abcdef".utf8)

    static func next() -> String {
        let count = counter.add(1, ordering: .relaxed).newValue
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var index = 0
            func put(_ value: UInt64, _ nibbles: Int) {
                for shift in stride(from: (nibbles - 1) * 4, through: 0, by: -4) {
                    buffer[index] = digits[Int((value >> UInt64(shift)) & 0xF)]
                    index += 1
                }
            }
            func dash() {
                buffer[index] = 0x2D
                index += 1
            }
            put(prefix >> 32, 8)
            dash()
            put(prefix >> 16, 4)
            dash()
            put(prefix, 4)
            dash()
            put(count >> 48, 4)
            dash()
            put(count, 12)
            return index
        }
    }
}
