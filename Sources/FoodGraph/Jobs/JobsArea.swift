import GraphQLEngine

/// Schema enum `JobStatus`.
enum JobStatus: String, GraphQLEnum {
    case queued = "QUEUED"
    case running = "RUNNING"
    case succeeded = "SUCCEEDED"
    case failed = "FAILED"

    static let graphQLTypeName = "JobStatus"
}

private struct JobsArguments: Decodable, Sendable {
    var status: JobStatus?
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?

    var page: PageArguments { PageArguments(first: first, after: after, last: last, before: before) }
}

/// The job runner's table, for administrators (`Query.jobs`, `node(id:)`).
enum JobsArea: Area {
    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(JobStatus.self)
        binder.query { query in
            query.field("jobs", arguments: JobsArguments.self) { arguments, context in
                let page = try Page(arguments.page)
                return Resolved<Connection<JobRecord>>.run { try await JobQueue.page(status: arguments.status, page, in: context.database) }
            }
        }
        binder.object(JobRecord.self) { job in
            job.field("id") { $0.globalID }
            job.field("kind") { $0.kind }
            job.field("key") { $0.key }
            job.field("status") { $0.status }
            job.field("periodicSeconds") { $0.periodicSeconds }
            job.field("runAt") { $0.runAt }
            job.field("attempts") { $0.attempts }
            job.field("maxAttempts") { $0.maxAttempts }
            job.field("lastError") { $0.lastError }
            job.field("lockedBy") { $0.lockedBy }
            job.field("lockedUntil") { $0.lockedUntil }
            job.field("lastStartedAt") { $0.lastStartedAt }
            job.field("lastFinishedAt") { $0.lastFinishedAt }
            job.field("createdAt") { $0.createdAt }
        }
        binder.connection(of: JobRecord.self)
        // node(id:): administrators only, as `jobs`.
        binder.node(JobRecord.self) { key, context in
            guard context.viewer?.isAdministrator == true else { return .null }
            return .run { try await JobQueue.load([key], from: context.database)[key] }
        }
    }
}
