import Foundation
import Testing

@testable import FoodGraph

/// The pure parts of mail delivery: the RFC 5322 message, RFC 2047 headers, quoted-printable,
/// dot-stuffing, addresses, the SMTP URL and the retry schedule.
struct MailMessageTests {
    private func message(subject: String = "Confirm your FoodGraph email", body: String = "Code:\n\nabc\n") -> MailMessage {
        MailMessage(
            from: MailAddress(parsing: "FoodGraph <no-reply@foodgraph.test>")!, to: MailAddress(address: "ann@example.com")!,
            subject: subject, body: body, date: Date(timeIntervalSince1970: 1_795_536_000),  // 2026-11-24 16:00:00 UTC
            messageID: "foodgraph.7.123@foodgraph.test")
    }

    @Test func aMessageHasTheHeadersOfRFC5322AndMIME() throws {
        let rendered = message().rendered
        let (head, body) = try #require(rendered.split(separator: "\r\n\r\n", maxSplits: 1).map(String.init).splitPair())
        #expect(
            head.components(separatedBy: "\r\n") == [
                "Date: Tue, 24 Nov 2026 16:00:00 +0000",
                "From: FoodGraph <no-reply@foodgraph.test>",
                "To: ann@example.com",
                "Subject: Confirm your FoodGraph email",
                "Message-ID: <foodgraph.7.123@foodgraph.test>",
                "MIME-Version: 1.0",
                "Content-Type: text/plain; charset=utf-8",
                "Content-Transfer-Encoding: 7bit",
                "Auto-Submitted: auto-generated",
            ])
        #expect(body == "Code:\r\n\r\nabc\r\n")
        // Only CRLF line ends.
        #expect(!rendered.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func aSubjectThatIsNotASCIIIsEncodedWordsOfAtMost75Characters() throws {
        let subject = "Confirmez votre adresse e-mail — bienvenue chez FoodGraph, Zoë! 🍎🍐 Ünïcödé"
        let encoded = MailHeader.unstructured(subject)
        let words = encoded.components(separatedBy: "\r\n ")
        #expect(words.count > 1)
        for word in words {
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
            #expect(word.count <= 75)
            #expect(("Subject: " + word).count <= 76)
        }
        // Each word decodes on its own (no character is split between two words).
        let decoded = try words.map { word -> String in
            let payload = word.dropFirst("=?UTF-8?B?".count).dropLast(2)
            return try #require(Data(base64Encoded: String(payload)).flatMap { String(data: $0, encoding: .utf8) })
        }
        #expect(decoded.joined() == subject)
        #expect(MailHeader.unstructured("Plain subject") == "Plain subject")
        // A line break in a subject cannot start a new header.
        #expect(!MailHeader.unstructured("Hi\r\nBcc: x@example.com").contains("\r\nBcc"))
    }

    @Test func displayNamesAreAtomsQuotedOrEncoded() {
        #expect(MailAddress(parsing: "FoodGraph <a@b.c>")?.headerValue == "FoodGraph <a@b.c>")
        #expect(MailAddress(parsing: "\"Food, Graph\" <a@b.c>")?.headerValue == "\"Food, Graph\" <a@b.c>")
        #expect(MailAddress(parsing: "Zoë's Kitchen <a@b.c>")?.headerValue == "=?UTF-8?B?\(Data("Zoë's Kitchen".utf8).base64EncodedString())?= <a@b.c>")
        #expect(MailAddress(parsing: "no-reply@foodgraph.test")?.headerValue == "no-reply@foodgraph.test")
        #expect(MailAddress(parsing: "no-reply@foodgraph.test")?.displayName == nil)
    }

    @Test func onlyOneWellFormedAddressIsAccepted() {
        for bad in ["", "no-at-sign", "@example.com", "a@", "a b@example.com", "a@example.com, b@example.com", "a@example.com\r\nBcc: x@y.z", "<a@b.c", "a<b>@c.d"] {
            #expect(MailAddress(parsing: bad) == nil, "\(bad)")
        }
        #expect(MailAddress(address: "ann@example.com") != nil)
        #expect(MailAddress(address: "ann@example.com", displayName: "A\nB") == nil)
    }

    @Test func logsShowOnlyPartOfAnAddress() {
        #expect(MailAddress.redacted("mail.reader@example.com") == "ma***@example.com")
        #expect(MailAddress.redacted("ann@example.com") == "a***@example.com")
        #expect(MailAddress.redacted("al@example.com") == "***@example.com")
        #expect(MailAddress.redacted("nonsense") == "***")
    }

    @Test func aBodyThatIsNotASCIIIsQuotedPrintable() {
        let (encoding, text) = MailMessage.bodyText("Grüße — \(String(repeating: "x", count: 100)) = end \nnext line")
        #expect(encoding == "quoted-printable")
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 76 })
        #expect(lines.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } })
        #expect(text.hasPrefix("Gr=C3=BC=C3=9Fe =E2=80=94 x"))
        // A trailing space is encoded (RFC 2045 6.7 rule 3), "=" always.
        #expect(text.contains("=3D end=20\r\nnext line"))
        // Soft breaks decode back to the original.
        let decoded = text.replacingOccurrences(of: "=\r\n", with: "")
        #expect(decoded.hasSuffix("=3D end=20\r\nnext line"))
        #expect(MailMessage.bodyText("plain\nascii").encoding == "7bit")
        #expect(MailMessage.bodyText(String(repeating: "y", count: 999)).encoding == "quoted-printable")
    }

    @Test func linesStartingWithADotAreDotStuffed() {
        #expect(MailMessage.dotStuffed(".\r\nabc\r\n..x\r\n a.\r\n") == "..\r\nabc\r\n...x\r\n a.\r\n")
        // The message as sent can never contain the end-of-data line early.
        let rendered = message(body: "one\n.\ntwo").rendered
        #expect(!MailMessage.dotStuffed(rendered).contains("\r\n.\r\n"))
    }

    @Test func theSMTPURLSaysHostPortSecurityAndCredentials() throws {
        let starttls = try SMTPServer(url: "smtp://mailer:p%40ss%3Aword@mail.example.com:587")
        #expect(starttls == SMTPServer(host: "mail.example.com", port: 587, security: .startTLS, username: "mailer", password: "p@ss:word"))
        #expect(try SMTPServer(url: "smtp://mail.example.com").port == 587)
        let implicit = try SMTPServer(url: "smtps://u:p@mail.example.com")
        #expect(implicit.security == .implicitTLS && implicit.port == 465)
        #expect(try SMTPServer(url: "smtp://127.0.0.1:2525?tls=off").security == SMTPServer.Security.none)
        #expect(try SMTPServer(url: "smtp://u:p@localhost:2525?tls=off").password == "p")
        #expect(try SMTPServer(url: "smtp://[::1]:25?tls=off").host == "::1")
        // The description, which the server logs at start, never holds the password.
        #expect(starttls.description == "smtp://mailer@mail.example.com:587 (STARTTLS)")
        #expect(!starttls.description.contains("p@ss"))
    }

    @Test func aBadSMTPURLIsRefusedWithoutRepeatingIt() {
        let cases = [
            "http://mail.example.com", "smtp://", "smtp://u:secret-pw@mail.example.com?tls=off", "smtps://mail.example.com?tls=off",
            "smtp://mail.example.com?verify=no", "smtp://:secret-pw@mail.example.com", "mail.example.com:587",
        ]
        for url in cases {
            do {
                _ = try SMTPServer(url: url)
                Issue.record("accepted \(url)")
            } catch {
                #expect(!"\(error)".contains("secret-pw"), "\(error)")
            }
        }
    }

    @Test func retriesBackOffExponentiallyUpToACap() {
        let policy = MailRetryPolicy()
        #expect((1...9).map { policy.delay(afterAttempt: $0) } == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600].map { Duration.seconds($0) })
        #expect(policy.jitteredDelaySeconds(afterAttempt: 2, random: 0) == 60)
        #expect(policy.jitteredDelaySeconds(afterAttempt: 2, random: 0.999) < 72.01)
        #expect(MailRetryPolicy(initialDelay: .milliseconds(500)).delay(afterAttempt: 3) == .seconds(2))
        #expect(policy.delay(afterAttempt: 500) == .seconds(3600))
    }
}

extension Array where Element == String {
    fileprivate func splitPair() -> (String, String)? { count == 2 ? (self[0], self[1]) : nil }
}
