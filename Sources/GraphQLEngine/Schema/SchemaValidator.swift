/// The type system rules graphql-js's `validateSchema` checks, with its messages.
struct SchemaValidator {
    let schema: GraphQLSchema
    let definitions: [String: TypeDefinitionNode]
    private var errors: [GraphQLError] = []

    init(schema: GraphQLSchema, definitions: [String: TypeDefinitionNode]) {
        self.schema = schema
        self.definitions = definitions
    }

    mutating func validate() -> [GraphQLError] {
        validateRootTypes()
        for type in schema.types where !IntrospectionTypes.names.contains(type.name) {
            validateName(type.name, node: definitions[type.name]?.name.location)
            switch type {
            case .object(let object):
                validateFields(of: object.name, object.fields)
                validateInterfaces(of: object.name, object.interfaces, fields: object.fields)
            case .interface(let interface):
                validateFields(of: interface.name, interface.fields)
                validateInterfaces(of: interface.name, interface.interfaces, fields: interface.fields)
            case .union(let union):
                validateUnion(union)
            case .enumeration(let enumeration):
                if enumeration.values.isEmpty { report("Enum type \(enumeration.name) must define one or more values.", enumeration.name) }
            case .inputObject(let input):
                validateInputObject(input)
            case .scalar:
                break
            }
        }
        for directive in schema.directives where !IntrospectionTypes.specifiedDirectiveNames.contains(directive.name) {
            for argument in directive.arguments {
                guard let type = known(argument.type, at: "@\(directive.name)(\(argument.name):)") else { continue }
                if !type.isInputType {
                    report(
                        "The type of @\(directive.name)(\(argument.name):) must be Input Type but got: \(argument.type).", nil)
                }
            }
        }
        validateInputCycles()
        return errors
    }

    private mutating func validateRootTypes() {
        guard let queryName = schema.queryTypeName else {
            report("Query root type must be provided.", nil)
            return
        }
        for (operation, name) in [("Query", queryName), ("Mutation", schema.mutationTypeName), ("Subscription", schema.subscriptionTypeName)] {
            guard let name else { continue }
            switch schema.type(named: name) {
            case .object?: break
            case nil: report("Unknown type \"\(name)\".", nil)
            default: report("\(operation) root type must be Object type, it cannot be \(name).", name)
            }
        }
    }

    private mutating func validateName(_ name: String, node: Location?) {
        if name.hasPrefix("__") {
            errors.append(
                SchemaBuilder.error("Name \"\(name)\" must not begin with \"__\", which is reserved by GraphQL introspection.", node))
        }
    }

    private mutating func validateFields(of typeName: String, _ fields: OrderedDefinitions<FieldDefinition>) {
        if fields.isEmpty { report("Type \(typeName) must define one or more fields.", typeName) }
        for field in fields {
            if let type = known(field.type, at: "\(typeName).\(field.name)"), !type.isOutputType {
                report("The type of \(typeName).\(field.name) must be Output Type but got: \(field.type).", typeName)
            }
            for argument in field.arguments {
                let coordinate = "\(typeName).\(field.name)(\(argument.name):)"
                if let type = known(argument.type, at: coordinate), !type.isInputType {
                    report("The type of \(coordinate) must be Input Type but got: \(argument.type).", typeName)
                }
                if argument.type.isNonNull && argument.deprecationReason != nil {
                    report("Required argument \(coordinate) cannot be deprecated.", typeName)
                }
            }
        }
    }

    private mutating func validateInterfaces(of typeName: String, _ interfaces: [String], fields: OrderedDefinitions<FieldDefinition>) {
        var seen: Set<String> = []
        for interfaceName in interfaces {
            guard case .interface(let interface)? = schema.type(named: interfaceName) else {
                if schema.type(named: interfaceName) == nil {
                    report("Unknown type \"\(interfaceName)\".", typeName)
                } else {
                    report("Type \(typeName) must only implement Interface types, it cannot implement \(interfaceName).", typeName)
                }
                continue
            }
            if interfaceName == typeName {
                report("Type \(typeName) cannot implement itself because it would create a circular reference.", typeName)
                continue
            }
            if !seen.insert(interfaceName).inserted {
                report("Type \(typeName) can only implement \(interfaceName) once.", typeName)
                continue
            }
            for transitive in interface.interfaces where !interfaces.contains(transitive) {
                report(
                    "Type \(typeName) must implement \(transitive) because it is implemented by \(interfaceName).", typeName)
            }
            for interfaceField in interface.fields {
                guard let field = fields[interfaceField.name] else {
                    report(
                        "Interface field \(interfaceName).\(interfaceField.name) expected but \(typeName) does not provide it.",
                        typeName)
                    continue
                }
                if !isTypeSubType(field.type, of: interfaceField.type) {
                    report(
                        "Interface field \(interfaceName).\(interfaceField.name) expects type \(interfaceField.type) but \(typeName).\(field.name) is type \(field.type).",
                        typeName)
                }
                for interfaceArgument in interfaceField.arguments {
                    guard let argument = field.arguments[interfaceArgument.name] else {
                        report(
                            "Interface field argument \(interfaceName).\(interfaceField.name)(\(interfaceArgument.name):) expected but \(typeName).\(field.name) does not provide it.",
                            typeName)
                        continue
                    }
                    if argument.type != interfaceArgument.type {
                        report(
                            "Interface field argument \(interfaceName).\(interfaceField.name)(\(interfaceArgument.name):) expects type \(interfaceArgument.type) but \(typeName).\(field.name)(\(argument.name):) is type \(argument.type).",
                            typeName)
                    }
                }
                for argument in field.arguments where interfaceField.arguments[argument.name] == nil && argument.type.isNonNull {
                    report(
                        "Argument \"\(typeName).\(field.name)(\(argument.name):)\" must not be required type \"\(argument.type)\" if not provided by the Interface field \"\(interfaceName).\(interfaceField.name)\".",
                        typeName)
                }
            }
        }
    }

