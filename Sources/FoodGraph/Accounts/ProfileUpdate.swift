import Foundation
import GraphQLEngine

/// A field of a patch: left out (unchanged), given as null (cleared), or given a value.
enum Patch<Value: Sendable>: Sendable {
    case unchanged
    case cleared
    case set(Value)
}

extension KeyedDecodingContainer {
    /// A patch field: `contains` tells "left out" from "null".
    func patch<Value: Decodable & Sendable>(_ type: Value.Type, forKey key: Key) throws -> Patch<Value> {
        guard contains(key) else { return .unchanged }
        if try decodeNil(forKey: key) { return .cleared }
        return .set(try decode(type, forKey: key))
    }
}

/// `updateProfile`'s input: a patch. Fields left out stay as they are; fields given as null are
/// cleared where the profile allows it.
struct UpdateProfileInput: Decodable, Sendable {
    var displayName: Patch<String>
    var username: Patch<String>
    var gender: Patch<Gender>
    var birthDate: Patch<LocalDate>
    var heightCm: Patch<Double>
    var weightKg: Patch<Double>
    var activityLevel: Patch<ActivityLevel>
    var goal: Patch<WeightGoal>
    var goalRateKgPerWeek: Patch<Double>
    var dietType: Patch<DietType>
    var restrictions: Patch<DietaryRestrictionsInput>
    var unitSystem: Patch<UnitSystem>
    var timeZone: Patch<String>
    var currency: Patch<String>
    var weeklyBudget: Patch<WeeklyBudgetInput>
    var location: Patch<GeoPointInput>
    var accessibleRadiusKm: Patch<Double>
    var shippingAddress: Patch<Address>
    var notifications: Patch<NotificationSettingsInput>
    var phone: Patch<String>
    var weightUnit: Patch<WeightUnit>
    var locale: Patch<String>
    var customTargets: Patch<CustomTargetsInput>
    /// The input's fields that were given (set or null), in the schema's order: what an audit
    /// entry names.
    var providedFields: [String] = []

    private enum Keys: String, CodingKey, CaseIterable {
        case displayName, username, gender, birthDate, heightCm, weightKg, activityLevel, goal, goalRateKgPerWeek, dietType
        case restrictions, unitSystem, timeZone, currency, weeklyBudget, location, accessibleRadiusKm, shippingAddress, notifications
        case phone, weightUnit, locale, customTargets
    }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Keys.self)
        displayName = try input.patch(String.self, forKey: .displayName)
        username = try input.patch(String.self, forKey: .username)
        gender = try input.patch(Gender.self, forKey: .gender)
        birthDate = try input.patch(LocalDate.self, forKey: .birthDate)
        heightCm = try input.patch(Double.self, forKey: .heightCm)
        weightKg = try input.patch(Double.self, forKey: .weightKg)
        activityLevel = try input.patch(ActivityLevel.self, forKey: .activityLevel)
        goal = try input.patch(WeightGoal.self, forKey: .goal)
        goalRateKgPerWeek = try input.patch(Double.self, forKey: .goalRateKgPerWeek)
        dietType = try input.patch(DietType.self, forKey: .dietType)
        restrictions = try input.patch(DietaryRestrictionsInput.self, forKey: .restrictions)
        unitSystem = try input.patch(UnitSystem.self, forKey: .unitSystem)
        timeZone = try input.patch(String.self, forKey: .timeZone)
        currency = try input.patch(String.self, forKey: .currency)
        weeklyBudget = try input.patch(WeeklyBudgetInput.self, forKey: .weeklyBudget)
        location = try input.patch(GeoPointInput.self, forKey: .location)
        accessibleRadiusKm = try input.patch(Double.self, forKey: .accessibleRadiusKm)
        shippingAddress = try input.patch(Address.self, forKey: .shippingAddress)
        notifications = try input.patch(NotificationSettingsInput.self, forKey: .notifications)
        phone = try input.patch(String.self, forKey: .phone)
        weightUnit = try input.patch(WeightUnit.self, forKey: .weightUnit)
        locale = try input.patch(String.self, forKey: .locale)
        customTargets = try input.patch(CustomTargetsInput.self, forKey: .customTargets)
        providedFields = Keys.allCases.filter(input.contains).map(\.rawValue)
    }
}

