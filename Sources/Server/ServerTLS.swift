import NIOSSL

/// HTTPS for `foodgraph serve`: a PEM certificate chain and its private key, TLS 1.2 or newer.
public enum ServerTLS {
    public static func configuration(certificateFile: String, keyFile: String) throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
        guard !chain.isEmpty else { throw ServerTLSError("\(certificateFile) holds no PEM certificate.") }
        let key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }
}

public struct ServerTLSError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
