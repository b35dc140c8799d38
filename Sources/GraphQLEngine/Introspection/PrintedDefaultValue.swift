/// `__InputValue.defaultValue` as graphql-js answers it: `print(astFromValue(valueFromAST(literal)))`.
///
/// Clients see the coerced value, not the SDL text: `1.0` for a Float reads `1`, a block string
/// becomes a quoted one, a single item for a list a one-item list, and input object fields come
/// in their type's order with the defaults of those left out. A default that does not coerce to
/// its type reads null, as graphql-js's does (schema validation does not check defaults).
///
/// Unlike `introspectedDefaultValue`, which `findBreakingChanges` needs, fields are not sorted.
func printedDefaultValue(of definition: InputValueDefinition, in schema: GraphQLSchema) -> String? {
    guard let literal = definition.defaultValue,
        let value = ValueCoercion.valueFromAST(literal, type: definition.type, schema: schema, variables: GraphQLObject())
    else { return nil }
    return printedValue(value, as: definition.type, in: schema)
}

/// graphql-js's `astFromValue` followed by `print`: nil where it finds no literal for the value.
private func printedValue(_ value: GraphQLValue, as type: TypeReference, in schema: GraphQLSchema) -> String? {
    switch type {
    case .nonNull(let inner):
        let text = printedValue(value, as: inner, in: schema)
        return text == "null" ? nil : text
    case _ where value == .null:
        return "null"
    case .list(let item):
        // A value that is not a list stands for its single item, as in coercion.
        guard case .list(let items) = value else { return printedValue(value, as: item, in: schema) }
        return "[" + items.compactMap { printedValue($0, as: item, in: schema) }.joined(separator: ", ") + "]"
    case .named(let name):
        switch schema.type(named: name) {
        case .inputObject(let input)?:
            guard case .object(let object) = value else { return nil }
            let fields = input.fields.compactMap { field -> String? in
                guard let fieldValue = object[field.name], let text = printedValue(fieldValue, as: field.type, in: schema)
                else { return nil }
                return field.name + ": " + text
            }
            return "{" + fields.joined(separator: ", ") + "}"
        case .enumeration(let enumeration)?:
            guard case .enumValue(let name) = value, enumeration.values[name] != nil else { return nil }
            return name
        case .scalar(let scalar)?:
            guard let serialized = try? scalar.coercion.serialize(value) else { return nil }
            return printedScalar(serialized, isID: scalar.name == "ID")
        default:
            return nil
        }
    }
}

/// A serialized scalar as the literal graphql-js makes of it. Lists and objects, which a custom
/// scalar may hold, have none: graphql-js fails the field there, we answer null.
private func printedScalar(_ value: GraphQLValue, isID: Bool) -> String? {
    switch value {
    case .null: return nil
    case .boolean(let bool): return bool ? "true" : "false"
    case .int(let int): return String(int)
    case .float(let double): return double.isFinite ? javaScriptNumberText(double) : nil
    // A custom scalar that passes literals through holds an enum-like literal as its name; graphql-js
    // holds it as a string.
    case .string(let string), .enumValue(let string):
        return isID && isIntegerText(string) ? string : printString(string)
    case .list, .object: return nil
    }
}

/// graphql-js's `integerStringRegExp`, `^-?(?:0|[1-9][0-9]*)$`: an ID that reads as an integer is
/// printed as one.
private func isIntegerText(_ text: String) -> Bool {
    var digits = Substring(text).utf8
    if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
    guard let first = digits.first, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
        return false
    }
    return first != UInt8(ascii: "0") || digits.count == 1
}
