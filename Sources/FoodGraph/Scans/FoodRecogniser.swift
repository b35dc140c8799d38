import Foundation
import Postgres

#if canImport(FoundationNetworking)
    import FoundationNetworking
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
        let (symbols, text) = await ScanWorkers.shared.run { worker in
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
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(
            Request(
                image: Base64.encode(image.stored.bytes), contentType: image.stored.format.rawValue, width: image.stored.width,
                height: image.stored.height))
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
            throw Failure(description: "The food recogniser answered HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0).")
        }
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
