/// Input coercion (spec 6.1.2, 6.4.1, 5.6): variables from JSON, arguments from literals, with
/// graphql-js 16's messages.
enum ValueCoercion {
    // MARK: - Variables

    static func coerceVariableValues(
        _ definitions: NodeList<VariableDefinitionNode>, inputs: GraphQLObject, schema: GraphQLSchema
    ) -> (GraphQLObject, [GraphQLError]) {
        var coerced = GraphQLObject()
        var errors: [GraphQLError] = []
        for definition in definitions {
            let name = definition.variable.name.value
            let type = TypeReference(definition.type)
            let locations = [definition.location.sourceLocation]
            guard let named = schema.type(named: type.namedType), named.isInputType else {
                errors.append(
                    GraphQLError(
                        "Variable \"$\(name)\" expected value of type \"\(printType(definition.type))\" which cannot be used as an input type.",
                        locations: locations))
                continue
            }
            guard let value = inputs[name] else {
                if let defaultValue = definition.defaultValue {
                    if let value = valueFromAST(defaultValue, type: type, schema: schema, variables: GraphQLObject()) {
                        coerced[name] = value
                    }
                } else if type.isNonNull {
                    errors.append(
                        GraphQLError("Variable \"$\(name)\" of required type \"\(type)\" was not provided.", locations: locations))
                }
                continue
            }
            if value == .null && type.isNonNull {
                errors.append(GraphQLError("Variable \"$\(name)\" of non-null type \"\(type)\" must not be null.", locations: locations))
                continue
            }
            var failures: [(path: [PathComponent], value: GraphQLValue, message: String)] = []
            let result = coerceInputValue(value, type: type, schema: schema, path: []) { failures.append(($0, $1, $2)) }
            if failures.isEmpty {
                coerced[name] = result
            }
            for failure in failures {
                let at = failure.path.isEmpty ? "" : " at \"\(name)\(printPath(failure.path))\""
                errors.append(
                    GraphQLError(
                        "Variable \"$\(name)\" got invalid value \(inspect(failure.value))\(at); \(failure.message)",
                        locations: locations))
            }
        }
        return (coerced, errors)
    }

