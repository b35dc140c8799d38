/// The outcome of executing an operation: `data` (absent when the request failed before execution)
/// and the errors, written straight to JSON.
public struct ExecutionResult: @unchecked Sendable {
    // @unchecked: the result tree is mutable while the executor builds it and never after; the
    // executor hands the result out only when execution is over.
    let data: ResultObject?
    /// The root's plans, which hold every plan the result's objects were built from: the objects
    /// do not count their references to them.
    let plans: FieldPlans?
    let dataIsNull: Bool
    public var errors: [GraphQLError]
    /// Extra top-level `extensions` (for example cost figures).
    public var extensions: GraphQLObject?

    init(data: ResultObject?, plans: FieldPlans?, dataIsNull: Bool = false, errors: [GraphQLError]) {
        self.data = data
        self.plans = plans
        self.dataIsNull = dataIsNull
        self.errors = errors
    }

    public static func failure(_ errors: [GraphQLError]) -> ExecutionResult {
        ExecutionResult(data: nil, plans: nil, errors: errors)
    }

    /// Whether the response has a `data` entry (it does once execution started).
    public var hasData: Bool { data != nil || dataIsNull }

    /// The response as JSON: `{"errors":[…],"data":{…},"extensions":{…}}`, keys in selection order.
    public func jsonBytes() -> [UInt8] {
        let writer = json(takingData: false)
        return writer.bytes
    }

    /// The response as `jsonBytes()` writes it, lent to `body` without a copy into an array.
    /// `takingData`: for a result not read again, its values are moved out of the tree as they are
    /// written (it reads as nulls afterwards), which spares a retain and a release for each and
    /// frees the tree as it is written (docs/performance.md).
    public func withJSONBytes<Result>(
        takingData: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        let writer = json(takingData: takingData)
        return try writer.withBytes(body)
    }

    private func json(takingData: Bool) -> JSONWriter {
        var writer = JSONWriter()
        writer.reserve(4096)
        writer.append("{")
        var needsComma = false
        if !errors.isEmpty {
            writer.append("\"errors\":[")
            for (index, error) in errors.enumerated() {
                if index > 0 { writer.append(",") }
                writer.write(error)
            }
            writer.append("]")
            needsComma = true
        }
        if hasData {
            if needsComma { writer.append(",") }
            writer.append("\"data\":")
            if let data, !dataIsNull { writer.write(data, taking: takingData) } else { writer.append("null") }
            needsComma = true
        }
        if let extensions {
            if needsComma { writer.append(",") }
            writer.append("\"extensions\":")
            writer.write(.object(extensions))
        }
        writer.append("}")
        return writer
    }

    /// `data` as a value, for tests and in-process callers.
    public var dataValue: GraphQLValue? {
        guard hasData else { return nil }
        guard let data, !dataIsNull else { return .null }
        return Self.value(of: .object(data))
    }

    private static func value(of result: ResultValue) -> GraphQLValue {
        switch result {
        case .null: .null
        case .leaf(let value): value
        case .object(let object): .object(GraphQLObject(object.keys.enumerated().map { ($1, value(of: object[$0])) }))
        case .list(let list): .list((0..<list.count).map { value(of: list[$0]) })
        }
    }
}
