import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// An SMTP reply: a three-digit code and its text, one element per line.
struct SMTPReply: Sendable {
    var code: Int
    var lines: [String]

    /// `550 5.1.1 No such user`, at most 500 characters (a reply is kept as an email's last error).
    var summary: String {
        let text = "\(code) \(lines.joined(separator: " "))"
        return text.count > 500 ? String(text.prefix(500)) + "…" : text
    }
}

/// Why SMTP did not take a message. `permanent` is a 5xx refusal of the message (its sender, its
/// recipient or its content): trying again would not help. Everything else (4xx, the network, a
/// timeout, TLS, a refused sign-in) is `transient`: the email is tried again later.
struct SMTPError: Error, CustomStringConvertible {
    enum Kind: Sendable { case transient, permanent }
    var kind: Kind
    var description: String
    /// The server's reply, when the error is one.
    var reply: SMTPReply?
    /// Whether the connection is unusable afterwards: a network error, a timeout, the server
    /// closing (421) or failing to reset. Otherwise the next message can follow on it.
    var endsSession: Bool

    init(_ kind: Kind, _ description: String, reply: SMTPReply? = nil, endsSession: Bool = true) {
        self.kind = kind
        self.description = description
        self.reply = reply
        self.endsSession = endsSession
    }

    /// A refusal of `step`: permanent for 5xx, transient otherwise.
    static func refused(_ step: String, _ reply: SMTPReply) -> SMTPError {
        SMTPError(
            (500...599).contains(reply.code) ? .permanent : .transient, "\(step): \(reply.summary)", reply: reply,
            endsSession: reply.code == 421)
    }
}

/// A minimal RFC 5321 client over SwiftNIO: EHLO, STARTTLS (RFC 3207) or TLS from the start
/// (RFC 8314), AUTH PLAIN or LOGIN (RFC 4954), then MAIL FROM, RCPT TO and DATA for each message of
/// a batch on one connection, RSET after a refused message, and QUIT. Replies are read with a
/// timeout; certificates are verified (the system's roots, or the configured PEM file) together
/// with the host name.
struct SMTPClient: Sendable {
    var server: SMTPServer
    /// How long to wait for any reply (RFC 5321 4.5.3.2 allows servers minutes; 2 minutes here).
    var replyTimeout: TimeAmount = .seconds(120)
    var connectTimeout: TimeAmount = .seconds(15)

    init(server: SMTPServer) { self.server = server }

    /// Connects, greets, secures and signs in, then runs `body` with the session and says QUIT.
    /// Errors before `body` runs are `SMTPError`s of kind transient: they concern the server, not a
    /// message.
    func withSession(_ body: (SMTPSession) async throws -> Void) async throws {
        let tlsContext = try server.security == .none ? nil : makeTLSContext()
        let serverName = Self.isIPAddress(server.host) ? nil : server.host
        let implicitTLS = server.security == .implicitTLS
        let replyTimeout = self.replyTimeout
        let channel: NIOAsyncChannel<String, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(connectTimeout)
                .connect(host: server.host, port: server.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if implicitTLS, let tlsContext {
                            try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tlsContext, serverHostname: serverName))
                        }
                        try channel.pipeline.syncOperations.addHandlers(
                            IdleStateHandler(readTimeout: replyTimeout), SMTPTimeoutHandler(), SMTPLineHandler())
                        return try NIOAsyncChannel<String, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw SMTPError(.transient, "cannot connect to \(server.host):\(server.port): \(Self.describe(error))")
        }
        try await channel.executeThenClose { inbound, outbound in
            let session = SMTPSession(channel: channel.channel, inbound: inbound.makeAsyncIterator(), outbound: outbound)
            do {
                try await open(session, tlsContext: tlsContext, serverName: serverName)
            } catch let error as SMTPError {
                throw SMTPError(.transient, error.description)
            } catch {
                throw SMTPError(.transient, "\(server.host):\(server.port): \(Self.describe(error))")
            }
            try await body(session)
            // The messages are the server's now; a failed goodbye changes nothing.
            _ = try? await session.command("QUIT", expecting: [221])
        }
    }

    private func open(_ session: SMTPSession, tlsContext: NIOSSLContext?, serverName: String?) async throws {
        let greeting = try await session.readReply()
        guard greeting.code == 220 else { throw SMTPError.refused("greeting", greeting) }
        try await session.hello()
        if server.security == .startTLS {
            guard session.extensions["STARTTLS"] != nil else {
                throw SMTPError(.transient, "\(server.host) does not offer STARTTLS; use smtps:// or, for a local relay, tls=off")
            }
            _ = try await session.command("STARTTLS", expecting: [220])
            guard let tlsContext else { throw SMTPError(.transient, "no TLS context") }
            try await session.startTLS(context: tlsContext, serverName: serverName)
            try await session.hello()
        }
        if let username = server.username {
            try await session.authenticate(username: username, password: server.password ?? "")
        }
    }

    private func makeTLSContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        if let file = server.trustedCertificatesFile { configuration.trustRoots = .file(file) }
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw SMTPError(.transient, "TLS set-up failed (trusted certificates \(server.trustedCertificatesFile ?? "of the system")): \(error)")
        }
    }

    static func isIPAddress(_ host: String) -> Bool { (try? SocketAddress(ipAddress: host, port: 0)) != nil }

    /// A network error in one line: NIO's connection errors list every address tried.
    static func describe(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            let failures = error.connectionErrors.map { "\($0.target): \($0.error)" }
            if !failures.isEmpty { return failures.joined(separator: "; ") }
            if let dns = error.dnsAError ?? error.dnsAAAAError { return "the name does not resolve (\(dns))" }
        }
        if let error = error as? ChannelError, case .connectTimeout = error { return "no answer within the connect timeout" }
        return "\(error)"
    }
}

