/// A set of a document's fragments by number: a bit each, so that the fragments one selection set
/// reaches are gathered by unions of a few words rather than by walking spreads. Empty sets (the
/// usual case: a selection set without spreads) allocate nothing; a set grows to its largest
/// number.
struct FragmentSet: Sequence {
    private var words: [UInt64] = []

    func contains(_ number: Int) -> Bool {
        let word = number >> 6
        return word < words.count && words[word] & (1 << UInt64(number & 63)) != 0
    }

    mutating func insert(_ number: Int) {
        let word = number >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        words[word] |= 1 << UInt64(number & 63)
    }

    mutating func remove(_ number: Int) {
        let word = number >> 6
        guard word < words.count else { return }
        words[word] &= ~(1 << UInt64(number & 63))
    }

    mutating func formUnion(_ other: FragmentSet) {
        if other.words.count > words.count {
            words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
        }
        for index in other.words.indices { words[index] |= other.words[index] }
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
