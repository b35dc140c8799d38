/// What the limits measure of a field with everything below it, or of a selection set: worked
/// out once per node of the document and combined upwards, so that a fragment spread from many
/// places is measured once, however often it is spread.
struct LimitMeasure {
    /// The deepest nesting of fields below and including this one. An introspection field
    /// (`__schema`, `__type`) counts as one level: its own rules bound what is under it.
    var depth = 0
    /// The field at the bottom of the deepest path, for the error's location.
    var deepestField: FieldNode?
    /// Nodes the selection may return for one parent object (see `QueryLimits.check`), saturating.
    var cost = 0
    /// Aliased fields, counting a fragment's once for each place its fields are collected.
    var aliases = 0
    /// The most `ofType` fields along one path of an introspection query.
    var typeDepth = 0
    var deepestTypeField: FieldNode?
    /// The most introspection list fields (see `QueryLimits.introspectionListFields`) along one path.
    var listDepth = 0
    var deepestListField: FieldNode?
    /// The first connection field met without a usable page size.
    var pageSizeError: GraphQLError?

    /// Takes in a sibling: the deepest paths of either, the sums of both.
    mutating func add(_ sibling: LimitMeasure) {
        if sibling.depth > depth {
            depth = sibling.depth
            deepestField = sibling.deepestField
        }
        if sibling.typeDepth > typeDepth {
            typeDepth = sibling.typeDepth
            deepestTypeField = sibling.deepestTypeField
        }
        if sibling.listDepth > listDepth {
            listDepth = sibling.listDepth
            deepestListField = sibling.deepestListField
        }
        cost = cost.saturatingAdding(sibling.cost)
        aliases = aliases.saturatingAdding(sibling.aliases)
        if pageSizeError == nil { pageSizeError = sibling.pageSizeError }
    }
}