/// The user's own daily targets: a field given sets that target, null clears it (back to computed).
struct CustomTargetsInput: Decodable, Sendable {
    var targets: [(nutrient: TargetNutrient, value: Patch<Double>)]

    private enum Keys: String, CodingKey { case energyKcal, proteinG, carbohydratesG, fatG }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Keys.self)
        targets = [
            (.energyKcal, try input.patch(Double.self, forKey: .energyKcal)), (.proteinG, try input.patch(Double.self, forKey: .proteinG)),
            (.carbohydratesG, try input.patch(Double.self, forKey: .carbohydratesG)), (.fatG, try input.patch(Double.self, forKey: .fatG)),
        ]
    }
}

/// The lists given are replaced (null empties one); `pregnant: null` is false.
struct DietaryRestrictionsInput: Decodable, Sendable {
    var allergies: Patch<[String]>
    var illnesses: Patch<[String]>
    var pregnant: Patch<Bool>
    var dislikedFoods: Patch<[String]>

    private enum Keys: String, CodingKey { case allergies, illnesses, pregnant, dislikedFoods }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Keys.self)
        allergies = try input.patch([String].self, forKey: .allergies)
        illnesses = try input.patch([String].self, forKey: .illnesses)
        pregnant = try input.patch(Bool.self, forKey: .pregnant)
        dislikedFoods = try input.patch([String].self, forKey: .dislikedFoods)
    }
}

/// The switches given change; a switch given as null is back to its default (on).
struct NotificationSettingsInput: Decodable, Sendable {
    var switches: [(name: String, value: Patch<Bool>)]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Key.self)
        switches = try NotificationSettings.names.map { name in (name, try input.patch(Bool.self, forKey: Key(stringValue: name))) }
    }
}

/// `@oneOf`: a preset (an amount in its own currency) or a custom amount in the profile's currency.
struct WeeklyBudgetInput: Decodable, Sendable {
    var preset: BudgetPreset?
    var customAmount: DecimalText?
}

struct GeoPointInput: Decodable, Sendable {
    var latitude: Double
    var longitude: Double
}

/// One change to a profile, validated: what `ProfileStore.update` writes.
enum ProfileChange: Sendable {
    case displayName(String?)
    case username(String?)
    case gender(Gender?)
    case birthDate(LocalDate?)
    case heightCm(Double?)
    case weightKg(Double?)
    case activityLevel(ActivityLevel)
    case goal(WeightGoal)
    case goalRateKgPerWeek(Double)
    case dietType(DietType)
    case allergies([String])
    case illnesses([String])
    case dislikedFoods([String])
    case pregnant(Bool)
    case unitSystem(UnitSystem)
    case timeZone(String)
    case currency(String)
    /// An amount and its currency; nil: the profile's currency.
    case weeklyBudget(amount: String, currency: String?)
    case clearWeeklyBudget
    case location(GeoPoint?)
    case accessibleRadiusKm(Double?)
    case shippingAddress(Address?)
    /// Switches set, and switches back to their default.
    case notifications(switched: [String: Bool], reset: [String])
    case phone(String?)
    case weightUnit(WeightUnit?)
    case locale(String)
    /// A target set, or cleared (nil: computed again).
    case customTarget(TargetNutrient, Double?)
}

/// Checks an `UpdateProfileInput`: every invalid field is reported (in the input's order), and
/// the changes are only for writing when there are none.
struct ProfileUpdate {
    private(set) var changes: [ProfileChange] = []
    private(set) var errors: [UserError] = []

