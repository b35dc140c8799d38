import Postgres
import Synchronization

/// Active products by barcode, kept by the application between requests so that a scan's lookup
/// takes no statement. Scanning apps look up the same popular products again and again, and a
/// product changes far less often than it is scanned; but it does change (its stock and price
/// with every offer, its details through moderation), on any instance.
///
/// A trigger announces every change with the barcodes it touched (channel `product_changes`,
/// migration 0030), and the instance's listening connection (`CatalogChangeListener`) forgets
/// those barcodes; '*' forgets them all. As with `StoreCache`: nothing is kept or read while
/// that connection is not listening; a read that fills the copy goes to the primary and is kept
/// only if nothing was forgotten since it began (`generation`); only queries read from here; an
/// answer older than `maximumAge` is read again. Unknown barcodes are kept too (a scan of an
/// unknown product is common), until a product with that barcode is announced.
///
/// A user's own change must show at once, without waiting for the announcement: after a
/// mutation of theirs commits (`noteWrite(by:)`), their lookups take only answers read after it.
/// At most `capacity` answers are kept, the recently used ones: a lookup moves an answer from
/// the older half to the newer, and when the newer half is full the older one is dropped.
///
/// The counts of product lists (`ProductConnection.totalCount`) are kept under the same rules: a
/// browsing app asks for the same list's count with every page, and counting reads up to 10 001
/// rows, far more than the page's own. An announced change forgets every count, since a change
/// to any product may add it to a list or take it out; a change to a product without a barcode is
/// announced too (migration 0031). A change to products' offers alone (prices, stock: every order
/// and offer refresh) is announced as such (a last element '~', migration 0034) and forgets only
/// the counts of lists filtered by price, sale or stock.
final class ProductCache: Sendable {
    static let channel = "product_changes"
    static let maximumAge = Duration.seconds(60)

    /// What a lookup found.
    enum Lookup {
        /// The answer: the product, or nil for a barcode no active product has.
        case kept(ProductRecord?)
        /// Nothing usable: read it with `read(_:generation:from:)`.
        case missing(generation: UInt64)
        /// Nothing may be read from here now: read it as without a copy.
        case unavailable
    }

    /// A kept count's list: the count's statement and its parameters, and whether the list
    /// filters by the products' offers (`ProductFilter.dependsOnOffers`).
    struct CountKey: Hashable, Sendable {
        let source: String
        let parameters: [PostgresParameter]
        let dependsOnOffers: Bool
    }

    /// What a count's lookup found.
    enum CountLookup {
        /// The count (up to the list's cap + 1, as `PageCount` takes it).
        case kept(Int)
        /// Nothing usable: count on the primary, then `keep(count:for:readAt:generation:)`.
        case missing(generation: UInt64)
        /// Nothing may be read from here now: count as without a copy.
        case unavailable
    }

    /// Lookups answered from the copy (hits) and not (misses), by kind, since last taken: for the
    /// metrics, so that an operator can size the copy.
    struct Tally: Equatable, Sendable {
        var barcodeHits = 0
        var barcodeMisses = 0
        var countHits = 0
        var countMisses = 0
    }

    private struct Answer {
        let product: ProductRecord?
        let readAt: ContinuousClock.Instant
    }

    private struct Count {
        let value: Int
        let readAt: ContinuousClock.Instant
    }

    private struct State {
        var newer: [String: Answer] = [:]
        var older: [String: Answer] = [:]
        var counts: [CountKey: Count] = [:]
        var tally = Tally()
        /// Changes whenever something is forgotten: a read begun before is not kept.
        var generation: UInt64 = 0
        /// Changes whenever lists that do not depend on offers may have changed: a count of such a
        /// list begun before is not kept. Changes to offers alone leave it.
        var listGeneration: UInt64 = 0
        var isListening = false
        /// When each user's last mutation through this instance committed, for `maximumAge`.
        var writes: [Int64: ContinuousClock.Instant] = [:]

        mutating func forgetAll() {
            newer.removeAll()
            older.removeAll()
            counts.removeAll()
            generation &+= 1
            listGeneration &+= 1
        }

        /// The generation a count of `key` is kept in.
        func generation(for key: CountKey) -> UInt64 {
            key.dependsOnOffers ? generation : listGeneration
        }

        /// Whether `writer` may be shown what was read at `readAt`: not if they wrote since.
        func mayShow(readAt: ContinuousClock.Instant, to writer: Int64?) -> Bool {
            writer.flatMap { writes[$0] }.map { $0 < readAt } ?? true
        }

        /// Keeps `answer` in the newer half; a full newer half becomes the older one.
        mutating func keep(_ answer: Answer, for barcode: String, capacity: Int) {
            if newer.count >= capacity / 2 {
                older = newer
                newer.removeAll(keepingCapacity: true)
            }
            newer[barcode] = answer
            older[barcode] = nil
        }

