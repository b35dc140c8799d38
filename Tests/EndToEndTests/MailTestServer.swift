import Foundation
import Testing

/// A real SMTP server for the mail tests: Python's aiosmtpd (installed by tools/setup into
/// .foodgraph/python), on a free loopback port, optionally with STARTTLS or TLS from the start (a
/// throwaway self-signed certificate for `localhost` and 127.0.0.1 made with openssl) and AUTH.
/// It keeps each message it accepts as a JSON file (envelope, headers decoded by Python's email
/// package, body, the defects that package found), and answers RCPT TO with a configured refusal
/// while one is set (`refuseRecipients`). It stops when the test calls `stop()` or its stdin closes.
final class MailTestServer: @unchecked Sendable {
    // @unchecked: the process and paths are set at start and only read afterwards.
    enum Security { case none, startTLS, implicitTLS }

    struct Received: Decodable {
        let mailFrom: String
        let rcptTos: [String]
        let tls: Bool
        let authMechanism: String?
        let authLogin: String?
        let headers: [String: String]
        let body: String
        let defects: [String]
        let raw: String

        enum CodingKeys: String, CodingKey {
            case mailFrom = "mail_from", rcptTos = "rcpt_tos", tls, authMechanism = "auth_mechanism", authLogin = "auth_login"
            case headers, body, defects, raw
        }
    }

    let port: Int
    let folder: URL
    /// The server's certificate (PEM), to trust in the client; nil without TLS.
    let certificateFile: String?
    private let process: Process
    private let input: Pipe

    private var receivedFolder: URL { folder.appendingPathComponent("received") }
    private var replyFile: URL { folder.appendingPathComponent("rcpt-replies.json") }

