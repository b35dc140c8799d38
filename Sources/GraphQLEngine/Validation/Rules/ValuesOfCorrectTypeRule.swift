/// 5.6.1 Values of Correct Type, including `@oneOf` input objects.
struct ValuesOfCorrectTypeRule: ValidationRule {
    static let visitedKinds: [VisitedNode.Kind] = [.value, .objectField]

    mutating func enter(_ node: VisitedNode, _ context: inout ValidationContext) {
        switch node {
        case .value(let value):
            check(value, &context)
        case .objectField(let field):
            guard let parentType = context.inputTypes.dropLast().last ?? nil,
                case .inputObject(let input)? = context.schema.type(named: parentType.namedType),
                input.fields[field.name.value] == nil
            else { return }
            let suggestions = suggestionList(field.name.value, input.fields.map(\.name))
            context.report(
                "Field \"\(field.name.value)\" is not defined by type \"\(input.name)\"." + didYouMean(suggestions), [field.location])
        default:
            break
        }
    }

    private func check(_ value: ValueNode, _ context: inout ValidationContext) {
        guard let type = context.inputType else { return }
        switch value {
        case .variable:
            return
        case .null(let location):
            if type.isNonNull { context.report("Expected value of type \"\(type)\", found null.", [location]) }
        case .list(let items, _):
            if case .list = type.nullable { return }
            // A single value where a list is expected: checked as the item type by the walk below.
            _ = items
            checkLeaf(value, type, &context)
        case .object(let fields, let location):
            guard case .inputObject(let input)? = context.schema.type(named: type.namedType) else {
                checkLeaf(value, type, &context)
                return
            }
            if case .list = type.nullable {
                checkLeaf(value, type, &context)
                return
            }
            for field in input.fields where field.type.isNonNull && field.defaultValue == nil {
                if !fields.contains(where: { $0.name.value == field.name }) {
                    context.report(
                        "Field \"\(input.name).\(field.name)\" of required type \"\(field.type)\" was not provided.", [location])
                }
            }
            if input.isOneOf {
                if fields.count != 1 {
                    context.report("OneOf Input Object \"\(input.name)\" must specify exactly one key.", [location])
                } else if let only = fields.first, case .null = only.value {
                    context.report("Field \"\(input.name).\(only.name.value)\" must be non-null.", [location])
                }
            }
        default:
            checkLeaf(value, type, &context)
        }
    }

    /// graphql-js `isValidValueNode` for a literal at a leaf (or wrongly non-leaf) position.
    private func checkLeaf(_ value: ValueNode, _ locationType: TypeReference, _ context: inout ValidationContext) {
        var type = locationType
        while case .list(let inner) = type.nullable { type = inner }
        switch context.schema.type(named: type.namedType) {
        case .scalar(let scalar)?:
            do {
                _ = try scalar.coercion.parseLiteral(value)
            } catch let error as ScalarCoercionError {
                context.report(error.message, [value.location])
            } catch {
                context.report("Expected value of type \"\(locationType)\", found \(printValue(value)).", [value.location])
            }
        case .enumeration(let enumeration)?:
            guard case .enumValue(let name, _) = value else {
                context.report(
                    "Enum \"\(enumeration.name)\" cannot represent non-enum value: \(printValue(value))."
                        + didYouMean(suggestionList(printValue(value), enumeration.values.map(\.name)), subMessage: "the enum value"),
                    [value.location])
                return
            }
            if enumeration.values[name] == nil {
                context.report(
                    "Value \"\(name)\" does not exist in \"\(enumeration.name)\" enum."
                        + didYouMean(suggestionList(name, enumeration.values.map(\.name)), subMessage: "the enum value"),
                    [value.location])
            }
        case nil:
            return
        default:
            context.report("Expected value of type \"\(locationType)\", found \(printValue(value)).", [value.location])
        }
    }
}
