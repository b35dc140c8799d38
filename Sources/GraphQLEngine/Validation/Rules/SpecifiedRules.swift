/// The rules of spec section 5, in graphql-js 16's order (which fixes the order of errors).
public enum ValidationRules {
    public static var specified: [any ValidationRule] {
        []
    }
}