        /// Forgets `barcodes`, and the counts the change may have altered: those of lists that
        /// filter by offers, or all when more than offers changed.
        mutating func forget(_ barcodes: some Sequence<Substring>, offersOnly: Bool) {
            for barcode in barcodes {
                let barcode = String(barcode)
                newer[barcode] = nil
                older[barcode] = nil
            }
            generation &+= 1
            if offersOnly {
                counts = counts.filter { !$0.key.dependsOnOffers }
            } else {
                counts.removeAll()
                listGeneration &+= 1
            }
        }
    }

    /// Answers kept at most.
    let capacity: Int
    /// Lists' counts kept at most; past it the counts start again empty.
    let countCapacity: Int
    /// Whether there is a copy at all (kept on, with a connection to listen with).
    let isOn: Bool
    private let state = Mutex(State())

    init(isOn: Bool, capacity: Int = 20_000, countCapacity: Int = 1_000) {
        self.isOn = isOn
        self.capacity = capacity
        self.countCapacity = countCapacity
    }

    /// The kept answer for a normalised `barcode`, if `writer` (the viewer) may be shown it.
    func lookup(_ barcode: String, for writer: Int64?) -> Lookup {
        guard isOn else { return .unavailable }
        let now = ContinuousClock.now
        return state.withLock { state in
            guard state.isListening else { return .unavailable }
            guard let answer = state.newer[barcode] ?? state.older[barcode], now - answer.readAt < Self.maximumAge,
                state.mayShow(readAt: answer.readAt, to: writer)
            else {
                state.tally.barcodeMisses += 1
                return .missing(generation: state.generation)
            }
            state.tally.barcodeHits += 1
            if state.newer[barcode] == nil { state.keep(answer, for: barcode, capacity: capacity) }
            return .kept(answer.product)
        }
    }

    /// Reads the active product with `barcode` from the primary (a replica may not have replayed
    /// a change already announced) and keeps the answer, unless something was forgotten since
    /// `generation`.
    func read(_ barcode: String, generation: UInt64, from database: PostgresDatabase) async throws -> ProductRecord? {
        let readAt = ContinuousClock.now
        let product = try await ProductStore.active(barcode: barcode, columns: .all, in: database.primary)
        state.withLock { state in
            guard state.isListening, state.generation == generation else { return }
            state.keep(Answer(product: product, readAt: readAt), for: barcode, capacity: capacity)
        }
        return product
    }

    /// The kept count of the list `key`, if `writer` (the viewer) may be shown it.
    func count(_ key: CountKey, for writer: Int64?) -> CountLookup {
        guard isOn else { return .unavailable }
        let now = ContinuousClock.now
        return state.withLock { state in
            guard state.isListening else { return .unavailable }
            guard let count = state.counts[key], now - count.readAt < Self.maximumAge, state.mayShow(readAt: count.readAt, to: writer)
            else {
                state.tally.countMisses += 1
                return .missing(generation: state.generation(for: key))
            }
            state.tally.countHits += 1
            return .kept(count.value)
        }
    }

    /// Keeps a count read from the primary, begun at `readAt` in `generation`, unless something
    /// was forgotten since.
    func keep(count: Int, for key: CountKey, readAt: ContinuousClock.Instant, generation: UInt64) {
        state.withLock { state in
            guard state.isListening, state.generation(for: key) == generation else { return }
            if state.counts.count >= countCapacity { state.counts.removeAll(keepingCapacity: true) }
            state.counts[key] = Count(value: count, readAt: readAt)
        }
    }

    /// Called when a mutation of `writer` has committed: their next lookups take only answers
    /// read after now, which have seen whatever it changed.
    func noteWrite(by writer: Int64) {
        guard isOn else { return }
        let now = ContinuousClock.now
        state.withLock { state in
            state.writes[writer] = now
            // Past `maximumAge` every answer read before a write is gone anyway.
            if state.writes.count > capacity { state.writes = state.writes.filter { now - $0.value < Self.maximumAge } }
        }
    }

    /// Whether the copy is in use, and how many answers and counts it holds (for the metrics).
    var status: (isListening: Bool, kept: Int, counts: Int) {
        state.withLock { ($0.isListening, $0.newer.count + $0.older.count, $0.counts.count) }
    }

    /// The lookups since the last call.
    func takeTally() -> Tally {
        state.withLock { state in
            defer { state.tally = Tally() }
            return state.tally
        }
    }

    func hear(_ event: PostgresListener.Event) {
        guard isOn else { return }
        state.withLock { state in
            switch event {
            case .listening:
                state.forgetAll()
                state.isListening = true
            case .interrupted:
                state.forgetAll()
                state.isListening = false
            case .notification(let notification):
                guard notification.channel == Self.channel else { return }
                // An empty payload: products without barcodes changed, which only counts show; a
                // last element '~': only their offers changed.
                if notification.payload == "*" {
                    state.forgetAll()
                } else {
                    var barcodes = notification.payload.split(separator: ",")
                    let offersOnly = barcodes.last == "~"
                    if offersOnly { barcodes.removeLast() }
                    state.forget(barcodes, offersOnly: offersOnly)
                }
            }
        }
    }
}