/// One SMTP connection, used by one task at a time.
final class SMTPSession {
    private let channel: any Channel
    private var inbound: NIOAsyncChannelInboundStream<String>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    /// The EHLO keywords (upper case) and their parameters: `AUTH` → `PLAIN LOGIN`.
    private(set) var extensions: [String: String] = [:]

    init(channel: any Channel, inbound: NIOAsyncChannelInboundStream<String>.AsyncIterator, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.channel = channel
        self.inbound = inbound
        self.outbound = outbound
    }

    /// Reads one reply, all of its lines (`250-…` continues, `250 …` ends).
    func readReply() async throws -> SMTPReply {
        var lines: [String] = []
        var code: Int?
        while true {
            guard let line = try await inbound.next() else { throw SMTPError(.transient, "the server closed the connection") }
            let bytes = Array(line.utf8)
            guard bytes.count >= 3, bytes[0..<3].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let lineCode = Int(String(decoding: bytes[0..<3], as: UTF8.self)),
                bytes.count == 3 || bytes[3] == UInt8(ascii: " ") || bytes[3] == UInt8(ascii: "-"),
                code == nil || code == lineCode
            else {
                throw SMTPError(.transient, "the server's reply is not SMTP: \(line.prefix(100))")
            }
            code = lineCode
            lines.append(bytes.count > 4 ? String(decoding: bytes[4...], as: UTF8.self) : "")
            if bytes.count == 3 || bytes[3] == UInt8(ascii: " ") { return SMTPReply(code: lineCode, lines: lines) }
            if lines.count > 100 { throw SMTPError(.transient, "the server's reply has more than 100 lines") }
        }
    }

    /// Sends one command line (CRLF added).
    func send(_ line: String) async throws {
        do {
            try await outbound.write(ByteBuffer(string: line + "\r\n"))
        } catch ChannelError.ioOnClosedChannel {
            // A closed channel hides why it closed; the inbound stream holds the cause, such as a
            // certificate the TLS handshake refused.
            while try await inbound.next() != nil {}
            throw SMTPError(.transient, "the server closed the connection")
        }
    }

    /// Sends `line` and reads the reply; a code outside `expecting` is an `SMTPError` naming `step`
    /// (by default the command's first word: never an argument, which may be a credential).
    @discardableResult
    func command(_ line: String, step: String? = nil, expecting codes: Set<Int>) async throws -> SMTPReply {
        try await send(line)
        let reply = try await readReply()
        guard codes.contains(reply.code) else {
            throw SMTPError.refused(step ?? String(line.prefix { $0 != " " && $0 != ":" }), reply)
        }
        return reply
    }

