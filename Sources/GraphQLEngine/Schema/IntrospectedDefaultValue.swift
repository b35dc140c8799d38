/// A default value as clients observe it: coerced to its type, then printed with input object
/// fields sorted by name, as graphql-js's `findBreakingChanges` compares defaults.
///
/// Comparing the SDL text instead would report `1.0` → `1`, `"""x"""` → `"x"` or a reordered
/// object as changes, which no client can see. Coercion here mirrors graphql-js's `valueFromAST`
/// followed by `astFromValue`: a single item given for a list becomes a one-item list, input
/// object fields left out take their own default, Float and ID literals take their canonical form.
func introspectedDefaultValue(_ value: ValueNode, as type: TypeReference, in schema: GraphQLSchema) -> String {
    switch type {
    case .nonNull(let inner):
        return introspectedDefaultValue(value, as: inner, in: schema)
    case .list(let item):
        if case .null = value { return "null" }
        if case .list(let items, _) = value {
            return "[" + items.map { introspectedDefaultValue($0, as: item, in: schema) }.joined(separator: ", ") + "]"
        }
        return "[" + introspectedDefaultValue(value, as: item, in: schema) + "]"
    case .named(let name):
        switch schema.type(named: name) {
        case .inputObject(let input):
            guard case .object(let given, _) = value else { return untypedText(value) }
            var fields: [(String, String)] = []
            for field in input.fields {
                if let node = given.first(where: { $0.name.value == field.name }) {
                    fields.append((field.name, introspectedDefaultValue(node.value, as: field.type, in: schema)))
                } else if let fieldDefault = field.defaultValue {
                    fields.append((field.name, introspectedDefaultValue(fieldDefault, as: field.type, in: schema)))
                }
            }
            fields.sort { $0.0 < $1.0 }
            return "{" + fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
        case .scalar(let scalar):
            return scalarText(value, scalarName: scalar.name)
        default:
            return untypedText(value)
        }
    }
}

private func scalarText(_ value: ValueNode, scalarName: String) -> String {
    switch (scalarName, value) {
    case ("Int", .int(let text, _)):
        return Int(text).map(String.init) ?? text
    case ("Float", .int(let text, _)), ("Float", .float(let text, _)), (_, .float(let text, _)):
        return Double(text).map(javaScriptNumberText) ?? text
    case ("ID", .string(let string)) where isIntegerText(string.value):
        return string.value
    case ("ID", .int(let text, _)):
        return text
    case (_, .string(let string)):
        return printString(string.value)
    case (_, .enumValue(let name, _)) where !BuiltInScalars.names.contains(scalarName):
        // A custom scalar parses an enum-like literal into a string and serializes it as one.
        return printString(name)
    default:
        return untypedText(value)
    }
}

/// graphql-js prints what it cannot type (an invalid default, a custom scalar's object) as parsed,
/// and only the order of object fields is normalised.
private func untypedText(_ value: ValueNode) -> String {
    switch value {
    case .list(let items, _):
        return "[" + items.map(untypedText).joined(separator: ", ") + "]"
    case .object(let fields, _):
        let sorted = fields.sorted { $0.name.value < $1.name.value }
        return "{" + sorted.map { $0.name.value + ": " + untypedText($0.value) }.joined(separator: ", ") + "}"
    case .string(let string):
        return printString(string.value)
    default:
        return printValue(value)
    }
}

/// graphql-js's `integerStringRegExp`: an ID that looks like an integer is shown as one.
private func isIntegerText(_ text: String) -> Bool {
    var digits = Substring(text)
    if digits.first == "-" { digits = digits.dropFirst() }
    guard let first = digits.first, digits.allSatisfy(\.isASCIIDigit) else { return false }
    return first != "0" || digits.count == 1
}

/// ECMAScript's `Number.prototype.toString()`: whole numbers below 10²¹ without a fraction or
/// exponent, exponents only beyond that or below 10⁻⁶ (Swift switches at other thresholds).
func javaScriptNumberText(_ number: Double) -> String {
    guard number.isFinite else { return number.isNaN ? "NaN" : (number < 0 ? "-Infinity" : "Infinity") }
    if number == 0 { return "0" }
    // Swift's description has the shortest round-tripping digits, as JavaScript's has; only the
    // layout differs. Split it into digits and the decimal point's position.
    var text = Substring(String(abs(number)))
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        exponent = Int(text[text.index(after: e)...]) ?? 0
        text = text[..<e]
    }
    var integerPart = text
    var fraction: Substring = ""
    if let point = text.firstIndex(of: ".") {
        integerPart = text[..<point]
        fraction = text[text.index(after: point)...]
    }
    var digits = String(integerPart) + String(fraction)
    var pointPosition = integerPart.count + exponent
    while digits.first == "0" && digits.count > 1 {
        digits.removeFirst()
        pointPosition -= 1
    }
    while digits.last == "0" && digits.count > 1 { digits.removeLast() }
    let k = digits.count
    let n = pointPosition
    let sign = number < 0 ? "-" : ""
    if k <= n && n <= 21 { return sign + digits + String(repeating: "0", count: n - k) }
    if 0 < n && n <= 21 {
        return sign + digits.prefix(n) + "." + digits.dropFirst(n)
    }
    if -6 < n && n <= 0 { return sign + "0." + String(repeating: "0", count: -n) + digits }
    let exponentText = n - 1 >= 0 ? "+\(n - 1)" : "\(n - 1)"
    let mantissa = k == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
    return sign + mantissa + "e" + exponentText
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
