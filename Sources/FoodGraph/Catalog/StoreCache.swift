import Postgres
import Synchronization

/// Stores and their chains, kept by the application between requests so that a price's store
/// and its chain take no statement. A catalog has few of them, nearly every price shows one, and
/// they seldom change; but they do change (`updateStore`, `updateRetailChain`, an operator), on
/// any instance, so a time to live alone would show a change late.
///
/// Instead, a trigger announces every change to either table (channel `store_changes`, migration
/// 0029), and the instance's listening connection (`CatalogChangeListener`) empties the copy on
/// each announcement. While that connection is not listening (starting, or lost until it listens
/// again), nothing is kept or read from here, since an announcement may be missed. A read that
/// fills the copy goes to the primary, never a replica (which may not have replayed a change
/// already announced), and is kept only if nothing was emptied since it began (`generation`). A
/// mutation that writes stores empties the copy after its commit, so this instance's next query
/// shows the change without waiting for the announcement. Only queries read from here
/// (`RequestContext.readsKeptCopies`). After `maximumAge` the copy is read again in any case: a
/// bound that holds even if an announcement were lost unseen (a silent cut of the listening
/// connection is found by the listener's own check within about 15 s).
final class StoreCache: Sendable {
    /// What a request reads: the copy as it was, and the generation a read that fills it began in.
    /// Records are boxed once, when kept, so that a field hands one on with a retain (as a loader
    /// does) rather than boxing a copy for every price.
    struct Snapshot: Sendable {
        let stores: [Int64: any Sendable]
        let chains: [Int64: any Sendable]
        let generation: UInt64
    }

    static let channel = "store_changes"
    static let maximumAge = Duration.seconds(60)

    private struct State {
        var stores: [Int64: any Sendable] = [:]
        var chains: [Int64: any Sendable] = [:]
        /// Changes whenever the copy is emptied: a read begun before is not kept.
        var generation: UInt64 = 0
        var isListening = false
        var emptiedAt = ContinuousClock.now

        mutating func empty() {
            stores.removeAll(keepingCapacity: true)
            chains.removeAll(keepingCapacity: true)
            generation &+= 1
            emptiedAt = .now
        }
    }

    /// Stores and chains kept at most; past it the copy starts again empty.
    let capacity: Int
    /// Whether there is a copy at all (kept on, with a connection to listen with).
    let isOn: Bool
    private let state = Mutex(State())

    init(isOn: Bool, capacity: Int = 10_000) {
        self.isOn = isOn
        self.capacity = capacity
    }

    /// The copy, or nil while nothing may be read from it.
    func snapshot() -> Snapshot? {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard state.isListening else { return nil }
            if now - state.emptiedAt > Self.maximumAge { state.empty() }
            return Snapshot(stores: state.stores, chains: state.chains, generation: state.generation)
        }
    }

    /// Whether the copy is in use, and how many stores and chains it holds (for the metrics).
    var status: (isListening: Bool, kept: Int) {
        state.withLock { ($0.isListening, $0.stores.count + $0.chains.count) }
    }

    /// Empties the copy: a mutation that wrote stores or chains calls it after its commit.
    func empty() {
        state.withLock { $0.empty() }
    }

    /// Stores by id with their chains: the kept ones from the copy, the others read from the
    /// primary and kept.
    func storesWithChains(
        _ ids: [Int64], from database: PostgresDatabase
    ) async throws -> (stores: [Int64: StoreRecord], chains: [Int64: RetailChainRecord]) {
        guard let snapshot = snapshot() else { return try await StoreDirectory.storesWithChains(ids, from: database) }
        var (stores, chains) = ([Int64: StoreRecord](), [Int64: RetailChainRecord]())
        var missing: [Int64] = []
        for id in ids {
            if let store = snapshot.stores[id] as? StoreRecord, let chain = snapshot.chains[store.chainID] as? RetailChainRecord {
                stores[id] = store
                chains[store.chainID] = chain
            } else {
                missing.append(id)
            }
        }
        guard !missing.isEmpty else { return (stores, chains) }
        let read = try await StoreDirectory.storesWithChains(missing, from: database.primary)
        keep(stores: read.stores, chains: read.chains, readIn: snapshot.generation)
        stores.merge(read.stores) { $1 }
        chains.merge(read.chains) { $1 }
        return (stores, chains)
    }

    /// Chains by id: the kept ones from the copy, the others read from the primary and kept.
    func chains(_ ids: [Int64], from database: PostgresDatabase) async throws -> [Int64: RetailChainRecord] {
        guard let snapshot = snapshot() else { return try await StoreDirectory.chains(ids, from: database) }
        var chains: [Int64: RetailChainRecord] = [:]
        var missing: [Int64] = []
        for id in ids {
            if let chain = snapshot.chains[id] as? RetailChainRecord { chains[id] = chain } else { missing.append(id) }
        }
        guard !missing.isEmpty else { return chains }
        let read = try await StoreDirectory.chains(missing, from: database.primary)
        keep(stores: [:], chains: read, readIn: snapshot.generation)
        return chains.merging(read) { $1 }
    }

    /// Keeps what a read begun in `generation` found, unless the copy was emptied since.
    private func keep(stores: [Int64: StoreRecord], chains: [Int64: RetailChainRecord], readIn generation: UInt64) {
        state.withLock { state in
            guard state.isListening, state.generation == generation else { return }
            if state.stores.count + state.chains.count + stores.count + chains.count > capacity {
                state.stores.removeAll(keepingCapacity: true)
                state.chains.removeAll(keepingCapacity: true)
            }
            for (id, store) in stores { state.stores[id] = store }
            for (id, chain) in chains { state.chains[id] = chain }
        }
    }

    func hear(_ event: PostgresListener.Event) {
        guard isOn else { return }
        state.withLock { state in
            switch event {
            case .listening:
                state.empty()
                state.isListening = true
            case .interrupted:
                state.empty()
                state.isListening = false
            case .notification(let notification):
                if notification.channel == Self.channel { state.empty() }
            }
        }
    }
}