    /// The largest weekly budget a profile stores (`numeric(10, 2)`).
    static let maximumBudget = Decimal(string: "99999999.99")!

    init(_ input: UpdateProfileInput, today: LocalDate = LocalDate(Date(), in: .gmt)) {
        text(input.displayName, "displayName", maximum: 100) { .displayName($0) }
        switch input.username {
        case .unchanged: break
        case .cleared: changes.append(.username(nil))
        case .set(let username):
            if username.range(of: "^[A-Za-z0-9_.]{3,30}$", options: .regularExpression) == nil {
                errors.append(UserError("username", "Use 3 to 30 letters, digits, dots or underscores.", code: .invalidFormat))
            } else {
                changes.append(.username(username))
            }
        }
        switch input.gender {
        case .unchanged: break
        case .cleared: changes.append(.gender(nil))
        case .set(let gender): changes.append(.gender(gender))
        }
        required(input.activityLevel, "activityLevel") { .activityLevel($0) }
        required(input.goal, "goal") { .goal($0) }
        required(input.dietType, "dietType") { .dietType($0) }
        required(input.unitSystem, "unitSystem") { .unitSystem($0) }
        number(input.heightCm, "heightCm", 50...272) { .heightCm($0) }
        number(input.weightKg, "weightKg", 20...450) { .weightKg($0) }
        switch input.goalRateKgPerWeek {
        case .unchanged: break
        case .cleared: errors.append(Self.cannotClear("goalRateKgPerWeek"))
        case .set(let rate): number(.set(rate), "goalRateKgPerWeek", 0...1) { .goalRateKgPerWeek($0 ?? 0) }
        }
        switch input.birthDate {
        case .unchanged: break
        case .cleared: changes.append(.birthDate(nil))
        case .set(let date):
            if date > today {
                errors.append(UserError("birthDate", "The birth date is in the future.", code: .dateInFuture))
            } else if let age = Age.years(born: date, on: today), age > 130 {
                errors.append(UserError("birthDate", "Enter a birth date in the last 130 years.", code: .outOfRange))
            } else {
                changes.append(.birthDate(date))
            }
        }
        switch input.timeZone {
        case .unchanged: break
        case .cleared: errors.append(Self.cannotClear("timeZone"))
        case .set(let zone):
            if zone.count > 64 || InputText.hasForbiddenCharacters(zone) || TimeZone(identifier: zone) == nil {
                errors.append(UserError("timeZone", "Use an IANA time zone such as America/Toronto.", code: .invalidFormat))
            } else {
                changes.append(.timeZone(zone))
            }
        }
        var newCurrency: String?
        switch input.currency {
        case .unchanged: break
        case .cleared: errors.append(Self.cannotClear("currency"))
        case .set(let code):
            if CurrencyCode.isValid(code) {
                changes.append(.currency(code))
                newCurrency = code
            } else {
                errors.append(UserError("currency", "Use an ISO 4217 currency code such as CAD.", code: .invalidFormat))
            }
        }
        restrictions(input.restrictions)
        switch input.location {
        case .unchanged: break
        case .cleared: changes.append(.location(nil))
        case .set(let point):
            if (-90...90).contains(point.latitude), (-180...180).contains(point.longitude) {
                changes.append(.location(GeoPoint(latitude: point.latitude, longitude: point.longitude)))
            } else {
                errors.append(UserError("location", "A latitude is −90…90 and a longitude −180…180.", code: .outOfRange))
            }
        }
        number(input.accessibleRadiusKm, "accessibleRadiusKm", 0.1...500) { .accessibleRadiusKm($0) }
        notifications(input.notifications)
        address(input.shippingAddress)
        budget(input.weeklyBudget, currency: newCurrency)
        switch input.phone {
        case .unchanged: break
        case .cleared: changes.append(.phone(nil))
        case .set(let text):
            if let phone = ProfilePreferences.phone(text) {
                changes.append(.phone(phone))
            } else {
                errors.append(
                    UserError(
                        "phone", "Enter a North American number such as 905-555-0100, with an extension of up to 5 digits (905-555-0100 123).",
                        code: .invalidFormat))
            }
        }
        switch input.weightUnit {
        case .unchanged: break
        case .cleared: changes.append(.weightUnit(nil))
        case .set(let unit): changes.append(.weightUnit(unit))
        }
        switch input.locale {
        case .unchanged: break
        case .cleared: errors.append(Self.cannotClear("locale"))
        case .set(let locale):
            if Messages.supportedLocales.contains(locale) {
                changes.append(.locale(locale))
            } else {
                errors.append(
                    UserError(
                        "locale", "Choose one of the supported languages: \(Messages.supportedLocales.joined(separator: ", ")).",
                        code: .invalidFormat))
            }
        }
        customTargets(input.customTargets)
    }

