import GraphQLEngine
import Postgres
import Synchronization

/// Who may call a mutation. It must agree with the field's `@auth` in the SDL (checked at
/// start-up), which the server enforces before the mutation runs.
enum MutationAccess: Equatable, Sendable {
    case anyone
    case signedIn
    case roles(Set<Role>)
}

/// A mutation's payload: its user errors, and a payload of user errors alone for input that a
/// Swift type refused while decoding.
protocol MutationPayload: ObjectValue {
    var userErrors: [UserError] { get }
    /// Nil for payloads without `userErrors`: their input problems are errors `BAD_USER_INPUT`.
    init?(failing errors: [UserError])
}

/// What a mutation's body works with: the request, and the one transaction its writes go to.
struct MutationScope: Sendable {
    let context: RequestContext
    let transaction: PostgresTransaction
    fileprivate let committed: CommitActions

    /// Runs `action` once the mutation's transaction has committed; not at all if it rolls back.
    func afterCommit(_ action: @escaping @Sendable () -> Void) {
        committed.add(action)
    }

    var viewer: Viewer? { context.viewer }

    func requireViewer() throws -> Viewer { try context.requireViewer() }
}

/// What a mutation's preparation decided: go on to the transaction with what it checked, or
/// answer at once without opening one.
enum Preparation<Checked: Sendable, Payload: Sendable>: Sendable {
    case proceed(Checked)
    case answer(Payload)
}

extension SchemaBinder {
    /// Binds `Mutation.<name>(input:)` with the one lifecycle every mutation follows: the input
    /// decoded into `Input` (what a Swift type refuses becomes a user error naming the field), the
    /// access declared here and in the SDL, one transaction around `body`, and the payload. A payload
    /// with user errors, or any thrown error, rolls the transaction back: a failed mutation leaves
    /// nothing behind.
    mutating func mutation<Input: Decodable & Sendable, Payload: MutationPayload>(
        _ name: String, input: Input.Type, access: MutationAccess,
        _ body: @escaping @Sendable (Input, MutationScope) async throws -> Payload
    ) {
        mutation(name, input: input, access: access, prepare: { input, _ in Preparation<Input, Payload>.proceed(input) }, body)
    }

    /// The lifecycle with a step before the transaction opens, for work that must not hold a pooled
    /// connection in an open transaction, or must outlast a rollback: hashing a password (scrypt, a
    /// few hundred milliseconds of CPU) and counting password guesses (whose counts must stay when
    /// the guess is refused). `prepare` writes through `context.database` while the request holds
    /// no other connection — inside the body, a second connection would let concurrent mutations
    /// each hold one while waiting for another, and exhaust the pool. An `.answer` opens no
    /// transaction.
    mutating func mutation<Input: Decodable & Sendable, Checked: Sendable, Payload: MutationPayload>(
        _ name: String, input: Input.Type, access: MutationAccess,
        prepare: @escaping @Sendable (Input, RequestContext) async throws -> Preparation<Checked, Payload>,
        _ body: @escaping @Sendable (Checked, MutationScope) async throws -> Payload
    ) {
        mutationAccess[name] = access
        resolvers.root("Mutation", context: RequestContext.self) { mutation in
            mutation.field(name, arguments: MutationArguments<Input>.self) { arguments, context in
                .run {
                    switch arguments.input {
                    case .success(let input):
                        switch try await prepare(input, context) {
                        case .answer(let payload): payload
                        case .proceed(let checked): try await run(context) { try await body(checked, $0) }
                        }
                    case .failure(let error): try refusal(Payload.self, error)
                    }
                }
            }
        }
    }

    /// A mutation without input (`logout`).
    mutating func mutation<Payload: MutationPayload>(
        _ name: String, access: MutationAccess, _ body: @escaping @Sendable (MutationScope) async throws -> Payload
    ) {
        mutationAccess[name] = access
        resolvers.root("Mutation", context: RequestContext.self) { mutation in
            mutation.field(name) { context in .run { try await run(context, body) } }
        }
    }
}

private func run<Payload: MutationPayload>(
    _ context: RequestContext, _ body: (MutationScope) async throws -> Payload
) async throws -> Payload {
    let committed = CommitActions()
    do {
        let payload = try await context.database.withTransaction { transaction in
            let payload = try await body(MutationScope(context: context, transaction: transaction, committed: committed))
            if !payload.userErrors.isEmpty { throw RolledBack(payload: payload) }
            return payload
        }
        committed.run()
        if let writer = context.viewer?.userID { context.productCache.noteWrite(by: writer) }
        return payload
    } catch let rolledBack as RolledBack<Payload> {
        return rolledBack.payload
    }
}

private struct RolledBack<Payload: MutationPayload>: Error {
    let payload: Payload
}

private func refusal<Payload: MutationPayload>(_ type: Payload.Type, _ error: any Error) throws -> Payload {
    let userError = UserError(decoding: error)
    guard let payload = Payload(failing: [userError]) else {
        let place = userError.field.map { " (\($0.joined(separator: ".")))" } ?? ""
        throw DomainError.badUserInput(userError.message + place)
    }
    return payload
}

/// A mutation's arguments: its `input`, or why a Swift type refused it (kept, not thrown, so that
/// it becomes a user error in the payload).
private struct MutationArguments<Input: Decodable & Sendable>: Decodable, Sendable {
    let input: Result<Input, any Error>

    private enum Keys: String, CodingKey { case input }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        do {
            input = .success(try container.decode(Input.self, forKey: .input))
        } catch {
            if decoder.isBindingCheck { throw error }
            input = .failure(error)
        }
    }
}

extension UserError {
    /// The user error for a value a Swift type refused while decoding, with the path below `input`.
    init(decoding error: any Error) {
        switch error {
        case let error as InputError:
            self.init(field: error.path.isEmpty ? nil : error.path, message: error.message, code: error.code)
        case let error as DecodingError:
            let path = Array(error.inputPath.drop { $0 == "input" })
            if case .keyNotFound = error {
                self.init(field: path, message: "This is required.", code: .required)
            } else {
                self.init(field: path.isEmpty ? nil : path, message: error.reason, code: .invalidFormat)
            }
        default:
            self.init(field: nil, message: "The input is invalid.", code: .invalidFormat)
        }
    }
}

/// What a mutation's body asked to run after its commit (`MutationScope.afterCommit`).
private final class CommitActions: Sendable {
    private let actions = Mutex<[@Sendable () -> Void]>([])

    func add(_ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0.append(action) }
    }

    func run() {
        for action in actions.withLock({ $0 }) { action() }
    }
}
