import Foundation
import Postgres

#if canImport(Glibc)
    import Glibc
#endif

/// What a food or meal photo may show: candidates with a confidence and a portion, which the user
/// confirms or edits (`confirmFoodScan`) before anything reaches the diary.
protocol FoodRecogniser: Sendable {
    /// Stored with the scan (`Scan.recogniser`), so the client can say how it was recognised.
    var name: String { get }
    func recognise(_ image: ScanImage, userID: Int64, in database: PostgresDatabase) async throws -> [FoodCandidate]
}

enum FoodRecognisers {
    /// The configured recogniser: `FOODGRAPH_FOOD_RECOGNISER_URL` names an external one (see
    /// docs/scans.md for its JSON contract); without it, the offline one.
    static func configured(environment: [String: String] = ProcessInfo.processInfo.environment) -> any FoodRecogniser {
        if let text = environment["FOODGRAPH_FOOD_RECOGNISER_URL"], !text.isEmpty, let url = URL(string: text) {
            return ExternalFoodRecogniser(url: url)
        }
        return OfflineFoodRecogniser()
    }

    /// Names the candidates' products by matching their labels to the catalog (one search each, at
    /// most 8 labels).
    static func matchLabels(_ candidates: [FoodCandidate], in database: some PostgresQuerying) async throws -> [FoodCandidate] {
        var matched = candidates
        for index in matched.indices.prefix(8) where matched[index].productID == nil {
            if let match = try await ProductMatcher.match(matched[index].label, in: database) {
                matched[index].productID = match.product.id
                if matched[index].portionGrams == nil { matched[index].portionGrams = match.product.servingGrams }
            }
        }
        return matched
    }
}

/// Offline recognition from what can be computed here, and it says so (`Scan.recogniser` is
/// `offline`): barcodes in the photo (zbar) found in the catalog; the packaging's printed text
/// (Tesseract, sparse text) matched to catalog products; and the user's recent foods from the diary
/// (a meal photo is often what they eat every day), with low confidence. It does not know what a
/// plate of food is; an external recogniser does.
struct OfflineFoodRecogniser: FoodRecogniser {
    var name: String { "offline" }

    func recognise(_ image: ScanImage, userID: Int64, in database: PostgresDatabase) async throws -> [FoodCandidate] {
        let grey = image.grey
        let (symbols, text) = await ScanWorkers.background.run { worker in
            (BarcodeReader.read(grey), worker.textReader?.read(grey, layout: .sparse) ?? "")
        }
        var candidates: [FoodCandidate] = []
        var seen = Set<Int64>()
        for symbol in symbols {
            guard let code = Barcode.normalized(symbol.data), let product = try await ProductStore.active(barcode: code, in: database),
                seen.insert(product.id).inserted
            else { continue }
            candidates.append(
                FoodCandidate(label: product.name, confidence: 0.95, portionGrams: product.servingGrams, productID: product.id, source: .barcode))
        }
        let phrases = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.filter(\.isLetter).count >= 4 }.prefix(6)
        for phrase in phrases {
            guard let match = try await ProductMatcher.match(String(phrase.prefix(100)), in: database), seen.insert(match.product.id).inserted
            else { continue }
            candidates.append(
                FoodCandidate(
                    label: match.product.name, confidence: (match.confidence * 0.7 * 100).rounded() / 100,
                    portionGrams: match.product.servingGrams, productID: match.product.id, source: .packagingText))
        }
        let today = LocalDate.utcToday
        let page = try Page(PageArguments(first: 30, after: nil, last: nil, before: nil))
        let recent = try await DiaryEntryStore.page(page, userIDs: [userID], from: today.adding(days: -14), to: today.adding(days: 1), in: database)
        for entry in recent[userID]?.edges.map(\.node) ?? [] {
            guard let productID = entry.productID, seen.insert(productID).inserted else { continue }
            candidates.append(FoodCandidate(label: entry.foodName, confidence: 0.2, portionGrams: entry.grams, productID: productID, source: .recentFood))
            if candidates.count >= 10 { break }
        }
        return Array(candidates.prefix(10))
    }
}

