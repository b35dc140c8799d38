import Foundation

/// A configuration value that cannot be used; the message says which and why (never a password).
public struct MailConfigurationError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Where and how to hand mail over: `FOODGRAPH_SMTP_URL`.
///
/// - `smtp://user:pass@host:587`: STARTTLS is required before anything else is sent (default port 587).
/// - `smtps://user:pass@host:465`: TLS from the first byte (default port 465).
/// - `smtp://host:25?tls=off`: no TLS, for a relay on this machine or a test server; a password is
///   then refused unless the host is a loopback address.
///
/// The user and password are percent-decoded (`%40` for `@`). Certificates are checked against
/// the system's roots and the host name, or against the PEM file `trustedCertificatesFile`.
public struct SMTPServer: Sendable, Equatable, CustomStringConvertible {
    public enum Security: String, Sendable {
        case startTLS = "STARTTLS"
        case implicitTLS = "TLS"
        case none = "no TLS"
    }

    public var host: String
    public var port: Int
    public var security: Security
    public var username: String?
    /// Never logged: `description` leaves it out.
    public var password: String?
    public var trustedCertificatesFile: String?

    public init(
        host: String, port: Int, security: Security, username: String? = nil, password: String? = nil,
        trustedCertificatesFile: String? = nil
    ) {
        self.host = host
        self.port = port
        self.security = security
        self.username = username
        self.password = password
        self.trustedCertificatesFile = trustedCertificatesFile
    }

    public init(url text: String, trustedCertificatesFile: String? = nil) throws {
        // The message never repeats the URL: it may hold a password.
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw MailConfigurationError("FOODGRAPH_SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465.")
        }
        guard scheme == "smtp" || scheme == "smtps" else {
            throw MailConfigurationError("FOODGRAPH_SMTP_URL must start with smtp:// (STARTTLS) or smtps:// (TLS), not \(scheme)://.")
        }
        guard var host = components.host, !host.isEmpty else {
            throw MailConfigurationError("FOODGRAPH_SMTP_URL has no host.")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        var security: Security = scheme == "smtps" ? .implicitTLS : .startTLS
        for item in components.queryItems ?? [] {
            switch (item.name.lowercased(), item.value?.lowercased()) {
            case ("tls", "off") where scheme == "smtp": security = .none
            case ("tls", "starttls") where scheme == "smtp": security = .startTLS
            default:
                throw MailConfigurationError(
                    "FOODGRAPH_SMTP_URL: unknown setting \(item.name)=\(item.value ?? ""); the only one is tls=off (smtp:// only).")
            }
        }
        let port = components.port ?? (security == .implicitTLS ? 465 : 587)
        guard (1...65535).contains(port) else { throw MailConfigurationError("FOODGRAPH_SMTP_URL: the port must be 1–65535.") }
        let username = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
        let password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        if password != nil, username == nil {
            throw MailConfigurationError("FOODGRAPH_SMTP_URL has a password but no user name.")
        }
        if security == .none, password != nil, !Self.isLoopback(host) {
            throw MailConfigurationError(
                "FOODGRAPH_SMTP_URL: tls=off with a password would send it in clear to \(host); use STARTTLS (smtp://) or smtps://.")
        }
        self.init(
            host: host, port: port, security: security, username: username, password: password,
            trustedCertificatesFile: trustedCertificatesFile)
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// `smtp://user@host:587 (STARTTLS)`: the password is left out.
    public var description: String {
        let scheme = security == .implicitTLS ? "smtps" : "smtp"
        let user = username.map { "\($0)@" } ?? ""
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(user)\(shownHost):\(port) (\(security.rawValue))"
    }
}

/// How often to try an email, and how long to wait between tries.
public struct MailRetryPolicy: Sendable, Equatable {
    /// After this many attempts without success the email is kept as failed.
    public var maxAttempts: Int
    /// The wait after the first failed attempt; each further failure doubles it, up to `maximumDelay`.
    public var initialDelay: Duration
    public var maximumDelay: Duration

    /// 12 attempts over about five hours: 30 s, 1, 2, 4, 8, 16, 32 min, then hourly.
    public init(maxAttempts: Int = 12, initialDelay: Duration = .seconds(30), maximumDelay: Duration = .seconds(3600)) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// The wait after failed attempt number `attempt` (1 for the first), before jitter.
    public func delay(afterAttempt attempt: Int) -> Duration {
        let doublings = min(max(attempt - 1, 0), 40)
        let initial = Double(initialDelay.components.seconds) + Double(initialDelay.components.attoseconds) / 1e18
        let maximum = Double(maximumDelay.components.seconds) + Double(maximumDelay.components.attoseconds) / 1e18
        return .milliseconds(Int64(min(initial * pow(2, Double(doublings)), maximum) * 1000))
    }

    /// The delay stretched by up to a fifth at random, so that emails failed together (a server
    /// down) are not all tried again in the same second.
    func jitteredDelaySeconds(afterAttempt attempt: Int, random: Double = Double.random(in: 0..<1)) -> Double {
        let delay = delay(afterAttempt: attempt)
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        return seconds * (1 + 0.2 * random)
    }
}
