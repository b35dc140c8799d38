/// A resolver's function of its source, kept in a class so that it can be applied to the source
/// where the executor holds it, inside an `any Sendable`. Taking a record out of the existential
/// copies it, retaining every reference it holds (eight for a product) for a field that reads one;
/// applied here, the function borrows the stored value instead.
final class SourceFunction<Source, Input, Output>: Sendable {
    let body: @Sendable (Source, Input) throws -> Output

    init(_ body: @escaping @Sendable (Source, Input) throws -> Output) {
        self.body = body
    }

    /// `body` applied to `source` and `input` where `source` holds exactly a `Source` (the usual
    /// case); otherwise what `otherwise` makes of it.
    @inline(__always)
    func callAsFunction(_ source: any Sendable, _ input: Input, otherwise: () throws -> Output) throws -> Output {
        // Passing the parameter on opens the existential (SE-0352). Nothing generic over the
        // opened type but the call: an `Output?` here cost a metadata look-up on every call.
        func open<Opened>(_ opened: Opened) throws -> Output {
            guard Opened.self == Source.self else { return try otherwise() }
            // Then this is that class: a stored function takes its source the same way whatever the
            // class's type arguments, so only the static type changes.
            return try unsafeDowncast(self, to: SourceFunction<Opened, Input, Output>.self).body(opened, input)
        }
        return try open(source)
    }
}
