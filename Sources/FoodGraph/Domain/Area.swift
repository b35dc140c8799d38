import GraphQLEngine

/// One area of the graph (accounts, catalog, diary, …): its part of the schema, the Swift bindings
/// of that part, its node types and its background jobs. Areas are listed once, in `Areas.all`;
/// adding one touches its own folder and that list. An area reads another area's data through that
/// area's Swift API (its store and loaders), never its tables.
protocol Area: Sendable {
    /// The area's SDL: its own types, and `extend type Query`, `extend type Mutation` or
    /// `extend type User` for the fields it adds to shared types.
    static var schema: String { get }
    /// Binds every field, enum and mutation of `schema` (checked against it at start-up).
    static func bind(_ binder: inout SchemaBinder)
    /// What the server runs in the background for the area.
    static var jobs: [PeriodicJob] { get }
}

extension Area {
    static var jobs: [PeriodicJob] { [] }
}
