/// Every change from `old` to `new`: breaking and dangerous ones as graphql-js 16's
/// `findBreakingChanges` and `findDangerousChanges` report them (same kinds, same messages, same
/// order among themselves), and the safe ones graphql-js leaves out (additions, safe type changes,
/// descriptions, deprecations) interleaved where they are found.
///
/// A pure function of the two schemas: no resolvers or scalar coercions are consulted, so schemas
/// built from SDL files alone compare as the running server's would.
public func schemaChanges(from old: GraphQLSchema, to new: GraphQLSchema) -> [SchemaChange] {
    var diff = SchemaDiff(old: old, new: new)
    diff.compareTypes()
    diff.compareDirectives()
    return diff.changes
}

private struct SchemaDiff {
    let old: GraphQLSchema
    let new: GraphQLSchema
    var changes: [SchemaChange] = []

    mutating func report(_ kind: SchemaChange.Kind, _ message: String) {
        changes.append(SchemaChange(kind, message))
    }

    // MARK: - Types

    mutating func compareTypes() {
        let types = Matching(old.types, new.types)
        for oldType in types.removed {
            report(
                .typeRemoved,
                BuiltInScalars.names.contains(oldType.name)
                    ? "Standard scalar \(oldType.name) was removed because it is not referenced anymore."
                    : "\(oldType.name) was removed.")
        }
        for (oldType, newType) in types.persisted {
            switch (oldType, newType) {
            case (.enumeration(let oldEnum), .enumeration(let newEnum)):
                compareValues(oldEnum, newEnum)
            case (.union(let oldUnion), .union(let newUnion)):
                compareMembers(oldUnion, newUnion)
            case (.inputObject(let oldInput), .inputObject(let newInput)):
                compareInputFields(oldInput, newInput)
            case (.object(let oldObject), .object(let newObject)):
                compareFields(of: oldObject.name, oldObject.fields, newObject.fields)
                compareInterfaces(of: oldObject.name, oldObject.interfaces, newObject.interfaces)
            case (.interface(let oldInterface), .interface(let newInterface)):
                compareFields(of: oldInterface.name, oldInterface.fields, newInterface.fields)
                compareInterfaces(of: oldInterface.name, oldInterface.interfaces, newInterface.interfaces)
            case (.scalar, .scalar):
                break
            default:
                report(
                    .typeChangedKind,
                    "\(oldType.name) changed from \(Self.kindName(oldType)) to \(Self.kindName(newType)).")
            }
            compareDescriptions(oldType.description, newType.description, of: oldType.name)
        }
        for newType in types.added {
            report(.typeAdded, "\(newType.name) was added.")
        }
    }

    private static func kindName(_ type: NamedType) -> String {
        switch type {
        case .scalar: "a Scalar type"
        case .object: "an Object type"
        case .interface: "an Interface type"
        case .union: "a Union type"
        case .enumeration: "an Enum type"
        case .inputObject: "an Input type"
        }
    }

    private mutating func compareValues(_ oldEnum: EnumType, _ newEnum: EnumType) {
        let values = Matching(oldEnum.values, newEnum.values)
        for value in values.added {
            report(.valueAddedToEnum, "\(value.name) was added to enum type \(oldEnum.name).")
        }
        for value in values.removed {
            report(.valueRemovedFromEnum, "\(value.name) was removed from enum type \(oldEnum.name).")
        }
        for (oldValue, newValue) in values.persisted {
            let path = "\(oldEnum.name).\(oldValue.name)"
            compareDescriptions(oldValue.description, newValue.description, of: path)
            compareDeprecations(oldValue.deprecationReason, newValue.deprecationReason, of: path)
        }
    }

    private mutating func compareMembers(_ oldUnion: UnionType, _ newUnion: UnionType) {
        let oldMembers = Set(oldUnion.types)
        let newMembers = Set(newUnion.types)
        for member in newUnion.types where !oldMembers.contains(member) {
            report(.typeAddedToUnion, "\(member) was added to union type \(oldUnion.name).")
        }
        for member in oldUnion.types where !newMembers.contains(member) {
            report(.typeRemovedFromUnion, "\(member) was removed from union type \(oldUnion.name).")
        }
    }

    private mutating func compareInterfaces(of typeName: String, _ oldInterfaces: [String], _ newInterfaces: [String]) {
        let oldSet = Set(oldInterfaces)
        let newSet = Set(newInterfaces)
        for interface in newInterfaces where !oldSet.contains(interface) {
            report(.implementedInterfaceAdded, "\(interface) added to interfaces implemented by \(typeName).")
        }
        for interface in oldInterfaces where !newSet.contains(interface) {
            report(.implementedInterfaceRemoved, "\(typeName) no longer implements interface \(interface).")
        }
    }

