import Foundation
import Hummingbird
import Logging
import Server
import Testing

/// `foodgraph serve --tls-certificate --tls-key`: HTTPS in the server itself, checked with curl
/// against a certificate made for the test (issue #23, "Encryption").
struct HTTPSTests {
    /// A self-signed certificate for localhost and its key, made by the openssl command.
    static func certificate(in folder: URL) throws -> (certificate: String, key: String) {
        let certificate = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let openssl = try run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", certificate,
            ])
        try #require(openssl.status == 0, "\(openssl.output)")
        return (certificate, key)
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func theServerAnswersOverHTTPSWithItsCertificateAndNotInClear() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fg-tls-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.certificate(in: folder)
        var configuration = ServerConfiguration(port: 0)
        configuration.tls = try ServerTLS.configuration(certificateFile: files.certificate, keyFile: files.key)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let server = FoodGraphServer(application: try TestApplication(), configuration: configuration, logger: logger)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = try server.makeApplication { port in continuation.yield(port) }
        let serving = Task { try await application.runService(gracefulShutdownSignals: []) }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())

        let https = try Self.run(
            "/usr/bin/curl",
            ["-sS", "--max-time", "10", "--cacert", files.certificate, "https://localhost:\(port)/graphql?query=%7Bhello%7D"])
        #expect(https.status == 0, "\(https.output)")
        #expect(https.output.contains(#""hello":"Hello, world!""#), "\(https.output)")
        // Only clients that trust the certificate: without it, curl refuses the server.
        let untrusted = try Self.run("/usr/bin/curl", ["-sS", "--max-time", "10", "https://localhost:\(port)/graphql?query=%7Bhello%7D"])
        #expect(untrusted.status != 0)
        // Nothing is answered in clear on the HTTPS port.
        let clear = try Self.run("/usr/bin/curl", ["-sS", "--max-time", "10", "http://localhost:\(port)/graphql?query=%7Bhello%7D"])
        #expect(!clear.output.contains("Hello"), "\(clear.output)")
    }

    @Test func aMissingOrUnreadableKeyIsRefusedAtStart() throws {
        #expect(throws: (any Error).self) { try ServerTLS.configuration(certificateFile: "/nonexistent/cert.pem", keyFile: "/nonexistent/key.pem") }
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fg-tls-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.certificate(in: folder)
        // The certificate given as the key.
        #expect(throws: (any Error).self) { try ServerTLS.configuration(certificateFile: files.certificate, keyFile: files.certificate) }
    }
}