    /// graphql-js `isTypeSubTypeOf` for output field types (covariance).
    private func isTypeSubType(_ maybeSubType: TypeReference, of superType: TypeReference) -> Bool {
        switch (maybeSubType, superType) {
        case (.nonNull(let inner), .nonNull(let superInner)): return isTypeSubType(inner, of: superInner)
        case (.nonNull(let inner), _): return isTypeSubType(inner, of: superType)
        case (_, .nonNull): return false
        case (.list(let inner), .list(let superInner)): return isTypeSubType(inner, of: superInner)
        case (.list, _), (_, .list): return false
        case (.named(let name), .named(let superName)):
            return name == superName || schema.isSubType(name, of: superName)
        }
    }

    private mutating func validateUnion(_ union: UnionType) {
        if union.types.isEmpty { report("Union type \(union.name) must define one or more member types.", union.name) }
        var seen: Set<String> = []
        for member in union.types {
            if !seen.insert(member).inserted {
                report("Union type \(union.name) can only include type \(member) once.", union.name)
                continue
            }
            switch schema.type(named: member) {
            case .object?: break
            case nil: report("Unknown type \"\(member)\".", union.name)
            default: report("Union type \(union.name) can only include Object types, it cannot include \(member).", union.name)
            }
        }
    }

    private mutating func validateInputObject(_ input: InputObjectType) {
        if input.fields.isEmpty { report("Input Object type \(input.name) must define one or more fields.", input.name) }
        for field in input.fields {
            let coordinate = "\(input.name).\(field.name)"
            if let type = known(field.type, at: coordinate), !type.isInputType {
                report("The type of \(coordinate) must be Input Type but got: \(field.type).", input.name)
            }
            if field.type.isNonNull && field.defaultValue == nil && field.deprecationReason != nil {
                report("Required input field \(coordinate) cannot be deprecated.", input.name)
            }
            if input.isOneOf {
                if field.type.isNonNull { report("OneOf input field \(coordinate) must be nullable.", input.name) }
                if field.defaultValue != nil { report("OneOf input field \(coordinate) cannot have a default value.", input.name) }
            }
        }
    }

    /// Input objects may not contain themselves through non-null, non-list fields: no value could be written.
    private mutating func validateInputCycles() {
        var visited: Set<String> = []
        for case .inputObject(let input) in schema.types where !visited.contains(input.name) {
            var path: [String] = []
            var onPath: [String: Int] = [:]
            detectCycle(from: input, visited: &visited, path: &path, onPath: &onPath)
        }
    }

    private mutating func detectCycle(
        from input: InputObjectType, visited: inout Set<String>, path: inout [String], onPath: inout [String: Int]
    ) {
        if visited.contains(input.name) { return }
        visited.insert(input.name)
        onPath[input.name] = path.count
        for field in input.fields {
            guard case .nonNull(.named(let name)) = field.type, case .inputObject(let fieldType)? = schema.type(named: name) else {
                continue
            }
            path.append(field.name)
            if let cycleStart = onPath[name] {
                let cycle = path[cycleStart...].joined(separator: ".")
                report(
                    "Cannot reference Input Object \"\(name)\" within itself through a series of non-null fields: \"\(cycle)\".",
                    name)
            } else {
                detectCycle(from: fieldType, visited: &visited, path: &path, onPath: &onPath)
            }
            path.removeLast()
        }
        onPath[input.name] = nil
    }

    private mutating func known(_ type: TypeReference, at coordinate: String) -> NamedType? {
        guard let named = schema.type(named: type.namedType) else {
            let candidates = Array(BuiltInScalars.names) + schema.types.map(\.name).filter { !$0.hasPrefix("__") }
            report("Unknown type \"\(type.namedType)\"." + didYouMean(suggestionList(type.namedType, Array(Set(candidates)))), nil)
            return nil
        }
        return named
    }

    private mutating func report(_ message: String, _ typeName: String?, location: Location? = nil) {
        let location = location ?? typeName.flatMap { definitions[$0]?.name.location }
        let error = SchemaBuilder.error(message, location)
        if !errors.contains(error) { errors.append(error) }
    }
}