    private mutating func compareInputFields(_ oldInput: InputObjectType, _ newInput: InputObjectType) {
        let fields = Matching(oldInput.fields, newInput.fields)
        for field in fields.added {
            if Self.isRequired(field) {
                report(.requiredInputFieldAdded, "A required field \(field.name) on input type \(oldInput.name) was added.")
            } else {
                report(.optionalInputFieldAdded, "An optional field \(field.name) on input type \(oldInput.name) was added.")
            }
        }
        for field in fields.removed {
            report(.fieldRemoved, "\(oldInput.name).\(field.name) was removed.")
        }
        for (oldField, newField) in fields.persisted {
            let path = "\(oldInput.name).\(oldField.name)"
            let typeChange = "\(path) changed type from \(oldField.type) to \(newField.type)."
            if !Self.isSafeInputChange(from: oldField.type, to: newField.type) {
                report(.fieldChangedKind, typeChange)
            } else if oldField.type != newField.type {
                report(.fieldTypeChangedSafely, typeChange)
            }
            compareDescriptions(oldField.description, newField.description, of: path)
            compareDeprecations(oldField.deprecationReason, newField.deprecationReason, of: path)
        }
    }

    private mutating func compareFields(
        of typeName: String, _ oldFields: OrderedDefinitions<FieldDefinition>, _ newFields: OrderedDefinitions<FieldDefinition>
    ) {
        let fields = Matching(oldFields, newFields)
        for field in fields.removed {
            report(.fieldRemoved, "\(typeName).\(field.name) was removed.")
        }
        for (oldField, newField) in fields.persisted {
            let path = "\(typeName).\(oldField.name)"
            compareArguments(of: path, oldField.arguments, newField.arguments)
            let typeChange = "\(path) changed type from \(oldField.type) to \(newField.type)."
            if !Self.isSafeOutputChange(from: oldField.type, to: newField.type) {
                report(.fieldChangedKind, typeChange)
            } else if oldField.type != newField.type {
                report(.fieldTypeChangedSafely, typeChange)
            }
            compareDescriptions(oldField.description, newField.description, of: path)
            compareDeprecations(oldField.deprecationReason, newField.deprecationReason, of: path)
        }
        for field in fields.added {
            report(.fieldAdded, "\(typeName).\(field.name) was added.")
        }
    }

    /// graphql-js `findArgChanges`; `fieldPath` is `Type.field`.
    private mutating func compareArguments(
        of fieldPath: String, _ oldArguments: OrderedDefinitions<InputValueDefinition>,
        _ newArguments: OrderedDefinitions<InputValueDefinition>
    ) {
        let arguments = Matching(oldArguments, newArguments)
        for argument in arguments.removed {
            report(.argumentRemoved, "\(fieldPath) arg \(argument.name) was removed.")
        }
        for (oldArgument, newArgument) in arguments.persisted {
            let path = "\(fieldPath) arg \(oldArgument.name)"
            if !Self.isSafeInputChange(from: oldArgument.type, to: newArgument.type) {
                report(.argumentChangedKind, "\(path) has changed type from \(oldArgument.type) to \(newArgument.type).")
            } else {
                if oldArgument.type != newArgument.type {
                    report(
                        .argumentTypeChangedSafely, "\(path) has changed type from \(oldArgument.type) to \(newArgument.type).")
                }
                compareDefaults(oldArgument, newArgument, of: path)
            }
            compareDescriptions(oldArgument.description, newArgument.description, of: path)
            compareDeprecations(oldArgument.deprecationReason, newArgument.deprecationReason, of: path)
        }
        for argument in arguments.added {
            if Self.isRequired(argument) {
                report(.requiredArgumentAdded, "A required arg \(argument.name) on \(fieldPath) was added.")
            } else {
                report(.optionalArgumentAdded, "An optional arg \(argument.name) on \(fieldPath) was added.")
            }
        }
    }

    private mutating func compareDefaults(_ oldArgument: InputValueDefinition, _ newArgument: InputValueDefinition, of path: String) {
        switch (oldArgument.defaultValue, newArgument.defaultValue) {
        case (nil, nil):
            break
        case (nil, let newDefault?):
            let newText = introspectedDefaultValue(newDefault, as: newArgument.type, in: new)
            report(.argumentDefaultValueAdded, "\(path) has a new defaultValue \(newText).")
        case (_?, nil):
            report(.argumentDefaultValueChanged, "\(path) defaultValue was removed.")
        case (let oldDefault?, let newDefault?):
            let oldText = introspectedDefaultValue(oldDefault, as: oldArgument.type, in: old)
            let newText = introspectedDefaultValue(newDefault, as: newArgument.type, in: new)
            if oldText != newText {
                report(.argumentDefaultValueChanged, "\(path) has changed defaultValue from \(oldText) to \(newText).")
            }
        }
    }

    // MARK: - Directives

