import Foundation
import Server
import Testing

@testable import FoodGraph

/// The catalog through the real server: paging with its signed cursors, a refused cursor, and a
/// mutation's user errors in a 200 response without errors.
struct CatalogOverHTTPTests {
    @Test func pagesWithItsCursorsAndRefusesOthers() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let first = try await api.run(#"{ products(first: 3, filter: {category: "eggs"}) { totalCount edges { node { name } } pageInfo { endCursor } } }"#)
            #expect(first.status == 200)
            #expect(first.json["errors"] == nil)
            let cursor = try #require(first["data.products.pageInfo.endCursor"] as? String)
            let next = try await api.run(
                #"{ products(first: 3, filter: {category: "eggs"}, after: "\#(cursor)") { edges { node { name } } pageInfo { hasPreviousPage } } }"#)
            #expect(next.json["errors"] == nil)
            #expect(next["data.products.pageInfo.hasPreviousPage"] as? Bool == true)
            let firstNames = (first["data.products.edges"] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["name"] as? String }
            let nextNames = (next["data.products.edges"] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["name"] as? String }
            #expect(Set(firstNames ?? []).isDisjoint(with: nextNames ?? []))
            #expect((nextNames ?? []).count == 3)
            // The same cursor for another order, and for the stores.
            let otherOrder = try await api.run(#"{ products(first: 3, orderBy: PRICE_DESCENDING, after: "\#(cursor)") { totalCount } }"#, expecting: ["BAD_USER_INPUT"])
            #expect(otherOrder.errorCodes == ["BAD_USER_INPUT"])
            let otherList = try await api.run(#"{ stores(first: 3, after: "\#(cursor)") { edges { cursor } } }"#, expecting: ["BAD_USER_INPUT"])
            #expect(otherList.errorCodes == ["BAD_USER_INPUT"])
        }
    }

    @Test func aRefusedInputIsAUserErrorAndNothingElse() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let login = try await api.run(#"mutation { login(input: {email: "chain@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)
            let token = try #require(login["data.login.token"] as? String)
            let store = try #require(
                try await api.run("{ stores(first: 1, chainId: \"\(GlobalID(typeName: "RetailChain", key: 1))\") { edges { node { id } } } }")[
                    "data.stores.edges.0.node.id"] as? String)
            let refused = try await api.run(
                #"mutation { updateStore(input: {storeId: "\#(store)", address: {line1: "1 Main St", city: "Hamilton", region: "ON", postalCode: "L8P 1A1", country: "Canada"}}) { store { name address { city } } userErrors { field code } } }"#,
                token: token)
            #expect(refused.status == 200)
            #expect(refused.json["errors"] == nil)
            #expect(refused["data.updateStore.store"] is NSNull)
            #expect(refused["data.updateStore.userErrors.0.field"] as? [String] == ["address", "country"])
            #expect(refused["data.updateStore.userErrors.0.code"] as? String == "TOO_LONG")
            let moved = try await api.run(
                #"mutation { updateStore(input: {storeId: "\#(store)", location: {latitude: 43.26, longitude: -79.87}}) { store { location { latitude } } userErrors { code } } }"#,
                token: token)
            #expect(moved.json["errors"] == nil)
            #expect(moved["data.updateStore.store.location.latitude"] as? Double == 43.26)
        }
    }
}

/// #23 and #21.7 through the real server: product images at their random addresses, and pages
/// without `first`.
struct CatalogStaffOverHTTPTests {
    /// A real 200×200 PNG (stored deflate blocks; see FoodGraphTests' `TestPNG`), all one colour.
    static func png() -> [UInt8] {
        let (width, height) = (200, 200)
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: 90, count: width * 3) }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        while offset < raw.count {
            let count = min(65_535, raw.count - offset)
            zlib += [offset + count == raw.count ? 1 : 0, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + count)]
            offset += count
        }
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        zlib += be(b << 16 | a)
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                c ^= UInt32(byte)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return c ^ 0xFFFF_FFFF
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { be(UInt32(data.count)) + Array(type.utf8) + data + be(crc(Array(type.utf8) + data)) }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(UInt32(width)) + be(UInt32(height)) + [8, 2, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    @Test func aRepresentativesProductImageIsServedAtItsRandomAddress() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            let login = try await api.run(#"mutation { login(input: {email: "chain@demo.foodgraph.local", password: "Demo-pass1"}) { token } }"#)
            let token = try #require(login["data.login.token"] as? String)
            let png = Self.png()
            let created = try await api.run(
                #"mutation { createProduct(input: {name: "HTTP Granola", category: "pantry", image: "\#(Data(png).base64EncodedString())", nutrition: {energyKcal: 400, fatG: 10, carbohydratesG: 60, proteinG: 10}}) { product { imageUrl status } userErrors { field code } } }"#,
                token: token)
            #expect(created["data.createProduct.product.status"] as? String == "PENDING")
            let url = try #require(created["data.createProduct.product.imageUrl"] as? String)
            #expect(url.hasPrefix("/images/") && url.count == "/images/".count + 43)
            let served = try await api.get(url)
            #expect(served.status == 200)
            #expect(served.contentType == "image/png")
            #expect(served.bytes == png)
            // A neighbouring address is nothing.
            let other = String(url.dropLast()) + (url.hasSuffix("A") ? "B" : "A")
            #expect(try await api.get(other).status == 404)
        }
    }

    @Test func leavingOutFirstGivesAPageOfTwentyOverHTTP() async throws {
        try await HTTPTestAPI.with(demoData: true) { api in
            // The page rule is 1–100, 20 when left out: Page, the schema's descriptions, the docs and
            // the server's cost limits all say so.
            let page = try await api.run("{ products { edges { node { name } } } }")
            #expect((page["data.products.edges"] as? [Any])?.count == 20)
        }
    }
}
