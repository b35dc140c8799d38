import GraphQLEngine
import Postgres

// Transitional home: this belongs in Domain/MutationLifecycle.swift, next to `mutation`, whose
// private pieces it repeats (see the Accounts report). Nothing here is specific to Accounts.

/// What a mutation's preparation decided: go on to the transaction with what it checked, or
/// answer at once without opening one.
enum Preparation<Checked: Sendable, Payload: Sendable>: Sendable {
    case proceed(Checked)
    case answer(Payload)
}

extension SchemaBinder {
    /// The one mutation lifecycle (`mutation(_:input:access:_:)`) with a step before the
    /// transaction opens. `prepare` is for work that must not hold a pooled connection in an open
    /// transaction, or must outlast a rollback: hashing a password (scrypt: a few hundred
    /// milliseconds of CPU) and counting password guesses (`LoginThrottle`, whose counts must stay
    /// when the guess is refused). A write `prepare` makes is deliberate and outlives the mutation;
    /// it goes through `context.database` while this request holds no other connection, so
    /// concurrent mutations cannot all hold a connection each while waiting for a second one.
    ///
    /// Everything else is the lifecycle: the input decoded into `Input` (a Swift type's refusal is
    /// a user error naming the field), the declared access (checked against `@auth` at start-up),
    /// one transaction around `body`, and a payload with user errors or a thrown error rolling it
    /// back. An `.answer` from `prepare` opens no transaction.
    mutating func mutation<Input: Decodable & Sendable, Checked: Sendable, Payload: MutationPayload>(
        _ name: String, input: Input.Type, access: MutationAccess,
        prepare: @escaping @Sendable (Input, RequestContext) async throws -> Preparation<Checked, Payload>,
        _ body: @escaping @Sendable (Checked, MutationScope) async throws -> Payload
    ) {
        mutationAccess[name] = access
        resolvers.root("Mutation", context: RequestContext.self) { mutation in
            mutation.field(name, arguments: PreparedMutationArguments<Input>.self) { arguments, context in
                .run {
                    let input: Input
                    switch arguments.input {
                    case .success(let decoded): input = decoded
                    case .failure(let error): return try preparedRefusal(Payload.self, error)
                    }
                    switch try await prepare(input, context) {
                    case .answer(let payload): return payload
                    case .proceed(let checked): return try await transact(context) { try await body(checked, $0) }
                    }
                }
            }
        }
    }
}

/// One transaction around `body`; a payload with user errors rolls it back and is returned.
private func transact<Payload: MutationPayload>(
    _ context: RequestContext, _ body: (MutationScope) async throws -> Payload
) async throws -> Payload {
    do {
        return try await context.database.withTransaction { transaction in
            let payload = try await body(MutationScope(context: context, transaction: transaction))
            if !payload.userErrors.isEmpty { throw PreparedRollback(payload: payload) }
            return payload
        }
    } catch let rolledBack as PreparedRollback<Payload> {
        return rolledBack.payload
    }
}

private struct PreparedRollback<Payload: MutationPayload>: Error {
    let payload: Payload
}

private func preparedRefusal<Payload: MutationPayload>(_ type: Payload.Type, _ error: any Error) throws -> Payload {
    let userError = UserError(decoding: error)
    guard let payload = Payload(failing: [userError]) else {
        let place = userError.field.map { " (\($0.joined(separator: ".")))" } ?? ""
        throw DomainError.badUserInput(userError.message + place)
    }
    return payload
}

/// The mutation's `input`, or why a Swift type refused it (kept, to become a user error).
private struct PreparedMutationArguments<Input: Decodable & Sendable>: Decodable, Sendable {
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