    mutating func compareDirectives() {
        let directives = Matching(old.directives, new.directives)
        for directive in directives.removed {
            report(.directiveRemoved, "\(directive.name) was removed.")
        }
        for (oldDirective, newDirective) in directives.persisted {
            let name = oldDirective.name
            let arguments = Matching(oldDirective.arguments, newDirective.arguments)
            for argument in arguments.added {
                if Self.isRequired(argument) {
                    report(.requiredDirectiveArgumentAdded, "A required arg \(argument.name) on directive \(name) was added.")
                } else {
                    report(.optionalDirectiveArgumentAdded, "An optional arg \(argument.name) on directive \(name) was added.")
                }
            }
            for argument in arguments.removed {
                report(.directiveArgumentRemoved, "\(argument.name) was removed from \(name).")
            }
            if oldDirective.isRepeatable && !newDirective.isRepeatable {
                report(.directiveRepeatableRemoved, "Repeatable flag was removed from \(name).")
            } else if !oldDirective.isRepeatable && newDirective.isRepeatable {
                report(.directiveRepeatableAdded, "Repeatable flag was added to \(name).")
            }
            for location in oldDirective.locations where !newDirective.locations.contains(location) {
                report(.directiveLocationRemoved, "\(location.rawValue) was removed from \(name).")
            }
            for location in newDirective.locations where !oldDirective.locations.contains(location) {
                report(.directiveLocationAdded, "\(location.rawValue) was added to \(name).")
            }
            compareDescriptions(oldDirective.description, newDirective.description, of: "Directive \(name)")
            for (oldArgument, newArgument) in arguments.persisted {
                compareDescriptions(
                    oldArgument.description, newArgument.description, of: "Directive \(name) arg \(oldArgument.name)")
            }
        }
        for directive in directives.added {
            report(.directiveAdded, "Directive \(directive.name) was added.")
        }
    }

    // MARK: - Descriptions and deprecations

    private mutating func compareDescriptions(_ oldDescription: String?, _ newDescription: String?, of path: String) {
        guard oldDescription != newDescription else { return }
        switch (oldDescription, newDescription) {
        case (nil, _): report(.descriptionChanged, "\(path) has a description now.")
        case (_, nil): report(.descriptionChanged, "\(path) has no description anymore.")
        default: report(.descriptionChanged, "\(path) has a new description.")
        }
    }

    private mutating func compareDeprecations(_ oldReason: String?, _ newReason: String?, of path: String) {
        switch (oldReason, newReason) {
        case (nil, let reason?):
            report(.deprecationAdded, "\(path) was deprecated: \(reason)")
        case (_?, nil):
            report(.deprecationRemoved, "\(path) is no longer deprecated.")
        case (let before?, let after?) where before != after:
            report(.deprecationReasonChanged, "\(path) deprecation reason changed from \"\(before)\" to \"\(after)\".")
        default:
            break
        }
    }

    // MARK: - Type safety (graphql-js's rules)

    private static func isRequired(_ value: InputValueDefinition) -> Bool {
        value.type.isNonNull && value.defaultValue == nil
    }

    /// Outputs are covariant: a client that handled the old type handles a non-null version of it,
    /// at any depth, but nothing else.
    static func isSafeOutputChange(from oldType: TypeReference, to newType: TypeReference) -> Bool {
        switch (oldType, newType) {
        case (.list(let oldItem), .list(let newItem)):
            return isSafeOutputChange(from: oldItem, to: newItem)
        case (.list, .nonNull(let newInner)):
            return isSafeOutputChange(from: oldType, to: newInner)
        case (.list, _):
            return false
        case (.nonNull(let oldInner), .nonNull(let newInner)):
            return isSafeOutputChange(from: oldInner, to: newInner)
        case (.nonNull, _):
            return false
        case (.named(let oldName), .named(let newName)):
            return oldName == newName
        case (.named, .nonNull(let newInner)):
            return isSafeOutputChange(from: oldType, to: newInner)
        case (.named, .list):
            return false
        }
    }

    /// Inputs are contravariant: whatever a client sent before must still be accepted, so a
    /// non-null may become nullable, at any depth, but nothing else.
    static func isSafeInputChange(from oldType: TypeReference, to newType: TypeReference) -> Bool {
        switch (oldType, newType) {
        case (.list(let oldItem), .list(let newItem)):
            return isSafeInputChange(from: oldItem, to: newItem)
        case (.list, _):
            return false
        case (.nonNull(let oldInner), .nonNull(let newInner)):
            return isSafeInputChange(from: oldInner, to: newInner)
        case (.nonNull(let oldInner), _):
            return isSafeInputChange(from: oldInner, to: newType)
        case (.named(let oldName), .named(let newName)):
            return oldName == newName
        case (.named, _):
            return false
        }
    }
}

/// graphql-js's `diff`: definitions matched by name; removed and persisted in the old order,
/// added in the new order.
private struct Matching<Element: NamedDefinition> {
    var added: [Element] = []
    var removed: [Element] = []
    var persisted: [(Element, Element)] = []

    init(_ old: OrderedDefinitions<Element>, _ new: OrderedDefinitions<Element>) {
        for element in old {
            if let match = new[element.name] { persisted.append((element, match)) } else { removed.append(element) }
        }
        for element in new where !old.contains(name: element.name) { added.append(element) }
    }
}
