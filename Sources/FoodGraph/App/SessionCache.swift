import Foundation
import Synchronization

/// Viewers of recently checked bearer tokens, kept for `timeToLive` so that a signed-in client's
/// queries skip the session's SQL round trip (a quarter of a small query's statements).
///
/// Revocation stays immediate on this instance: the cache is used only while no mutation (nor a
/// request whose kind is not known, such as an in-process caller's) is running here, and
/// everything cached before one started is dropped when it starts and again when it ends, since
/// a mutation may sign out, disable an account or change roles. Changes made by another instance
/// (or by a job) are seen within `timeToLive`: the bound this cache trades for the round trip.
/// The session's last use is still recorded about once a minute, on the round trips that remain.
final class SessionCache: Sendable {
    private struct Entry {
        var viewer: Viewer
        var expires: ContinuousClock.Instant
    }

    private struct State {
        var entries: [[UInt8]: Entry] = [:]
        /// Changes whenever a mutation starts or ends: an entry filled across a change is not kept.
        var generation: UInt64 = 0
        var mutationsRunning = 0
    }

    /// Held by a mutation's request context; the cache works again once every one is released.
    final class MutationLease: Sendable {
        private let cache: SessionCache

        fileprivate init(_ cache: SessionCache) {
            self.cache = cache
        }

        deinit {
            cache.state.withLock { state in
                state.mutationsRunning -= 1
                state.generation &+= 1
                state.entries.removeAll(keepingCapacity: true)
            }
        }
    }

    let timeToLive: Duration
    /// Tokens kept at most; past it the cache starts again empty (an attack with many tokens
    /// costs round trips, not memory).
    let capacity: Int
    private let state = Mutex(State())

    init(timeToLive: Duration, capacity: Int = 10_000) {
        self.timeToLive = timeToLive
        self.capacity = capacity
    }

    var isEnabled: Bool { timeToLive > .zero }

    /// Marks a mutation as running until the lease is released.
    func beginMutation() -> MutationLease {
        state.withLock { state in
            state.mutationsRunning += 1
            state.generation &+= 1
            state.entries.removeAll(keepingCapacity: true)
        }
        return MutationLease(self)
    }

    /// The viewer cached for a token's hash, or nil; with the generation to pass to `store`.
    func lookup(_ key: [UInt8]) -> (viewer: Viewer?, generation: UInt64?) {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard state.mutationsRunning == 0 else { return (nil, nil) }
            if let entry = state.entries[key], entry.expires > now { return (entry.viewer, state.generation) }
            return (nil, state.generation)
        }
    }

    /// Keeps a viewer read from the database, unless a mutation started or ended since `generation`.
    func store(_ viewer: Viewer, for key: [UInt8], generation: UInt64) {
        let expires = ContinuousClock.now + timeToLive
        state.withLock { state in
            guard state.mutationsRunning == 0, state.generation == generation else { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = Entry(viewer: viewer, expires: expires)
        }
    }

    /// `FOODGRAPH_SESSION_CACHE_TTL` in milliseconds (0 turns the cache off); 1 s by default.
    static func timeToLiveFromEnvironment() -> Duration {
        guard let text = ProcessInfo.processInfo.environment["FOODGRAPH_SESSION_CACHE_TTL"], let milliseconds = Int(text),
            (0...60_000).contains(milliseconds)
        else { return .seconds(1) }
        return .milliseconds(milliseconds)
    }
}
