import Foundation
import GraphQLEngine
import Testing

@testable import FoodGraph

/// PUC10 (display analysed spending data): the figures equal sums computed by hand on a fixed
/// data set, in the user's time zone (America/Toronto), at period edges and across a change of
/// daylight-saving time.
@Suite struct SpendingAnalyticsTests {
    /// Six purchases. Local dates (Toronto) differ from UTC's for the first, third and sixth.
    nonisolated(unsafe) static let purchases: [(at: String, product: KeyPath<SpendingWorld, String>, price: String, far: Bool)] = [
        ("2025-12-31T23:00:00-05:00", \.milk, "1.10", false),  // Dec 31 local (Jan 1 in UTC)
        ("2026-01-31T23:30:00-05:00", \.milk, "10.00", false),  // Sat Jan 31 local (Feb 1 in UTC)
        ("2026-02-01T00:30:00-05:00", \.coffee, "20.50", false),  // Sun Feb 1
        ("2026-02-28T23:59:00-05:00", \.milk, "5.25", false),  // Sat Feb 28 (Mar 1 in UTC)
        ("2026-03-01T00:00:00-05:00", \.coffee, "7.75", true),  // Sun Mar 1, at midnight, at the far store
        ("2026-03-08T03:00:00-04:00", \.milk, "2.40", false),  // Sun Mar 8, after the change to EDT
    ]

    @Test func spendingFiguresEqualHandComputedSumsInTheUsersTimeZone() async throws {
        let world = try await SpendingWorld.make()
        defer { Task { await world.api.close() } }
        let user = try await world.shopper("analytics", timeZone: "America/Toronto")
        for purchase in Self.purchases {
            let made = try await world.receipt(
                user, store: purchase.far ? world.far : world.near, at: purchase.at,
                [.init(text: "ITEM", unitPrice: purchase.price, productID: world[keyPath: purchase.product])])
            #expect((made["data.createReceipt.userErrors"] as? [Any])?.isEmpty == true, "\(made.json)")
        }
        func groups(_ from: String, _ to: String, _ grouping: String) async throws -> [String] {
            let response = try await world.api.run(
                #"{ me { spending(from: "\#(from)", to: "\#(to)", groupBy: \#(grouping)) { key label total { amount currency } purchaseCount } } }"#, token: user)
            return (response["data.me.spending"] as? [[String: Any]] ?? []).map {
                "\($0["label"] as? String ?? "") \((($0["total"] as? [String: Any])?["amount"] as? String) ?? "") \($0["purchaseCount"] as? Int ?? -1)"
            }
        }
        #expect(try await groups("2026-01-01", "2026-03-31", "MONTH") == ["January 2026 10.00 1", "February 2026 25.75 2", "March 2026 10.15 2"])
        #expect(try await groups("2025-12-01", "2026-03-31", "YEAR") == ["2025 1.10 1", "2026 45.90 5"])
        #expect(
            try await groups("2026-01-26", "2026-03-08", "WEEK") == [
                "Week of 2026-01-26 30.50 2", "Week of 2026-02-02 0.00 0", "Week of 2026-02-09 0.00 0", "Week of 2026-02-16 0.00 0",
                "Week of 2026-02-23 13.00 2", "Week of 2026-03-02 2.40 1",
            ])
        #expect(try await groups("2026-02-28", "2026-03-01", "DAY") == ["2026-02-28 5.25 1", "2026-03-01 7.75 1"])
        // A range cutting a period counts its own days only: Feb 1 alone of the week of Jan 26.
        #expect(try await groups("2026-02-01", "2026-02-07", "WEEK") == ["Week of 2026-01-26 20.50 1", "Week of 2026-02-02 0.00 0"])
        #expect(try await groups("2026-01-01", "2026-03-31", "PRODUCT") == ["Morning Roast Coffee 28.25 2", "Whole Milk 17.65 3"])
        #expect(try await groups("2026-01-01", "2026-03-31", "STORE") == ["Spending Near 38.15 4", "Spending Far 7.75 1"])
        #expect(try await groups("2026-01-01", "2026-03-31", "CATEGORY") == ["Pantry 28.25 2", "Milk & Cream 17.65 3"])

        let comparison = try await world.api.run(
            #"{ me { spendingComparison(from: "2026-02-01", to: "2026-02-28") { from to previousFrom previousTo current { amount } previous { amount } change { amount } changePercent } } }"#,
            token: user)
        #expect(comparison["data.me.spendingComparison.previousFrom"] as? String == "2026-01-04")
        #expect(comparison["data.me.spendingComparison.previousTo"] as? String == "2026-01-31")
        #expect(comparison["data.me.spendingComparison.current.amount"] as? String == "25.75")
        #expect(comparison["data.me.spendingComparison.previous.amount"] as? String == "10.00")
        #expect(comparison["data.me.spendingComparison.change.amount"] as? String == "15.75")
        #expect(comparison["data.me.spendingComparison.changePercent"] as? Double == 157.5)

        // Bounds: `from` after `to`, or more than five years.
        let bad = try await world.api.run(
            #"{ me { a: spending(from: "2026-03-01", to: "2026-01-01", groupBy: DAY) { key } } }"#, token: user, expecting: ["BAD_USER_INPUT"])
        #expect(bad.errorCodes == ["BAD_USER_INPUT"])
        let long = try await world.api.run(
            #"{ me { a: spending(from: "2016-01-01", to: "2026-01-01", groupBy: MONTH) { key } } }"#, token: user, expecting: ["BAD_USER_INPUT"])
        #expect(long.errorCodes == ["BAD_USER_INPUT"])
    }

    @Test func receiptTextsAreNormalisedAndAbbreviationsExpanded() {
        #expect(ReceiptText.matchText("gv  whl-mlk 2L") == "GV WHL MLK 2L")
        #expect(ReceiptText.searchText("GV WHL MLK 2L") == "great value whole milk 2 l")
        #expect(ReceiptText.foodWords("GV WHL MLK 2L") == "great value whole milk")
        #expect(ReceiptText.searchText("ORG BAN 1.2KG") == "organic bananas 1.2 kg")
        #expect(Amount.text(Decimal(string: "0.948")!) == "0.95")
        #expect(Amount.text(Decimal(string: "-4.061")!) == "-4.06")
    }
}