    static func start(
        security: Security = .none, credentials: (user: String, password: String)? = nil, mechanisms: [String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> MailTestServer {
        let root = ProcessInfo.processInfo.environment["FOODGRAPH_REPO_ROOT"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let packages = URL(fileURLWithPath: root).appendingPathComponent(".foodgraph/python")
        guard let python = try? String(contentsOf: packages.appendingPathComponent(".python"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines), FileManager.default.isExecutableFile(atPath: python)
        else {
            Issue.record("aiosmtpd is not installed in \(packages.path): run tools/setup (tools/test does).", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foodgraph-smtp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("received"), withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("server.py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)

        var arguments = [script.path, "--out", folder.appendingPathComponent("received").path, "--replies", folder.appendingPathComponent("rcpt-replies.json").path]
        var certificateFile: String?
        if security != .none {
            let certificate = folder.appendingPathComponent("cert.pem").path
            let key = folder.appendingPathComponent("key.pem").path
            try Self.makeCertificate(certificate: certificate, key: key)
            certificateFile = certificate
            arguments += ["--cert", certificate, "--key", key]
            if security == .implicitTLS { arguments.append("--implicit-tls") }
        }
        if let credentials { arguments += ["--auth", "\(credentials.user):\(credentials.password)"] }
        if let mechanisms { arguments += ["--mechanisms", mechanisms.joined(separator: ",")] }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-u"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = packages.path
        process.environment = environment
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("server.log").path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("server.log"))
        try process.run()
        // The first line the script prints is its port.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            let log = (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
            Issue.record("the SMTP test server did not start: \(log)", sourceLocation: sourceLocation)
            process.terminate()
            throw CancellationError()
        }
        return MailTestServer(port: port, folder: folder, certificateFile: certificateFile, process: process, input: input)
    }

    private init(port: Int, folder: URL, certificateFile: String?, process: Process, input: Pipe) {
        self.port = port
        self.folder = folder
        self.certificateFile = certificateFile
        self.process = process
        self.input = input
    }

    /// Answers RCPT TO for `address` (or every address, `*`) with `reply` (e.g. "451 4.3.0 Busy")
    /// from now on; nil accepts again.
    func refuseRecipients(_ address: String = "*", with reply: String?) throws {
        var replies = (try? JSONSerialization.jsonObject(with: Data(contentsOf: replyFile))) as? [String: String] ?? [:]
        replies[address] = reply
        try JSONSerialization.data(withJSONObject: replies).write(to: replyFile, options: .atomic)
    }

    /// The messages accepted so far, in order.
    func received() throws -> [Received] {
        let files = try FileManager.default.contentsOfDirectory(atPath: receivedFolder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { try JSONDecoder().decode(Received.self, from: Data(contentsOf: receivedFolder.appendingPathComponent($0))) }
    }

    /// What the server logged (aiosmtpd's conversation log).
    var log: String { (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? "" }

    func stop() {
        // The script exits when its stdin closes; SIGKILL in any case, since a child of the test
        // process may start with SIGTERM blocked.
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private static func makeCertificate(certificate: String, key: String) throws {
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw MailTestServerError("openssl could not make a certificate (tools/setup installs openssl)") }
    }

    static let script = #"""
        import argparse, asyncio, email, email.policy, json, os, ssl, sys, threading
        from aiosmtpd.smtp import SMTP, AuthResult

        parser = argparse.ArgumentParser()
        parser.add_argument("--out", required=True)
        parser.add_argument("--replies", required=True)
        parser.add_argument("--cert")
        parser.add_argument("--key")
        parser.add_argument("--implicit-tls", action="store_true")
        parser.add_argument("--auth")
        parser.add_argument("--mechanisms")
        args = parser.parse_args()

        class Handler:
            count = 0

            async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
                try:
                    with open(args.replies) as f:
                        replies = json.load(f)
                except (OSError, ValueError):
                    replies = {}
                reply = replies.get(address) or replies.get("*")
                if reply:
                    return reply
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, server, session, envelope):
                raw = envelope.content
                message = email.message_from_bytes(raw, policy=email.policy.default)
                defects = [repr(d) for d in message.defects]
                headers = {}
                for name, value in message.items():
                    defects += [repr(d) for d in getattr(value, "defects", ())]
                    headers[name] = str(value)
                Handler.count += 1
                record = {
                    "mail_from": envelope.mail_from,
                    "rcpt_tos": envelope.rcpt_tos,
                    "tls": server.transport.get_extra_info("ssl_object") is not None,
                    "auth_mechanism": getattr(session, "foodgraph_mechanism", None),
                    "auth_login": session.auth_data.login.decode() if session.authenticated and session.auth_data else None,
                    "headers": headers,
                    "body": message.get_content(),
                    "defects": defects,
                    "raw": raw.decode("utf-8", "replace"),
                }
                path = os.path.join(args.out, "%04d.json" % Handler.count)
                with open(path + ".tmp", "w") as f:
                    json.dump(record, f)
                os.rename(path + ".tmp", path)
                return "250 2.0.0 OK queued"

        def authenticator(server, session, envelope, mechanism, auth_data):
            user, password = args.auth.split(":", 1)
            session.foodgraph_mechanism = mechanism
            ok = auth_data.login == user.encode() and auth_data.password == password.encode()
            return AuthResult(success=ok, handled=False, auth_data=auth_data)

        async def main():
            tls = None
            if args.cert:
                tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
                tls.load_cert_chain(args.cert, args.key)
            handler = Handler()

            def factory():
                options = dict(hostname="mail.test", decode_data=False, enable_SMTPUTF8=True)
                if tls and not args.implicit_tls:
                    options.update(tls_context=tls, require_starttls=True)
                if args.auth:
                    options.update(authenticator=authenticator, auth_required=True,
                                   auth_require_tls=bool(tls) and not args.implicit_tls)
                    if args.mechanisms:
                        wanted = set(args.mechanisms.split(","))
                        options.update(auth_exclude_mechanism=[m for m in ("PLAIN", "LOGIN") if m not in wanted])
                return SMTP(handler, **options)

            loop = asyncio.get_running_loop()
            server = await loop.create_server(factory, host="127.0.0.1", port=0, ssl=tls if args.implicit_tls else None)
            print(server.sockets[0].getsockname()[1], flush=True)
            # Ends when the test's end of stdin closes (the test process ended).
            threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
            await server.serve_forever()

        asyncio.run(main())
        """#
}

struct MailTestServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
