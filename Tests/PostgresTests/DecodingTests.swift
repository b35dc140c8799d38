import Foundation
import Postgres
import Testing
import TestSupport

@Suite struct DecodingTests {
    @Test func everyTypeRoundTripsThroughTheServer() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let db = database.database
        let instant = Date(timeIntervalSince1970: 1_795_000_000.123456)
        let uuid = UUID()
        let bytes: [UInt8] = [0, 1, 2, 0xFE, 0xFF]
        let rows = try await db.query(
            """
            SELECT $1::int4, $2::int8, $3::float8, $4::numeric, $5::bool, $6::text, $7::timestamptz,
                   $8::uuid, $9::bytea, $10::int8[], $11::text[], $12::jsonb, $13::date::text, $14::int4
            """,
            [
                Int32(-2_147_483_648), Int64.max, 0.1 + 0.2, Decimal(string: "12345678901234567890.123456789")!,
                true, "héllo \"wörld\"\n\t\\", instant, uuid, bytes, PostgresArray([Int64(1), -2, 3]),
                PostgresArray(["a", "b c", "\"q\"", "back\\slash", ""]), PostgresJSON(#"{"k": [1, 2]}"#),
                "2026-02-28", Int32?.none,
            ])
        let row = rows[0]
        #expect(try row.decode(Int32.self, at: 0) == Int32.min)
        #expect(try row.decode(Int64.self, at: 1) == Int64.max)
        #expect(try row.decode(Double.self, at: 2) == 0.1 + 0.2)
        #expect(try row.decode(Decimal.self, at: 3) == Decimal(string: "12345678901234567890.123456789")!)
        #expect(try row.decode(Bool.self, at: 4) == true)
        #expect(try row.decode(String.self, at: 5) == "héllo \"wörld\"\n\t\\")
        let decodedInstant = try row.decode(Date.self, at: 6)
        #expect(abs(decodedInstant.timeIntervalSince1970 - instant.timeIntervalSince1970) < 0.000_001)
        #expect(try row.decode(UUID.self, at: 7) == uuid)
        #expect(try row.decode([UInt8].self, at: 8) == bytes)
        #expect(try row.decode([Int64].self, at: 9) == [1, -2, 3])
        #expect(try row.decode([String].self, at: 10) == ["a", "b c", "\"q\"", "back\\slash", ""])
        #expect(try row.decode(String.self, at: 11) == #"{"k": [1, 2]}"#)
        #expect(try row.decode(String.self, at: 12) == "2026-02-28")
        #expect(try row.decode(Int32?.self, at: 13) == nil)
        #expect(throws: PostgresError.self) { try row.decode(Int32.self, at: 13) }
    }

    /// Short decimals take a parser of their own (`shortDecimal`): every float8 the server writes
    /// must still decode to the value it was, bit for bit, and text the general parser refuses must
    /// still be refused.
    @Test func everyFloat8DecodesToTheValueTheServerWrote() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.1 + 0.2, 123.45, -0.000_001, 999_999_999_999_999, 1_234_567_890_123_456,
            0.000_000_000_000_001, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity, 1e22, 1e23,
        ]
        for scale in 0...16 {
            for _ in 0..<40 {
                let digits = Double(Int64.random(in: -999_999_999_999_999...999_999_999_999_999, using: &generator))
                values.append(digits / pow(10, Double(scale)))
            }
        }
        values += (0..<200).map { _ in Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &generator)) }
        let rows = try await database.database.query(
            "SELECT v, v::text FROM unnest($1::float8[]) AS v", [PostgresArray(values)])
        #expect(rows.count == values.count)
        for (row, value) in zip(rows, values) {
            let text = try row.decode(String.self, at: 1)
            #expect(try row.decode(Double.self, at: 0).bitPattern == value.bitPattern, "\(text)")
        }
        let nan = try await database.database.query("SELECT 'NaN'::float8")
        #expect(try nan[0].decode(Double.self, at: 0).isNaN)

        for text in ["", "-", ".", ".5", "5.", "1.2.3", "12a", "--1", "1-", " 1", "1 ", "0x10", "1e5", "-1.5E-3", "1234567890.1234567"] {
            let decoded = try? Array(text.utf8).withUnsafeBufferPointer { try Double(postgresText: $0) }
            #expect(decoded?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test func tupleDecodingReadsLeadingColumns() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let rows = try await database.database.query("SELECT 7::int8, 'seven', NULL::text")
        let (number, word, nothing) = try rows[0].decode((Int64, String, String?).self)
        #expect(number == 7)
        #expect(word == "seven")
        #expect(nothing == nil)
        #expect(try rows[0].decode(String.self, named: "?column?") == "seven")
    }

    @Test func anEmptyTextIsNotANull() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let rows = try await database.database.query("SELECT '', NULL::text")
        #expect(try rows[0].decode(String?.self, at: 0) == "")
        #expect(try rows[0].decode(String?.self, at: 1) == nil)
        #expect(try rows[0].decode(String.self, at: 0) == "")
        #expect(throws: PostgresError.self) { try rows[0].decode(String.self, at: 1) }
    }

    @Test func parametersAreNeverSplicedIntoSQL() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let hostile = "'; DROP TABLE pg_class; --"
        let rows = try await database.database.query("SELECT $1::text = $2::text", [hostile, hostile])
        #expect(try rows[0].decode(Bool.self, at: 0))
    }

    @Test func numericOverflowAndBadTextAreDecodingErrors() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let rows = try await database.database.query("SELECT 3000000000::int8, 'abc'")
        #expect(throws: PostgresError.self) { try rows[0].decode(Int32.self, at: 0) }
        #expect(throws: PostgresError.self) { try rows[0].decode(Int64.self, at: 1) }
    }
}
