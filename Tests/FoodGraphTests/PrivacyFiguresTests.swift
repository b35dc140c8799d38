import Foundation
import Postgres
import TestSupport
import Testing

@testable import FoodGraph

/// Figures for docs/security.md, printed by `tools/test --filter PrivacyFiguresTests` (debug build,
/// so slower than a release server), with generous bounds that catch a regression by an order of
/// magnitude.
@Suite struct PrivacyFiguresTests {
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    @Test func anAvatarIsDecodedAndEncodedAgainInMilliseconds() throws {
        let clock = ContinuousClock()
        for format in [ImageInfo.Format.png, .jpeg, .webp] {
            let upload = TestImages.encoded(format)
            let runs = 20
            let elapsed = clock.measure {
                for _ in 0..<runs { _ = ProfilePreferences.avatar(upload) }
            }
            let each = Self.milliseconds(elapsed) / Double(runs)
            print("figure: avatar \(format.name) 200×200 (\(upload.count) bytes) decoded and encoded again in \(String(format: "%.2f", each)) ms")
            #expect(each < 250)
        }
    }

    @Test func anExportOfFiveYearsOfDiaryIsBuiltInAFewSeconds() async throws {
        let api = try await TestAPI.make()
        defer { Task { await api.close() } }
        let database = api.database.database
        let token = try await api.signUp("heavy@example.com")
        // Five years of a diary: four entries a day, and a weigh-in a week.
        _ = try await database.query(
            """
            INSERT INTO diary_entries (user_id, local_date, meal, food_name, quantity, quantity_unit, grams, source, energy_kcal, fat_g,
              carbohydrates_g, protein_g)
            SELECT u.id, current_date - d, m, 'Food ' || d, 100, 'g', 100, 'manual', 250, 10, 30, 8
            FROM users u, generate_series(0, 1825) AS d, unnest(ARRAY['breakfast', 'lunch', 'dinner', 'snack']) AS m
            """)
        _ = try await database.query(
            "INSERT INTO weight_entries (user_id, local_date, weight_kg) SELECT u.id, current_date - d * 7, 70 FROM users u, generate_series(0, 260) AS d")
        _ = try await api.run("mutation { exportMyData { dataExport { id } } }", token: token)
        let clock = ContinuousClock()
        var built = 0
        let elapsed = try await clock.measure { built = try await DataExportStore.buildPending(in: database) }
        let size = try await database.query("SELECT size_bytes FROM data_exports")[0].decode(Int.self, at: 0)
        print("figure: export of 7,304 diary entries and 261 weights built in \(Int(Self.milliseconds(elapsed))) ms, \(size / 1024) KiB")
        #expect(built == 1)
        #expect(elapsed < .seconds(60))
    }
}
