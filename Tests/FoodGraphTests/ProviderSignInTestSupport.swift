import Foundation
import GraphQLEngine
import Hummingbird
import JWTKit
import Logging
import NIOCore
import Synchronization
import TestSupport
import Testing

@testable import FoodGraph

/// A local OpenID provider for the sign-in tests: an HTTP server in the test process that serves
/// each tenant's discovery document (`/<tenant>/.well-known/openid-configuration`) and one JWKS of
/// keys the test generates, and signs ID tokens with them. Tenants `google` and `facebook` stand in
/// for the two providers (their issuers are this server's addresses).
final class TestOpenIDProvider: Sendable {
    struct SigningKey: Sendable {
        var id: String
        var key: Insecure.RSA.PrivateKey
    }

    private struct State {
        var published: [SigningKey] = []
        var keyRequests = 0
        var maxAgeSeconds = 3600
    }

    private let state = Mutex(State())
    private let serving: Task<Void, any Error>
    let port: Int

    private init(serving: Task<Void, any Error>, port: Int) {
        self.serving = serving
        self.port = port
    }

    static func start() async throws -> TestOpenIDProvider {
        let box = ProviderBox()
        let router = Router()
        router.get(":tenant/.well-known/openid-configuration") { _, context -> Hummingbird.Response in
            let tenant = context.parameters.get("tenant") ?? ""
            let issuer = "http://127.0.0.1:\(box.provider.withLock { $0?.port ?? 0 })/\(tenant)"
            return json(#"{"issuer": "\#(issuer)", "jwks_uri": "\#(issuer)/jwks", "id_token_signing_alg_values_supported": ["RS256"]}"#)
        }
        router.get(":tenant/jwks") { _, _ -> Hummingbird.Response in
            guard let provider = box.provider.withLock({ $0 }) else { return Hummingbird.Response(status: .serviceUnavailable) }
            return json(try provider.keySetDocument(), maxAgeSeconds: provider.maxAgeSeconds)
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: Self.quietLogger)
        let serving = Task { try await application.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let provider = TestOpenIDProvider(serving: serving, port: port)
        box.provider.withLock { $0 = provider }
        try provider.publish(try Self.newKey(id: "key-1"))
        return provider
    }

    func stop() { serving.cancel() }

    /// Stopping by cancellation is how the tests end the server; its complaints about it are noise.
    private static let quietLogger: Logger = {
        var logger = Logger(label: "test-openid-provider")
        logger.logLevel = .critical
        return logger
    }()

    func issuer(_ tenant: String) -> String { "http://127.0.0.1:\(port)/\(tenant)" }

    /// How many times the JWKS was asked for.
    var keyRequests: Int { state.withLock { $0.keyRequests } }

    var currentKey: SigningKey { state.withLock { $0.published.last! } }

    /// The `Cache-Control: max-age` the JWKS is served with.
    var maxAgeSeconds: Int {
        get { state.withLock { $0.maxAgeSeconds } }
        set { state.withLock { $0.maxAgeSeconds = newValue } }
    }

    /// Publishes another key (a rotation); tokens are signed with the newest by default.
    func publish(_ key: SigningKey) throws {
        state.withLock { $0.published.append(key) }
    }

    /// A 2048-bit RSA key made by `openssl` (the test needs keys of its own, no fixtures).
    static func newKey(id: String) throws -> SigningKey {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pem = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return SigningKey(id: id, key: try Insecure.RSA.PrivateKey(pem: String(decoding: pem, as: UTF8.self)))
    }

    private func keySetDocument() throws -> String {
        let keys = state.withLock { state in
            state.keyRequests += 1
            return state.published
        }
        let entries = try keys.map { signing -> String in
            let primitives = try signing.key.publicKey.getKeyPrimitives()
            return #"{"kty": "RSA", "alg": "RS256", "use": "sig", "kid": "\#(signing.id)", "n": "\#(Base64URL.encode(primitives.modulus))", "e": "\#(Base64URL.encode(primitives.publicExponent))"}"#
        }
        return #"{"keys": [\#(entries.joined(separator: ", "))]}"#
    }

    /// An ID token; every claim can be changed to make a bad one.
    func token(
        tenant: String = "google", audience: String = ProviderSignIn.googleClientID, subject: String, email: String? = nil,
        emailVerified: Bool? = nil, nonce: String?, issuer: String? = nil, expiresIn: TimeInterval = 600, issuedAgo: TimeInterval = 5,
        signedWith: SigningKey? = nil, keyID: String? = nil
    ) async throws -> String {
        let signing = signedWith ?? currentKey
        let keys = JWTKeyCollection()
        let kid = JWKIdentifier(string: keyID ?? signing.id)
        await keys.add(rsa: signing.key, digestAlgorithm: .sha256, kid: kid)
        let now = Date().timeIntervalSince1970
        let claims = TestIDTokenClaims(
            iss: issuer ?? self.issuer(tenant), aud: audience, sub: subject, exp: Int(now + expiresIn), iat: Int(now - issuedAgo),
            nonce: nonce, email: email, email_verified: emailVerified)
        return try await keys.sign(claims, kid: kid)
    }
}

/// The provider, for the routes made before it.
private final class ProviderBox: Sendable {
    let provider = Mutex<TestOpenIDProvider?>(nil)
}

private func json(_ text: String, maxAgeSeconds: Int = 3600) -> Hummingbird.Response {
    Hummingbird.Response(
        status: .ok, headers: [.contentType: "application/json", .cacheControl: "public, max-age=\(maxAgeSeconds), must-revalidate"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
}

struct TestIDTokenClaims: JWTPayload {
    var iss: String
    var aud: String
    var sub: String
    var exp: Int
    var iat: Int
    var nonce: String?
    var email: String?
    var email_verified: Bool?

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// The API configured for both tenants of a test provider, with the steps of a sign-in.
struct ProviderSignIn: Sendable {
    static let googleClientID = "foodgraph-test.apps.googleusercontent.com"
    static let facebookClientID = "123456789012345"

    let api: TestAPI
    let provider: TestOpenIDProvider
    let settings: IdentityProviderSettings

    static func make(
        providers: [FoodGraph.IdentityProvider] = [.google, .facebook], minimumKeyRefreshInterval: Duration = .seconds(60),
        failuresPerAddress: Int = 20
    ) async throws -> ProviderSignIn {
        setenv("FOODGRAPH_SCRYPT_COST", "1024", 0)
        let provider = try await TestOpenIDProvider.start()
        var configurations: [FoodGraph.IdentityProvider: IdentityProviderConfiguration] = [:]
        if providers.contains(.google) {
            configurations[.google] = IdentityProviderConfiguration(clientID: googleClientID, issuer: provider.issuer("google"))
        }
        if providers.contains(.facebook) {
            configurations[.facebook] = IdentityProviderConfiguration(clientID: facebookClientID, issuer: provider.issuer("facebook"))
        }
        let settings = IdentityProviderSettings(configurations, minimumKeyRefreshInterval: minimumKeyRefreshInterval)
        let database = try await MigratedTemplate.database()
        let application = try FoodGraphApplication(
            pool: database.pool, policy: AccountPolicy(failuresPerAddress: failuresPerAddress, identityProviders: settings))
        return ProviderSignIn(api: TestAPI(database: database, application: application), provider: provider, settings: settings)
    }

    func close() async {
        provider.stop()
        await api.close()
    }

    func nonce() async throws -> String {
        let response = try await api.run("mutation { providerSignInNonce { nonce expiresAt } }")
        return try #require(response["data.providerSignInNonce.nonce"] as? String)
    }

    /// A Google token for a fresh nonce, with the nonce.
    func googleToken(subject: String, email: String?, verified: Bool = true) async throws -> (token: String, nonce: String) {
        let nonce = try await nonce()
        return (try await provider.token(subject: subject, email: email, emailVerified: verified, nonce: nonce), nonce)
    }

    func facebookToken(subject: String, email: String?) async throws -> (token: String, nonce: String) {
        let nonce = try await nonce()
        return (
            try await provider.token(tenant: "facebook", audience: Self.facebookClientID, subject: subject, email: email, nonce: nonce),
            nonce
        )
    }

    static func tokenVariables(_ provider: FoodGraph.IdentityProvider, token: String, nonce: String) -> GraphQLObject {
        let input = GraphQLObject([
            (name: "provider", value: GraphQLValue.string(provider.rawValue)), (name: "idToken", value: .string(token)),
            (name: "nonce", value: .string(nonce)),
        ])
        return GraphQLObject([(name: "input", value: .object(input))])
    }

    static let signInDocument = """
        mutation($input: SignInWithProviderInput!) {
          signInWithProvider(input: $input) {
            token user { id email emailConfirmed linkedProviders { provider email linkedAt } } userErrors { field code message }
          }
        }
        """

    func signIn(
        _ provider: FoodGraph.IdentityProvider, token: String, nonce: String, client: ClientInfo = ClientInfo(), expecting: Set<String> = [],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> Response {
        let variables = Self.tokenVariables(provider, token: token, nonce: nonce)
        if client.address == nil {
            return try await api.run(Self.signInDocument, variables: variables, expecting: expecting, sourceLocation: sourceLocation)
        }
        let context = try await api.application.makeContext(bearerToken: nil, client: client)
        let document = try parse(Self.signInDocument)
        let result = await execute(
            api.application.executable,
            ExecutionRequest(document: document, variables: variables, context: context, scheduler: context.scheduler))
        let json = try JSONSerialization.jsonObject(with: Data(result.jsonBytes())) as? [String: Any] ?? [:]
        return Response(json: json, statements: 0)
    }

    func link(
        _ provider: FoodGraph.IdentityProvider, token: String, nonce: String, session: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> Response {
        try await api.run(
            """
            mutation($input: SignInWithProviderInput!) {
              linkProvider(input: $input) { user { linkedProviders { provider } } userErrors { field code message } }
            }
            """, token: session,
            variables: Self.tokenVariables(provider, token: token, nonce: nonce),
            sourceLocation: sourceLocation)
    }

    func unlink(_ provider: FoodGraph.IdentityProvider, session: String) async throws -> Response {
        try await api.run(
            "mutation { unlinkProvider(input: {provider: \(provider.rawValue)}) { user { linkedProviders { provider } } userErrors { field code message } } }",
            token: session)
    }

    func count(_ sql: String) async throws -> Int {
        try await api.database.database.query(sql)[0].decode(Int.self, at: 0)
    }
}
