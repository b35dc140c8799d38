/// Compares typed bindings with the schema when the executable schema is built, so that a wiring
/// mistake stops the server at start-up (and fails a test) with a message naming `Type.field`:
/// a Swift return type that is not the field's type (nullability, list, scalar, object), an
/// argument or input field the Swift type reads that the schema lacks or may leave out, one the
/// schema has that the Swift type never reads, an enum value without a Swift case or the reverse.
struct BindingCheck {
    let schema: GraphQLSchema
    let resolvers: Resolvers

    func problems() -> [String] {
        var problems = resolvers.duplicates.map { "\($0) is bound twice" }
        for case .object(let object) in schema.types where !IntrospectionTypes.names.contains(object.name) {
            for field in object.fields {
                let coordinate = "\(object.name).\(field.name)"
                guard let declaration = resolvers.declarations[object.name]?[field.name] else {
                    if resolvers.requiresTypedBindings, resolvers.fields[object.name]?[field.name] != nil {
                        problems.append("\(coordinate) is bound without a declared Swift type")
                    }
                    continue
                }
                if !declaration.shape.matches(field.type) {
                    problems.append(
                        "\(coordinate) is \(field.type) in the schema, but its resolver returns \(declaration.swiftType) (\(declaration.shape))")
                }
                problems += argumentProblems(field, coordinate, declaration)
            }
        }
        for case .enumeration(let enumeration) in schema.types where !IntrospectionTypes.names.contains(enumeration.name) {
            guard let declaration = resolvers.enums[enumeration.name] else {
                if resolvers.requiresTypedBindings { problems.append("enum \(enumeration.name) has no Swift enum") }
                continue
            }
            let schemaNames = Set(enumeration.values.map(\.name))
            for name in enumeration.values.map(\.name) where !declaration.names.contains(name) {
                problems.append("\(enumeration.name).\(name) has no case in \(declaration.swiftType)")
            }
            for name in declaration.names where !schemaNames.contains(name) {
                problems.append("\(declaration.swiftType) has a case \"\(name)\" that enum \(enumeration.name) lacks")
            }
        }
        for name in resolvers.enums.keys where schema.type(named: name) == nil {
            problems.append("enum \(name) is bound but not in the schema")
        }
        return problems
    }

    private func argumentProblems(_ field: FieldDefinition, _ coordinate: String, _ declaration: FieldDeclaration) -> [String] {
        guard let probe = declaration.probeArguments else {
            return field.arguments.isEmpty
                ? [] : ["\(coordinate) takes arguments (\(field.arguments.map(\.name).joined(separator: ", "))) that its resolver never reads"]
        }
        let argumentsType = declaration.argumentsType ?? "its arguments type"
        var sampler = Sampler(schema: schema, samples: resolvers.scalarSamples)
        let sample = GraphQLValue.object(GraphQLObject(field.arguments.map { ($0.name, sampler.sample($0.type)) }))
        let recorder = KeyRecorder()
        var problems: [String] = []
        do {
            try probe(sample, recorder)
        } catch let error as DecodingError {
            problems.append("\(coordinate): \(argumentsType) cannot decode the schema's arguments at \(error.inputPath.joined(separator: ".")): \(error.reason)")
        } catch {
            problems.append("\(coordinate): \(argumentsType) cannot decode the schema's arguments: \(error)")
        }
        // Every object the decoding read: the arguments, then input objects by path. A key is
        // optional when any request for it was (`decodeIfPresent` checks `contains` before `decode`).
        var read: [[String]: Set<String>] = [:]
        var optional: [KeyRecorder.Request: Bool] = [:]
        var order: [KeyRecorder.Request] = []
        for request in recorder.requests {
            read[request.path, default: []].insert(request.key)
            var key = request
            key.isOptional = false
            if optional[key] == nil { order.append(key) }
            optional[key] = (optional[key] ?? false) || request.isOptional
        }
        for request in order {
            guard let definition = inputField(at: request.path + [request.key], in: field) else {
                let place = request.path.isEmpty
                    ? "argument \"\(request.key)\"" : "input field \((request.path + [request.key]).joined(separator: "."))"
                problems.append("\(coordinate): \(argumentsType) reads \(place), which the schema lacks")
                continue
            }
            if optional[request] == false, !definition.type.isNonNull, definition.defaultValue == nil {
                problems.append(
                    "\(coordinate): \(argumentsType) requires \(([coordinate] + request.path + [request.key]).joined(separator: ".")), which the schema lets clients leave out")
            }
        }
        for (path, keys) in read {
            let schemaNames = path.isEmpty ? field.arguments.map(\.name) : inputFields(at: path, in: field).map(\.name)
            for name in schemaNames where !keys.contains(name) {
                problems.append("\(([coordinate] + path + [name]).joined(separator: ".")) is never read by \(argumentsType)")
            }
        }
        return problems
    }

    /// The definition of the argument or nested input field at `path`.
    private func inputField(at path: [String], in field: FieldDefinition) -> InputValueDefinition? {
        guard let first = path.first, var definition = field.arguments[first] else { return nil }
        for name in path.dropFirst() {
            guard case .inputObject(let input)? = schema.type(named: definition.type.namedType), let next = input.fields[name]
            else { return nil }
            definition = next
        }
        return definition
    }

    private func inputFields(at path: [String], in field: FieldDefinition) -> [InputValueDefinition] {
        guard let definition = inputField(at: path, in: field),
            case .inputObject(let input)? = schema.type(named: definition.type.namedType)
        else { return [] }
        return Array(input.fields)
    }
}

/// A value of every input type, every field present, for decoding by the check.
private struct Sampler {
    let schema: GraphQLSchema
    let samples: [String: GraphQLValue]
    var depth = 0

    mutating func sample(_ type: TypeReference) -> GraphQLValue {
        switch type {
        case .nonNull(let inner): return sample(inner)
        case .list(let inner): return .list([sample(inner)])
        case .named(let name):
            if let value = samples[name] { return value }
            switch schema.type(named: name) {
            case .enumeration(let enumeration)?: return .enumValue(enumeration.values.first?.name ?? "")
            case .inputObject(let input)?:
                // Recursive input types end at a null.
                guard depth < 8 else { return .null }
                depth += 1
                defer { depth -= 1 }
                return .object(GraphQLObject(input.fields.map { ($0.name, sample($0.type)) }))
            default:
                switch name {
                case "Int": return .int(1)
                case "Float": return .float(1)
                case "Boolean": return .boolean(true)
                default: return .string("1")
                }
            }
        }
    }
}
