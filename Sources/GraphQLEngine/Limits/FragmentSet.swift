/// A set of a document's fragments by their number: a bit each, so that the fragments one
/// selection set reaches are gathered by unions of a few words rather than by walking spreads.
struct FragmentSet: Sequence {
    private var words: [UInt64]

    init(count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    func contains(_ index: Int) -> Bool {
        words[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    mutating func insert(_ index: Int) {
        words[index >> 6] |= 1 << UInt64(index & 63)
    }

    mutating func remove(_ index: Int) {
        words[index >> 6] &= ~(1 << UInt64(index & 63))
    }

    mutating func formUnion(_ other: FragmentSet) {
        for index in words.indices { words[index] |= other.words[index] }
    }

    func makeIterator() -> some IteratorProtocol<Int> {
        var wordIndex = 0
        var word = words.first ?? 0
        return AnyIterator { [words] in
            while word == 0 {
                wordIndex += 1
                guard wordIndex < words.count else { return nil }
                word = words[wordIndex]
            }
            let bit = word.trailingZeroBitCount
            word &= word - 1
            return wordIndex << 6 | bit
        }
    }
}
