import Foundation
import Testing

@testable import FoodGraph

/// How long the providers' keys are cached. Timing-sensitive (tools/test runs it alone): the
/// sign-ins before the pause must finish within the provider's max-age.
@Suite struct ProviderSignInKeyCacheTests {
    @Test func theKeysAreKeptAsLongAsTheProvidersMaxAgeSays() async throws {
        let world = try await ProviderSignIn.make(minimumKeyRefreshInterval: .milliseconds(100))
        defer { Task { await world.close() } }
        world.provider.maxAgeSeconds = 4
        for _ in 0..<2 {
            let signIn = try await world.googleToken(subject: "g-14", email: "m@example.com")
            #expect(try await world.signIn(.google, token: signIn.token, nonce: signIn.nonce)["data.signInWithProvider.token"] is String)
        }
        #expect(world.provider.keyRequests == 1)
        try await Task.sleep(for: .milliseconds(4300))
        let later = try await world.googleToken(subject: "g-14", email: "m@example.com")
        #expect(try await world.signIn(.google, token: later.token, nonce: later.nonce)["data.signInWithProvider.token"] is String)
        #expect(world.provider.keyRequests == 2)
    }
}
