import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// Who calls the catalog in the access tests: every role, and a representative of the chain a
/// resource belongs to (FreshMart, the demo's) and of another chain (Harbour Grocers).
enum CatalogCaller: String, CaseIterable, CustomStringConvertible {
    case anonymous, user, support, orderHandler, ownRepresentative, otherRepresentative, administrator

    var description: String { rawValue }
}

/// The demo catalog with a token for every caller and the ids the tests act on.
struct CatalogStaff {
    let api: TestAPI
    let tokens: [CatalogCaller: String]
    /// FreshMart (the own chain) and Harbour Grocers (the other).
    let ownChain: String
    let otherChain: String
    let ownStore: String
    let otherStore: String

    static func make() async throws -> CatalogStaff {
        let api = try await CatalogTests.seeded()
        var tokens: [CatalogCaller: String] = [:]
        for (caller, name) in [(CatalogCaller.support, "support"), (.orderHandler, "orders"), (.ownRepresentative, "chain"), (.administrator, "admin")] {
            tokens[caller] = try await CatalogTypedTests.login(api, name)
        }
        tokens[.user] = try await api.signUp("shopper-\(UUID().uuidString.prefix(8))@example.com")
        let chains = try await api.run("{ retailChains(first: 10) { edges { node { id name stores(first: 5) { edges { node { id } } } } } } }")
        let nodes = ((chains["data.retailChains.edges"] as? [[String: Any]]) ?? []).compactMap { $0["node"] as? [String: Any] }
        func chain(_ name: String) throws -> (id: String, store: String) {
            let node = try #require(nodes.first { $0["name"] as? String == name })
            let store = try #require(
                (((node["stores"] as? [String: Any])?["edges"] as? [[String: Any]])?.first?["node"] as? [String: Any])?["id"] as? String)
            return (try #require(node["id"] as? String), store)
        }
        let own = try chain("FreshMart")
        let other = try chain("Harbour Grocers")
        // A representative of Harbour Grocers, made as an administrator makes one.
        let representative = try await api.signUp("harbour-rep-\(UUID().uuidString.prefix(8))@example.com")
        let me = try await api.run("{ me { id } }", token: representative)
        let userID = try #require(me["data.me.id"] as? String)
        let granted = try await api.run(
            #"mutation { grantRole(input: {userId: "\#(userID)", role: CHAIN_REPRESENTATIVE, chainId: "\#(other.id)"}) { userErrors { code } } }"#,
            token: tokens[.administrator])
        #expect((granted["data.grantRole.userErrors"] as? [Any])?.isEmpty == true)
        tokens[.otherRepresentative] = representative
        return CatalogStaff(api: api, tokens: tokens, ownChain: own.id, otherChain: other.id, ownStore: own.store, otherStore: other.store)
    }

    func token(_ caller: CatalogCaller) -> String? { tokens[caller] }

    /// A new active product of FreshMart's own, made by an administrator.
    func ownChainProduct(_ name: String, barcode: String? = nil) async throws -> String {
        let barcodeField = barcode.map { #", barcode: "\#($0)""# } ?? ""
        let made = try await api.run(
            #"""
            mutation { createProduct(input: {name: "\#(name)", category: "pantry", chainId: "\#(ownChain)"\#(barcodeField),
              nutrition: {energyKcal: 100, fatG: 1, carbohydratesG: 20, proteinG: 2}}) { product { id status } userErrors { field code } } }
            """#, token: token(.administrator))
        #expect(made["data.createProduct.product.status"] as? String == "ACTIVE", "\(made.json)")
        return try #require(made["data.createProduct.product.id"] as? String)
    }
}

/// The outcome of one call in an access matrix.
enum AccessOutcome: Equatable, CustomStringConvertible {
    /// No error and no user error.
    case allowed
    case refused(String)

    static let unauthenticated = AccessOutcome.refused("UNAUTHENTICATED")
    static let forbidden = AccessOutcome.refused("FORBIDDEN")

    var description: String {
        switch self {
        case .allowed: "allowed"
        case .refused(let code): code
        }
    }

    /// A mutation's outcome: its first error code, or its first user error's, or allowed.
    static func of(_ response: Response, _ mutation: String) -> AccessOutcome {
        if let code = response.errorCodes.first { return .refused(code) }
        if let error = (response["data.\(mutation).userErrors"] as? [[String: Any]])?.first {
            return .refused("userError \(error["code"] as? String ?? "?")")
        }
        return .allowed
    }
}

/// Real images for upload tests: a PNG encoded with stored (uncompressed) deflate blocks, valid for
/// any full decoder, of one colour.
enum TestPNG {
    static func make(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8) = (200, 80, 40)) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * 3))
        for _ in 0..<height {
            raw.append(0)  // filter: none
            for _ in 0..<width { raw += [rgb.0, rgb.1, rgb.2] }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            zlib.append(offset + count == raw.count ? 1 : 0)
            zlib += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += bigEndian(b << 16 | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return png
    }

    static func base64(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8) = (200, 80, 40)) -> String {
        Data(make(width: width, height: height, rgb: rgb)).base64EncodedString()
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
