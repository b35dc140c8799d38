import Foundation
import JWTKit

/// A provider's signing keys, kept in memory for as long as the provider's `Cache-Control:
/// max-age` allows (an hour when it says nothing, a day at most). A token naming a key id the
/// cached set lacks (the provider rotated its keys) fetches the set again, but at most once per
/// `minimumRefreshInterval`: made-up key ids then cost nothing. Concurrent fetches are one fetch.
actor ProviderKeyCache {
    struct KeySet: Sendable {
        var keys: JWTKeyCollection
        var keyIDs: Set<String>
        var expiresAt: ContinuousClock.Instant
    }

    static let defaultLifetime = Duration.seconds(3600)
    static let maximumLifetime = Duration.seconds(86_400)

    let source: ProviderKeySource
    let minimumRefreshInterval: Duration
    private var current: KeySet?
    private var lastFetchStarted: ContinuousClock.Instant?
    private var inFlight: Task<KeySet, any Error>?
    /// Fetches made (successful or not), for the tests and operators.
    private(set) var fetchCount = 0

    init(source: ProviderKeySource, minimumRefreshInterval: Duration) {
        self.source = source
        self.minimumRefreshInterval = minimumRefreshInterval
    }

    /// The keys to verify a token signed with `keyID`, or nil when the provider has no such key
    /// (or it may not be asked again yet). Throws when the keys cannot be fetched at all.
    func keys(for keyID: String) async throws -> JWTKeyCollection? {
        let now = ContinuousClock.now
        if let current, now < current.expiresAt, current.keyIDs.contains(keyID) { return current.keys }
        if inFlight == nil, let lastFetchStarted, now - lastFetchStarted < minimumRefreshInterval {
            // Fetched just now: a stale set still serves the keys it has (the provider failing
            // must not take sign-in down with it); an unknown key waits for the next refresh.
            guard let current else { throw ProviderKeyError("the provider's keys are unavailable") }
            return current.keyIDs.contains(keyID) ? current.keys : nil
        }
        let refreshed = try await refresh()
        return refreshed.keyIDs.contains(keyID) ? refreshed.keys : nil
    }

    private func refresh() async throws -> KeySet {
        if let inFlight { return try await inFlight.value }
        lastFetchStarted = .now
        fetchCount += 1
        let source = self.source
        let task = Task { try await Self.load(source) }
        inFlight = task
        defer { inFlight = nil }
        let keySet = try await task.value
        current = keySet
        return keySet
    }

    /// Fetches and parses the JWKS; keys of other types or algorithms than RS256 are left out.
    private static func load(_ source: ProviderKeySource) async throws -> KeySet {
        let fetched = try await source.fetch()
        let document: JWKS
        do {
            document = try JSONDecoder().decode(JWKS.self, from: Data(fetched.document))
        } catch {
            throw ProviderKeyError("the provider's key set is not a JWKS document")
        }
        let collection = JWTKeyCollection()
        var keyIDs = Set<String>()
        for key in document.keys where key.keyType == .rsa && (key.algorithm == nil || key.algorithm == .rs256) {
            guard let keyID = key.keyIdentifier?.string else { continue }
            var key = key
            key.algorithm = .rs256
            guard (try? await collection.add(jwk: key)) != nil else { continue }
            keyIDs.insert(keyID)
        }
        let lifetime = fetched.maxAgeSeconds.map { min(Duration.seconds($0), maximumLifetime) } ?? defaultLifetime
        return KeySet(keys: collection, keyIDs: keyIDs, expiresAt: .now + lifetime)
    }
}
