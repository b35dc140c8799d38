/// What coercing one argument of a field needs, worked out once when the schema is bound.
struct ArgumentInfo: Sendable {
    let name: String
    let type: TypeReference
    let defaultValue: ValueNode?
    /// The coercion of the argument's type when it is a scalar, nullable or not: a literal for it
    /// is then coerced without walking the type or looking it up by name.
    let scalar: (any ScalarCoercing)?

    init(_ definition: InputValueDefinition, completions: [String: Completion]) {
        name = definition.name
        type = definition.type
        defaultValue = definition.defaultValue
        if case .named(let typeName) = definition.type.nullable, case .scalar(let scalar)? = completions[typeName] {
            self.scalar = scalar.coercion
        } else {
            scalar = nil
        }
    }
}