/// A recogniser behind an HTTP endpoint. The server POSTs JSON
/// `{"image": "<standard base64>", "contentType": "image/jpeg", "width": 4032, "height": 3024}` and
/// expects `200` with `{"candidates": [{"label": "banana", "confidence": 0.91, "portionGrams": 118}]}`
/// (confidence 0–1; portionGrams optional; at most 10 candidates are kept). Labels are matched to
/// catalog products. Any other answer, or none within 20 s, fails the scan with the reason.
struct ExternalFoodRecogniser: FoodRecogniser {
    var url: URL
    var timeout: TimeInterval = 20
    var name: String { "external" }

    private struct Request: Encodable {
        var image: String
        var contentType: String
        var width: Int
        var height: Int
    }

    private struct Response: Decodable {
        struct Candidate: Decodable {
            var label: String
            var confidence: Double
            var portionGrams: Double?
        }
        var candidates: [Candidate]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func recognise(_ image: ScanImage, userID: Int64, in database: PostgresDatabase) async throws -> [FoodCandidate] {
        let body = try JSONEncoder().encode(
            Request(
                image: Base64.encode(image.stored.bytes), contentType: image.stored.format.rawValue, width: image.stored.width,
                height: image.stored.height))
        let (url, timeout) = (url, timeout)
        // A blocking HTTP/1.1 exchange on a scan worker (FoundationNetworking's URLSession crashed
        // the test process under load, so it is not used).
        let outcome = await ScanWorkers.background.run { _ in Result { try PlainHTTP.post(url, json: [UInt8](body), timeout: timeout) } }
        let (status, data) = try outcome.get()
        guard status == 200 else { throw Failure(description: "The food recogniser answered HTTP \(status).") }
        guard let decoded = try? JSONDecoder().decode(Response.self, from: data) else {
            throw Failure(description: "The food recogniser's answer is not the documented JSON.")
        }
        let candidates = decoded.candidates.prefix(10).compactMap { candidate -> FoodCandidate? in
            let label = candidate.label.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !label.isEmpty, candidate.confidence.isFinite else { return nil }
            return FoodCandidate(
                label: String(label.prefix(200)), confidence: min(1, max(0, candidate.confidence)),
                portionGrams: candidate.portionGrams.flatMap { $0.isFinite && $0 > 0 && $0 <= 5000 ? $0 : nil }, productID: nil,
                source: .external)
        }
        return try await FoodRecognisers.matchLabels(candidates, in: database)
    }
}

/// A minimal HTTP/1.1 client for the external recogniser: one POST over a blocking socket with
/// send and receive timeouts, `Connection: close`, a `Content-Length` or chunked answer. Plain
/// `http://` only (put a TLS proxy in front of a remote recogniser).
enum PlainHTTP {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func post(_ url: URL, json body: [UInt8], timeout: TimeInterval) throws -> (status: Int, body: Data) {
        guard url.scheme == "http", let host = url.host else { throw Failure(description: "The recogniser URL must be http://host[:port]/path.") }
        let port = url.port ?? 80
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw Failure(description: "The recogniser's host \(host) does not resolve.")
        }
        defer { freeaddrinfo(list) }
        let socket = Glibc.socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard socket >= 0 else { throw Failure(description: "No socket for the recogniser.") }
        defer { close(socket) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard connect(socket, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            throw Failure(description: "The recogniser at \(host):\(port) refused the connection.")
        }
        let path = url.path.isEmpty ? "/" : url.path + (url.query.map { "?" + $0 } ?? "")
        let head = "POST \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let request = Array(head.utf8) + body
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "The recogniser stopped reading the request.") }
            sent += count
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else { throw Failure(description: "The recogniser did not answer within \(Int(timeout)) s.") }
            answer += buffer[0..<count]
            guard answer.count <= 4 * 1024 * 1024 else { throw Failure(description: "The recogniser's answer is over 4 MiB.") }
        }
        guard let split = answer.firstRange(of: Array("\r\n\r\n".utf8)) else { throw Failure(description: "The recogniser's answer is not HTTP.") }
        let headers = String(decoding: answer[..<split.lowerBound], as: UTF8.self).lowercased()
        let status = headers.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        var content = Array(answer[split.upperBound...])
        if headers.contains("transfer-encoding: chunked") { content = dechunked(content) }
        return (status, Data(content))
    }

    private static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while let lineEnd = bytes[index...].firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard start + size <= bytes.count else { break }
            output += bytes[start..<(start + size)]
            index = start + size + 2
            guard index < bytes.count else { break }
        }
        return output
    }
}
