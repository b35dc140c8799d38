/// The rules of spec section 5, in graphql-js 16's order (which fixes the order of errors).
public enum ValidationRules {
    public static var specified: [any ValidationRule] {
        [
            ExecutableDefinitionsRule(), UniqueOperationNamesRule(), LoneAnonymousOperationRule(),
            SingleFieldSubscriptionsRule(), KnownTypeNamesRule(), FragmentsOnCompositeTypesRule(),
            VariablesAreInputTypesRule(), ScalarLeafsRule(), FieldsOnCorrectTypeRule(), UniqueFragmentNamesRule(),
            KnownFragmentNamesRule(), NoUnusedFragmentsRule(), PossibleFragmentSpreadsRule(), NoFragmentCyclesRule(),
            UniqueVariableNamesRule(), NoUndefinedVariablesRule(), NoUnusedVariablesRule(), KnownDirectivesRule(),
            UniqueDirectivesPerLocationRule(), KnownArgumentNamesRule(), UniqueArgumentNamesRule(),
            ValuesOfCorrectTypeRule(), ProvidedRequiredArgumentsRule(), VariablesInAllowedPositionRule(),
            OverlappingFieldsCanBeMergedRule(), UniqueInputFieldNamesRule(),
        ]
    }
}
