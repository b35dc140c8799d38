import Foundation
import GraphQLEngine
import Postgres

/// `updateProfile`: a patch. Fields left out stay; fields given as null are cleared where the
/// profile allows it. Every invalid field is reported; nothing is written unless all are valid.
struct ProfileUpdate {
    private(set) var assignments: [String] = []
    private(set) var parameters: [any PostgresEncodable] = []
    private(set) var errors: [UserError] = []

    init(_ input: GraphQLObject, today: Date = Date()) {
        text("displayName", column: "display_name", maximum: 100, input)
        if let value = input["username"] {
            switch value {
            case .null: assign("username = NULL, username_key = NULL")
            case .string(let username):
                if username.range(of: "^[A-Za-z0-9_.]{3,30}$", options: .regularExpression) == nil {
                    errors.append(UserError("username", "Use 3 to 30 letters, digits, dots or underscores.", code: .invalidFormat))
                } else {
                    assign("username = \(parameter(username)), username_key = lower(\(parameter(username)))")
                }
            default: break
            }
        }
        enumeration("gender", column: "gender", input)
        enumeration("activityLevel", column: "activity_level", input, nullable: false)
        enumeration("goal", column: "goal", input, nullable: false)
        enumeration("dietType", column: "diet_type", input, nullable: false)
        enumeration("unitSystem", column: "unit_system", input, nullable: false)
        number("heightCm", column: "height_cm", range: 50...272, input)
        number("weightKg", column: "weight_kg", range: 20...450, input)
        number("goalRateKgPerWeek", column: "goal_rate_kg_per_week", range: 0...1, input, nullable: false)
        if let value = input["birthDate"] {
            switch value {
            case .null: assign("birth_date = NULL")
            case .string(let date):
                let todayText = ISO8601DateFormatter.string(from: today, timeZone: .gmt, formatOptions: [.withFullDate])
                if date > todayText {
                    errors.append(UserError("birthDate", "The birth date is in the future.", code: .dateInFuture))
                } else if let age = Age.years(born: date, on: todayText), age > 130 {
                    errors.append(UserError("birthDate", "Enter a birth date in the last 130 years.", code: .outOfRange))
                } else {
                    assign("birth_date = \(parameter(date))::date")
                }
            default: break
            }
        }
        if case .string(let zone)? = input["timeZone"] {
            if TimeZone(identifier: zone) == nil || zone.count > 64 {
                errors.append(UserError("timeZone", "Use an IANA time zone such as America/Toronto.", code: .invalidFormat))
            } else {
                assign("time_zone = \(parameter(zone))")
            }
        }
        if case .string(let currency)? = input["currency"] {
            if currency.range(of: "^[A-Z]{3}$", options: .regularExpression) == nil {
                errors.append(UserError("currency", "Use an ISO 4217 code such as CAD.", code: .invalidFormat))
            } else {
                assign("currency = \(parameter(currency))")
            }
        }
        if case .object(let restrictions)? = input["restrictions"] {
            for (field, column) in [("allergies", "allergies"), ("illnesses", "illnesses"), ("dislikedFoods", "disliked_foods")] {
                guard case .list(let values)? = restrictions[field] else { continue }
                let items = values.compactMap { value -> String? in
                    if case .string(let text) = value { return text.trimmingCharacters(in: .whitespaces) }
                    return nil
                }.filter { !$0.isEmpty }
                if items.count > 50 || items.contains(where: { $0.count > 100 }) {
                    errors.append(UserError(field: ["restrictions", field], message: "Up to 50 entries of at most 100 characters.", code: .tooLong))
                } else {
                    assign("\(column) = \(parameter(PostgresArray(items)))")
                }
            }
            if case .boolean(let pregnant)? = restrictions["pregnant"] { assign("pregnant = \(parameter(pregnant))") }
        }
        switch input["location"] {
        case .null?: assign("latitude = NULL, longitude = NULL")
        case .object(let point)?:
            if let latitude = point.double("latitude"), (-90...90).contains(latitude), let longitude = point.double("longitude"),
                (-180...180).contains(longitude)
            {
                assign("latitude = \(parameter(latitude)), longitude = \(parameter(longitude))")
            } else {
                errors.append(UserError("location", "A latitude is −90…90 and a longitude −180…180.", code: .outOfRange))
            }
        default: break
        }
        number("accessibleRadiusKm", column: "accessible_radius_km", range: 0.1...500, input)
        if case .object(let switches)? = input["notifications"] {
            let pairs = ProfileRecord.notificationNames.compactMap { name -> String? in
                guard case .boolean(let on)? = switches[name] else { return nil }
                return "\"\(name)\": \(on)"
            }
            if !pairs.isEmpty {
                assign("notification_settings = notification_settings || \(parameter(PostgresJSON("{" + pairs.joined(separator: ", ") + "}")))::jsonb")
            }
        }
        switch input["shippingAddress"] {
        case .null?: assign("shipping_address = NULL")
        case .object(let address)?:
            var fields: [String: String] = [:]
            for name in ["recipient", "line1", "line2", "city", "region", "postalCode", "country", "phone"] {
                if let value = address.string(name)?.trimmingCharacters(in: .whitespaces), !value.isEmpty { fields[name] = String(value.prefix(200)) }
            }
            if ["line1", "city", "region", "postalCode", "country"].contains(where: { fields[$0] == nil }) {
                errors.append(UserError(field: ["shippingAddress"], message: "An address needs a street, city, region, postal code and country.", code: .required))
            } else if let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) {
                assign("shipping_address = \(parameter(PostgresJSON(String(decoding: data, as: UTF8.self))))::jsonb")
            }
        default: break
        }
        if case .object(let budget)? = input["weeklyBudget"] {

            var amount: String?
            if case .enumValue(let preset)? = budget["preset"] { amount = preset.filter(\.isNumber) }
            if case .string(let custom)? = budget["customAmount"] { amount = custom }
            if let amount, let value = Decimal(string: amount) {
                if value < 60 {
                    errors.append(UserError(field: ["weeklyBudget"], message: "A weekly budget is at least 60.", code: .budgetTooLow))
                } else {
                    assign("weekly_budget = \(parameter(amount))::numeric")
                }
            }
        } else if case .null? = input["weeklyBudget"] {
            assign("weekly_budget = NULL")
        }
    }

    private mutating func assign(_ assignment: String) { assignments.append(assignment) }

    private mutating func parameter(_ value: any PostgresEncodable) -> String {
        parameters.append(value)
        return "$\(parameters.count + 1)"  // $1 is the user id
    }

    private mutating func text(_ field: String, column: String, maximum: Int, _ input: GraphQLObject) {
        switch input[field] {
        case .null?: assign("\(column) = NULL")
        case .string(let value)?:
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.count > maximum {
                errors.append(UserError(field, "Use at most \(maximum) characters.", code: .tooLong))
            } else {
                assign("\(column) = \(parameter(trimmed.isEmpty ? nil : trimmed))")
            }
        default: break
        }
    }

    private mutating func enumeration(_ field: String, column: String, _ input: GraphQLObject, nullable: Bool = true) {
        switch input[field] {
        case .null?:
            if nullable { assign("\(column) = NULL") } else { errors.append(UserError(field, "This cannot be cleared.", code: .required)) }
        case .enumValue(let value)?: assign("\(column) = \(parameter(value.lowercased()))")
        default: break
        }
    }

    private mutating func number(_ field: String, column: String, range: ClosedRange<Double>, _ input: GraphQLObject, nullable: Bool = true) {
        switch input[field] {
        case .null?:
            if nullable { assign("\(column) = NULL") } else { errors.append(UserError(field, "This cannot be cleared.", code: .required)) }
        case .float(let value)?: numberValue(field, column, value, range)
        case .int(let value)?: numberValue(field, column, Double(value), range)
        default: break
        }
    }

    private mutating func numberValue(_ field: String, _ column: String, _ value: Double, _ range: ClosedRange<Double>) {
        if range.contains(value) {
            assign("\(column) = \(parameter(value))")
        } else {
            errors.append(
                UserError(field, "Enter a value from \(jsNumber(range.lowerBound)) to \(jsNumber(range.upperBound)).", code: .outOfRange))
        }
    }

    private func jsNumber(_ value: Double) -> String { value.rounded() == value ? String(Int(value)) : String(value) }

    /// Applies the patch; a taken username is reported rather than thrown.
    func apply(userID: Int64, in database: PostgresDatabase) async throws -> [UserError] {
        guard errors.isEmpty else { return errors }
        guard !assignments.isEmpty else { return [] }
        do {
            _ = try await database.query(
                "UPDATE profiles SET \(assignments.joined(separator: ", ")), updated_at = now() WHERE user_id = $1",
                [userID] + parameters)
            return []
        } catch let error as PostgresError where error.isUniqueViolation {
            return [UserError("username", "This username is taken.", code: .taken)]
        }
    }
}

extension ISO8601DateFormatter {
    static func string(from date: Date, timeZone: TimeZone, formatOptions: Options) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = formatOptions
        return formatter.string(from: date)
    }
}