    private mutating func customTargets(_ patch: Patch<CustomTargetsInput>) {
        switch patch {
        case .unchanged: return
        case .cleared: changes += TargetNutrient.allCases.map { .customTarget($0, nil) }
        case .set(let input):
            for (nutrient, value) in input.targets {
                let field = nutrient.inputField
                switch value {
                case .unchanged: continue
                case .cleared: changes.append(.customTarget(nutrient, nil))
                case .set(let amount):
                    let range = CustomTargets.bounds[nutrient]!
                    if range.contains(amount) {
                        changes.append(.customTarget(nutrient, (amount * 10).rounded() / 10))
                    } else {
                        errors.append(
                            UserError(
                                field: ["customTargets", field],
                                message: "Enter a value from \(jsNumber(range.lowerBound)) to \(jsNumber(range.upperBound)).", code: .outOfRange))
                    }
                }
            }
        }
    }

    private static func cannotClear(_ field: String) -> UserError { UserError(field, "This cannot be cleared.", code: .required) }

    private mutating func text(_ patch: Patch<String>, _ field: String, maximum: Int, _ change: (String?) -> ProfileChange) {
        switch patch {
        case .unchanged: break
        case .cleared: changes.append(change(nil))
        case .set(let value):
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if InputText.hasForbiddenCharacters(trimmed) {
                errors.append(UserError(field, "Remove the control characters.", code: .invalidFormat))
            } else if InputText.length(trimmed) > maximum {
                errors.append(UserError(field, "Use at most \(maximum) characters.", code: .tooLong))
            } else {
                changes.append(change(trimmed.isEmpty ? nil : trimmed))
            }
        }
    }

    private mutating func required<Value>(_ patch: Patch<Value>, _ field: String, _ change: (Value) -> ProfileChange) {
        switch patch {
        case .unchanged: break
        case .cleared: errors.append(Self.cannotClear(field))
        case .set(let value): changes.append(change(value))
        }
    }

    private mutating func number(_ patch: Patch<Double>, _ field: String, _ range: ClosedRange<Double>, _ change: (Double?) -> ProfileChange) {
        switch patch {
        case .unchanged: break
        case .cleared: changes.append(change(nil))
        case .set(let value):
            if range.contains(value) {
                changes.append(change(value))
            } else {
                errors.append(
                    UserError(field, "Enter a value from \(jsNumber(range.lowerBound)) to \(jsNumber(range.upperBound)).", code: .outOfRange))
            }
        }
    }

    private func jsNumber(_ value: Double) -> String { value.rounded() == value ? String(Int(value)) : String(value) }

