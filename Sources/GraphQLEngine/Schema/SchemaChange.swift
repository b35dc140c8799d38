/// One difference between two versions of a schema, as `schemaChanges(from:to:)` reports it.
///
/// The breaking and dangerous kinds, and their messages, are graphql-js 16's `BreakingChangeType`
/// and `DangerousChangeType` word for word, so that client teams who already check their contracts
/// with graphql-js's `findBreakingChanges` get the same verdicts from `foodgraph schema diff`.
/// The safe kinds are ours: graphql-js does not report additions, descriptions or deprecations.
public struct SchemaChange: Hashable, Sendable, CustomStringConvertible {
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var severity: Severity { kind.severity }

    public var description: String { "\(severity.rawValue) \(kind.rawValue): \(message)" }

    /// What a change can do to clients that were written against the old schema.
    public enum Severity: String, Hashable, Sendable, CaseIterable, Comparable {
        /// Some valid operation becomes invalid, or a client receives what it cannot handle.
        case breaking
        /// Operations stay valid, but their results may change in ways a client may not expect
        /// (a new enum value in a response, a different default).
        case dangerous
        /// Nothing an existing client sends or receives changes.
        case safe

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public enum Kind: String, Hashable, Sendable, CaseIterable {
        // Breaking (graphql-js BreakingChangeType)
        case typeRemoved = "TYPE_REMOVED"
        case typeChangedKind = "TYPE_CHANGED_KIND"
        case typeRemovedFromUnion = "TYPE_REMOVED_FROM_UNION"
        case valueRemovedFromEnum = "VALUE_REMOVED_FROM_ENUM"
        case requiredInputFieldAdded = "REQUIRED_INPUT_FIELD_ADDED"
        case implementedInterfaceRemoved = "IMPLEMENTED_INTERFACE_REMOVED"
        case fieldRemoved = "FIELD_REMOVED"
        case fieldChangedKind = "FIELD_CHANGED_KIND"
        case requiredArgumentAdded = "REQUIRED_ARG_ADDED"
        case argumentRemoved = "ARG_REMOVED"
        case argumentChangedKind = "ARG_CHANGED_KIND"
        case directiveRemoved = "DIRECTIVE_REMOVED"
        case directiveArgumentRemoved = "DIRECTIVE_ARG_REMOVED"
        case requiredDirectiveArgumentAdded = "REQUIRED_DIRECTIVE_ARG_ADDED"
        case directiveRepeatableRemoved = "DIRECTIVE_REPEATABLE_REMOVED"
        case directiveLocationRemoved = "DIRECTIVE_LOCATION_REMOVED"
        // Dangerous (graphql-js DangerousChangeType)
        case valueAddedToEnum = "VALUE_ADDED_TO_ENUM"
        case typeAddedToUnion = "TYPE_ADDED_TO_UNION"
        case optionalInputFieldAdded = "OPTIONAL_INPUT_FIELD_ADDED"
        case optionalArgumentAdded = "OPTIONAL_ARG_ADDED"
        case implementedInterfaceAdded = "IMPLEMENTED_INTERFACE_ADDED"
        case argumentDefaultValueChanged = "ARG_DEFAULT_VALUE_CHANGE"
        // Safe (ours)
        case typeAdded = "TYPE_ADDED"
        case fieldAdded = "FIELD_ADDED"
        /// An output field became non-null, or an argument or input field became nullable.
        case fieldTypeChangedSafely = "FIELD_TYPE_CHANGED_SAFELY"
        case argumentTypeChangedSafely = "ARG_TYPE_CHANGED_SAFELY"
        /// A default where there was none: requests that gave the argument are unaffected, and
        /// those that did not got null, which a resolver must already have handled.
        case argumentDefaultValueAdded = "ARG_DEFAULT_VALUE_ADDED"
        case directiveAdded = "DIRECTIVE_ADDED"
        case optionalDirectiveArgumentAdded = "OPTIONAL_DIRECTIVE_ARG_ADDED"
        case directiveRepeatableAdded = "DIRECTIVE_REPEATABLE_ADDED"
        case directiveLocationAdded = "DIRECTIVE_LOCATION_ADDED"
        case descriptionChanged = "DESCRIPTION_CHANGED"
        case deprecationAdded = "DEPRECATION_ADDED"
        case deprecationRemoved = "DEPRECATION_REMOVED"
        case deprecationReasonChanged = "DEPRECATION_REASON_CHANGED"

        public var severity: Severity {
            switch self {
            case .typeRemoved, .typeChangedKind, .typeRemovedFromUnion, .valueRemovedFromEnum, .requiredInputFieldAdded,
                .implementedInterfaceRemoved, .fieldRemoved, .fieldChangedKind, .requiredArgumentAdded, .argumentRemoved,
                .argumentChangedKind, .directiveRemoved, .directiveArgumentRemoved, .requiredDirectiveArgumentAdded,
                .directiveRepeatableRemoved, .directiveLocationRemoved:
                .breaking
            case .valueAddedToEnum, .typeAddedToUnion, .optionalInputFieldAdded, .optionalArgumentAdded,
                .implementedInterfaceAdded, .argumentDefaultValueChanged:
                .dangerous
            case .typeAdded, .fieldAdded, .fieldTypeChangedSafely, .argumentTypeChangedSafely, .argumentDefaultValueAdded,
                .directiveAdded, .optionalDirectiveArgumentAdded, .directiveRepeatableAdded, .directiveLocationAdded,
                .descriptionChanged, .deprecationAdded, .deprecationRemoved, .deprecationReasonChanged:
                .safe
            }
        }
    }
}
