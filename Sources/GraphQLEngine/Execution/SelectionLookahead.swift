extension ResolveInfo {
    /// The names of the fields a request selects below this field, following `path` (field
    /// names, not aliases: `["edges", "node"]` for a connection's nodes), as they will be
    /// executed: fragments expanded, `@skip` and `@include` applied. A resolver uses it to read
    /// only what will be shown, such as the columns of a row. Type conditions are tested against
    /// each level's declared type, so on an abstract type this holds the fields selected on the
    /// interface itself.
    public func selectedFieldNames(along path: [String] = []) -> Set<String> {
        plan.selectedFieldNames(along: path) { workOutSelectedFieldNames(along: path) }
    }

    /// `workOut(self)`, worked out once for the field as this document selects it and kept with
    /// the document: for what depends on the selection alone (`selectedFieldNames`, `fieldNodes`),
    /// such as the columns a statement reads, which would otherwise be worked out again on every
    /// request. One value of each type per field: a resolver that needs two of one type wraps
    /// them in a type of its own.
    public func derivedFromSelection<Value: Sendable>(_ workOut: (ResolveInfo) -> Value) -> Value {
        plan.derivedFromSelection { workOut(self) }
    }

    private func workOutSelectedFieldNames(along path: [String]) -> Set<String> {
        var typeName = returnType.namedType
        var nodes = fieldNodes
        for step in path {
            guard let next = schema.field(named: step, on: typeName) else { return [] }
            nodes = selectedFields(of: nodes, on: typeName).filter { $0.name.value == step }
            typeName = next.type.namedType
        }
        return Set(selectedFields(of: nodes, on: typeName).map(\.name.value))
    }

    private func selectedFields(of nodes: [FieldNode], on typeName: String) -> [FieldNode] {
        shared.collector.collect(typeName, nodes.compactMap(\.selectionSet)).nodes.flatMap { $0 }
    }
}