    private mutating func restrictions(_ patch: Patch<DietaryRestrictionsInput>) {
        let given: DietaryRestrictionsInput
        switch patch {
        case .unchanged: return
        case .cleared:
            changes += [.allergies([]), .illnesses([]), .dislikedFoods([]), .pregnant(false)]
            return
        case .set(let restrictions): given = restrictions
        }
        for (field, list, change) in [
            ("allergies", given.allergies, ProfileChange.allergies), ("illnesses", given.illnesses, ProfileChange.illnesses),
            ("dislikedFoods", given.dislikedFoods, ProfileChange.dislikedFoods),
        ] {
            let items: [String]
            switch list {
            case .unchanged: continue
            case .cleared: items = []
            case .set(let values): items = values.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            }
            if items.contains(where: { InputText.hasForbiddenCharacters($0) }) {
                errors.append(UserError(field: ["restrictions", field], message: "Remove the control characters.", code: .invalidFormat))
            } else if items.count > 50 || items.contains(where: { InputText.length($0) > 100 }) {
                errors.append(UserError(field: ["restrictions", field], message: "Up to 50 entries of at most 100 characters.", code: .tooLong))
            } else {
                changes.append(change(items))
            }
        }
        switch given.pregnant {
        case .unchanged: break
        case .cleared: changes.append(.pregnant(false))
        case .set(let pregnant): changes.append(.pregnant(pregnant))
        }
    }

    private mutating func notifications(_ patch: Patch<NotificationSettingsInput>) {
        var switched: [String: Bool] = [:]
        var reset: [String] = []
        switch patch {
        case .unchanged: return
        case .cleared: reset = NotificationSettings.names
        case .set(let input):
            for (name, value) in input.switches {
                switch value {
                case .unchanged: break
                case .cleared: reset.append(name)
                case .set(let on): switched[name] = on
                }
            }
        }
        if !switched.isEmpty || !reset.isEmpty { changes.append(.notifications(switched: switched, reset: reset)) }
    }

    private mutating func address(_ patch: Patch<Address>) {
        let given: Address
        switch patch {
        case .unchanged: return
        case .cleared:
            changes.append(.shippingAddress(nil))
            return
        case .set(let address): given = address
        }
        func clean(_ value: String?) -> String? {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
            return String(value.prefix(200))
        }
        let fields: [(name: String, value: String?)] = [
            ("recipient", given.recipient), ("line1", given.line1), ("line2", given.line2), ("city", given.city), ("region", given.region),
            ("postalCode", given.postalCode), ("country", given.country), ("phone", given.phone),
        ]
        if let bad = fields.first(where: { $0.value.map { InputText.hasForbiddenCharacters($0) } == true }) {
            errors.append(UserError(field: ["shippingAddress", bad.name], message: "Remove the control characters.", code: .invalidFormat))
            return
        }
        guard let line1 = clean(given.line1), let city = clean(given.city), let region = clean(given.region),
            let postalCode = clean(given.postalCode), let country = clean(given.country)
        else {
            errors.append(
                UserError(field: ["shippingAddress"], message: "An address needs a street, city, region, postal code and country.", code: .required))
            return
        }
        changes.append(
            .shippingAddress(
                Address(
                    recipient: clean(given.recipient), line1: line1, line2: clean(given.line2), city: city, region: region,
                    postalCode: postalCode, country: country, phone: clean(given.phone))))
    }

    private mutating func budget(_ patch: Patch<WeeklyBudgetInput>, currency newCurrency: String?) {
        switch patch {
        case .unchanged: break
        case .cleared: changes.append(.clearWeeklyBudget)
        case .set(let budget):
            if let preset = budget.preset {
                changes.append(.weeklyBudget(amount: preset.amount, currency: preset.currency))
            } else if let custom = budget.customAmount {
                guard let value = custom.decimal else {
                    errors.append(UserError(field: ["weeklyBudget", "customAmount"], message: "Give an amount such as \"80.00\".", code: .invalidFormat))
                    return
                }
                if value < 60 {
                    errors.append(UserError(field: ["weeklyBudget"], message: "A weekly budget is at least 60.", code: .budgetTooLow))
                } else if value > Self.maximumBudget {
                    errors.append(UserError(field: ["weeklyBudget"], message: "A weekly budget is at most 99999999.99.", code: .outOfRange))
                } else {
                    changes.append(.weeklyBudget(amount: custom.text, currency: newCurrency))
                }
            }
        }
    }
}