    /// EHLO with this end's address as an address literal (RFC 5321 4.1.4), and the server's
    /// extensions read from the reply.
    func hello() async throws {
        let reply = try await command("EHLO \(Self.addressLiteral(channel.localAddress))", expecting: [250])
        extensions = [:]
        for line in reply.lines.dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard let keyword = parts.first else { continue }
            extensions[keyword.uppercased()] = parts.count > 1 ? String(parts[1]) : ""
        }
    }

    static func addressLiteral(_ address: SocketAddress?) -> String {
        switch address {
        case .v4?: return "[\(address?.ipAddress ?? "127.0.0.1")]"
        case .v6?: return "[IPv6:\(address?.ipAddress ?? "::1")]"
        default: return "[127.0.0.1]"
        }
    }

    /// Puts TLS under the connection after the server's 220 to STARTTLS. Anything the server sent
    /// after that reply in clear is refused (it would be read as if it came over TLS).
    func startTLS(context: NIOSSLContext, serverName: String?) async throws {
        let channel = self.channel
        try await channel.eventLoop.submit {
            let lines = try channel.pipeline.syncOperations.handler(type: SMTPLineHandler.self)
            guard !lines.hasBufferedBytes else { throw SMTPError(.transient, "the server sent data in clear after STARTTLS") }
            try channel.pipeline.syncOperations.addHandler(
                NIOSSLClientHandler(context: context, serverHostname: serverName), position: .first)
        }.get()
    }

    /// AUTH PLAIN when offered, else AUTH LOGIN. The credentials are sent only, never shown in an
    /// error (the step names the mechanism).
    func authenticate(username: String, password: String) async throws {
        let mechanisms = Set((extensions["AUTH"] ?? "").uppercased().split(separator: " ").map(String.init))
        if mechanisms.contains("PLAIN") {
            let credentials = Data([0] + Array(username.utf8) + [0] + Array(password.utf8)).base64EncodedString()
            let reply = try await command("AUTH PLAIN \(credentials)", step: "AUTH PLAIN", expecting: [235, 334])
            if reply.code == 334 { try await command(credentials, step: "AUTH PLAIN", expecting: [235]) }
        } else if mechanisms.contains("LOGIN") {
            try await command("AUTH LOGIN", step: "AUTH LOGIN", expecting: [334])
            try await command(Data(username.utf8).base64EncodedString(), step: "AUTH LOGIN (user name)", expecting: [334])
            try await command(Data(password.utf8).base64EncodedString(), step: "AUTH LOGIN (password)", expecting: [235])
        } else {
            throw SMTPError(
                .transient,
                mechanisms.isEmpty
                    ? "a user name is configured but the server offers no AUTH"
                    : "the server offers AUTH \(mechanisms.sorted().joined(separator: " ")), not PLAIN or LOGIN")
        }
    }

    /// One message: MAIL FROM, RCPT TO, DATA. A refusal throws an `SMTPError` with the reply, after
    /// which the session has been reset (RSET) for the next message.
    func deliver(_ message: MailMessage) async throws {
        var mailParameters = ""
        if !message.from.isASCII || !message.to.isASCII {
            guard extensions["SMTPUTF8"] != nil else {
                throw SMTPError(.permanent, "the address is not ASCII and the server does not offer SMTPUTF8", endsSession: false)
            }
            mailParameters = " SMTPUTF8"
        }
        do {
            try await command("MAIL FROM:<\(message.from.address)>\(mailParameters)", step: "MAIL FROM", expecting: [250])
            try await command("RCPT TO:<\(message.to.address)>", step: "RCPT TO", expecting: [250, 251])
            try await command("DATA", expecting: [354])
            try await outbound.write(ByteBuffer(string: MailMessage.dotStuffed(message.rendered) + ".\r\n"))
            let reply = try await readReply()
            guard reply.code == 250 else { throw SMTPError.refused("DATA (end of message)", reply) }
        } catch let refusal as SMTPError where !refusal.endsSession {
            var failure = refusal
            do {
                try await command("RSET", expecting: [250])
            } catch {
                failure.endsSession = true
            }
            throw failure
        }
    }
}

/// Turns IdleStateHandler's read timeout into an error that ends the waiting read.
private final class SMTPTimeoutHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? IdleStateHandler.IdleStateEvent, event == .read {
            context.fireErrorCaught(SMTPError(.transient, "the server did not answer in time"))
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}

/// Splits the byte stream into lines (CRLF or LF ends one), at most 4096 bytes each.
final class SMTPLineHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = String

    private var buffer = ByteBuffer()
    var hasBufferedBytes: Bool { buffer.readableBytes > 0 }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        buffer.writeBuffer(&incoming)
        while let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - buffer.readableBytesView.startIndex
            var line = buffer.readString(length: length) ?? ""
            buffer.moveReaderIndex(forwardBy: 1)
            if line.hasSuffix("\r") { line.removeLast() }
            context.fireChannelRead(wrapInboundOut(line))
        }
        if buffer.readableBytes > 4096 {
            context.fireErrorCaught(SMTPError(.transient, "the server sent a line longer than 4096 bytes"))
            context.close(promise: nil)
            return
        }
        buffer.discardReadBytes()
    }
}