    private static func printPath(_ path: [PathComponent]) -> String {
        path.map { component in
            switch component {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }.joined()
    }

    /// graphql-js `coerceInputValue`: reports every problem through `onError`.
    static func coerceInputValue(
        _ value: GraphQLValue, type: TypeReference, schema: GraphQLSchema, path: [PathComponent],
        onError: (_ path: [PathComponent], _ value: GraphQLValue, _ message: String) -> Void
    ) -> GraphQLValue {
        switch type {
        case .nonNull(let inner):
            if value == .null {
                onError(path, value, "Expected non-nullable type \"\(type)\" not to be null.")
                return .null
            }
            return coerceInputValue(value, type: inner, schema: schema, path: path, onError: onError)
        case .list(let inner):
            if value == .null { return .null }
            if case .list(let items) = value {
                return .list(
                    items.enumerated().map { index, item in
                        coerceInputValue(item, type: inner, schema: schema, path: path + [.index(index)], onError: onError)
                    })
            }
            return .list([coerceInputValue(value, type: inner, schema: schema, path: path, onError: onError)])
        case .named(let name):
            if value == .null { return .null }
            switch schema.type(named: name) {
            case .scalar(let scalar)?:
                do {
                    return try scalar.coercion.parseValue(value)
                } catch let error as ScalarCoercionError {
                    onError(path, value, error.message)
                } catch {
                    onError(path, value, "Expected type \"\(name)\".")
                }
                return .null
            case .enumeration(let enumeration)?:
                guard case .string(let text) = value else {
                    onError(path, value, "Enum \"\(name)\" cannot represent non-string value: \(inspect(value)).")
                    return .null
                }
                guard enumeration.values[text] != nil else {
                    onError(
                        path, value,
                        "Value \(inspect(value)) does not exist in \"\(name)\" enum."
                            + didYouMean(suggestionList(text, enumeration.values.map(\.name)), subMessage: "the enum value"))
                    return .null
                }
                return .enumValue(text)
            case .inputObject(let input)?:
                guard case .object(let object) = value else {
                    onError(path, value, "Expected type \"\(name)\" to be an object.")
                    return .null
                }
                var result = GraphQLObject()
                for field in input.fields {
                    guard let fieldValue = object[field.name] else {
                        if let defaultValue = field.defaultValue {
                            result[field.name] = valueFromAST(defaultValue, type: field.type, schema: schema, variables: GraphQLObject()) ?? .null
                        } else if field.type.isNonNull {
                            onError(
                                path, value, "Field \"\(field.name)\" of required type \"\(field.type)\" was not provided.")
                        }
                        continue
                    }
                    result[field.name] = coerceInputValue(
                        fieldValue, type: field.type, schema: schema, path: path + [.key(field.name)], onError: onError)
                }
                for field in object.fields where input.fields[field.name] == nil {
                    onError(
                        path, value,
                        "Field \"\(field.name)\" is not defined by type \"\(name)\"."
                            + didYouMean(suggestionList(field.name, input.fields.map(\.name)), quoted: true))
                }
                if input.isOneOf {
                    if object.count != 1 {
                        onError(path, value, "Exactly one key must be specified for OneOf type \"\(name)\".")
                    } else if let only = object.fields.first, only.value == .null {
                        onError(path + [.key(only.name)], .null, "Field \"\(only.name)\" must be non-null.")
                    }
                }
                return .object(result)
            default:
                onError(path, value, "Expected type \"\(name)\".")
                return .null
            }
        }
    }

    // MARK: - Literals

    /// graphql-js `valueFromAST`: the coerced value of a literal, or nil when it is invalid (which
    /// validation reports). An unset variable gives nil so that the caller can use a default.
    static func valueFromAST(
        _ node: ValueNode, type: TypeReference, schema: GraphQLSchema, variables: GraphQLObject
    ) -> GraphQLValue? {
        if case .variable(let variable) = node {
            guard let value = variables[variable.name.value] else { return nil }
            if value == .null && type.isNonNull { return nil }
            return value
        }
        switch type {
        case .nonNull(let inner):
            if case .null = node { return nil }
            return valueFromAST(node, type: inner, schema: schema, variables: variables)
        case .list(let inner):
            if case .null = node { return .null }
            if case .list(let items, _) = node {
                var values: [GraphQLValue] = []
                values.reserveCapacity(items.count)
                for item in items {
                    if case .variable(let variable) = item, variables[variable.name.value] == nil {
                        if inner.isNonNull { return nil }
                        values.append(.null)
                        continue
                    }
                    guard let value = valueFromAST(item, type: inner, schema: schema, variables: variables) else { return nil }
                    values.append(value)
                }
                return .list(values)
            }
            return valueFromAST(node, type: inner, schema: schema, variables: variables).map { .list([$0]) }
        case .named(let name):
            if case .null = node { return .null }
            switch schema.type(named: name) {
            case .scalar(let scalar)?:
                if case .variable = node { return nil }
                return try? scalar.coercion.parseLiteral(node)
            case .enumeration(let enumeration)?:
                guard case .enumValue(let value, _) = node, enumeration.values[value] != nil else { return nil }
                return .enumValue(value)
            case .inputObject(let input)?:
                guard case .object(let fields, _) = node else { return nil }
                var result = GraphQLObject()
                for field in input.fields {
                    let fieldNode = fields.first { $0.name.value == field.name }
                    var missing = fieldNode == nil
                    if let fieldNode, case .variable(let variable) = fieldNode.value, variables[variable.name.value] == nil {
                        missing = true
                    }
                    if missing {
                        if let defaultValue = field.defaultValue {
                            result[field.name] = valueFromAST(defaultValue, type: field.type, schema: schema, variables: GraphQLObject())
                        } else if field.type.isNonNull {
                            return nil
                        }
                        continue
                    }
                    guard let fieldNode,
                        let value = valueFromAST(fieldNode.value, type: field.type, schema: schema, variables: variables)
                    else { return nil }
                    result[field.name] = value
                }
                if input.isOneOf {
                    guard result.count == 1, result.fields.first?.value != .null else { return nil }
                }
                return .object(result)
            default:
                return nil
            }
        }
    }

    // MARK: - Arguments

    /// graphql-js `getArgumentValues`.
    static func argumentValues(
        _ arguments: [ArgumentInfo], nodes: NodeList<ArgumentNode>, schema: GraphQLSchema, variables: GraphQLObject,
        location: Location
    ) throws(GraphQLError) -> GraphQLObject {
        var coerced: [(name: String, value: GraphQLValue)] = []
        coerced.reserveCapacity(arguments.count)
        for argument in arguments {
            let name = argument.name
            let type = argument.type
            guard let node = nodes.first(where: { $0.name.value == name }) else {
                if let defaultValue = argument.defaultValue {
                    if let value = valueFromAST(defaultValue, type: type, schema: schema, variables: GraphQLObject()) {
                        coerced.append((name, value))
                    }
                } else if type.isNonNull {
                    throw GraphQLError(
                        "Argument \"\(name)\" of required type \"\(type)\" was not provided.", locations: [location.sourceLocation])
                }
                continue
            }
            var isNull = false
            switch node.value {
            case .variable(let variable):
                guard let value = variables[variable.name.value] else {
                    if let defaultValue = argument.defaultValue {
                        if let value = valueFromAST(defaultValue, type: type, schema: schema, variables: GraphQLObject()) {
                            coerced.append((name, value))
                        }
                    } else if type.isNonNull {
                        throw GraphQLError(
                            "Argument \"\(name)\" of required type \"\(type)\" was provided the variable \"$\(variable.name.value)\" which was not provided a runtime value.",
                            locations: [node.value.location.sourceLocation])
                    }
                    continue
                }
                isNull = value == .null
            case .null:
                isNull = true
            default:
                // The usual argument: a literal of a scalar type, coerced without walking the type.
                if let scalar = argument.scalar, let value = try? scalar.parseLiteral(node.value) {
                    coerced.append((name, value))
                    continue
                }
            }
            if isNull && type.isNonNull {
                throw GraphQLError(
                    "Argument \"\(name)\" of non-null type \"\(type)\" must not be null.",
                    locations: [node.value.location.sourceLocation])
            }
            guard let value = valueFromAST(node.value, type: type, schema: schema, variables: variables) else {
                throw GraphQLError(
                    "Argument \"\(name)\" has invalid value \(printValue(node.value)).",
                    locations: [node.value.location.sourceLocation])
            }
            coerced.append((name, value))
        }
        return GraphQLObject(coerced)
    }
}

/// graphql-js `didYouMean`: ` Did you mean "a", "b", or "c"?` (at most five suggestions).
func didYouMean(_ suggestions: [String], quoted: Bool = true, subMessage: String? = nil) -> String {
    guard !suggestions.isEmpty else { return "" }
    var message = " Did you mean "
    if let subMessage { message += subMessage + " " }
    let items = suggestions.prefix(5).map { quoted ? "\"\($0)\"" : $0 }
    switch items.count {
    case 1: message += items[0]
    case 2: message += items[0] + " or " + items[1]
    default: message += items.dropLast().joined(separator: ", ") + ", or " + (items.last ?? "")
    }
    return message + "?"
}

/// graphql-js `suggestionList`: options within a lexical distance of the input, closest first.
func suggestionList(_ input: String, _ options: [String]) -> [String] {
    let lowerInput = input.lowercased()
    let inputScalars = Array(lowerInput.unicodeScalars)
    var matches: [(option: String, distance: Int)] = []
    let threshold = Int((Double(input.count) * 0.4).rounded(.down)) + 1
    for option in options {
        let lowerOption = option.lowercased()
        let distance: Int
        if lowerInput == lowerOption {
            distance = 1
        } else {
            guard let measured = lexicalDistance(inputScalars, Array(lowerOption.unicodeScalars), threshold: threshold)
            else { continue }
            distance = measured
        }
        matches.append((option, distance))
    }
    return matches.sorted { lhs, rhs in
        lhs.distance != rhs.distance ? lhs.distance < rhs.distance : naturalCompare(lhs.option, rhs.option) < 0
    }.map(\.option)
}

/// Damerau-Levenshtein (optimal string alignment) distance, or nil when above the threshold.
private func lexicalDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], threshold: Int) -> Int? {
    if a == b { return 0 }
    if abs(a.count - b.count) > threshold { return nil }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: 3)
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...max(a.count, 1) where a.count > 0 {
        let current = i % 3
        let previous = (i - 1) % 3
        rows[current][0] = i
        var smallest = i
        for j in 1...max(b.count, 1) where b.count > 0 {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(rows[previous][j] + 1, rows[current][j - 1] + 1, rows[previous][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                value = min(value, rows[(i - 2) % 3][j - 2] + 1)
            }
            rows[current][j] = value
            smallest = min(smallest, value)
        }
        if smallest > threshold { return nil }
    }
    let distance = rows[a.count % 3][b.count]
    return distance <= threshold ? distance : nil
}

/// graphql-js `naturalCompare`: digit runs compare as numbers.
func naturalCompare(_ a: String, _ b: String) -> Int {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    var i = 0
    var j = 0
    func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    while i < x.count && j < y.count {
        if isDigit(x[i]) && isDigit(y[j]) {
            var numA = 0
            repeat {
                numA = numA &* 10 &+ Int(x[i] - 48)
                i += 1
            } while i < x.count && isDigit(x[i]) && numA < 1_000_000_000_000
            var numB = 0
            repeat {
                numB = numB &* 10 &+ Int(y[j] - 48)
                j += 1
            } while j < y.count && isDigit(y[j]) && numB < 1_000_000_000_000
            if numA < numB { return -1 }
            if numA > numB { return 1 }
        } else {
            if x[i] < y[j] { return -1 }
            if x[i] > y[j] { return 1 }
            i += 1
            j += 1
        }
    }
    return x.count - i - (y.count - j)
}
