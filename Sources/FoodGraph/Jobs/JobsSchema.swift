extension JobsArea {
    static let schema = #"""
    extend type Query {
      """
      The background jobs of the servers (recurring orders, expiry alerts, retention purges, mail and
      webhook delivery, data exports), newest first: what is queued, running, done or given up, with
      attempts and the last error. Administrators only. Page: `first` or `last`: 1–100 (20 when both
      are left out; not both).
      """
      jobs(status: JobStatus, first: Int, after: String, last: Int, before: String): JobConnection!
        @auth(roles: [ADMINISTRATOR])
    }

    "Where a background job is."
    enum JobStatus {
      "Waiting for its time (`runAt`); a periodic job waits here between runs."
      QUEUED
      "A server holds it (until `lockedUntil`; after that another server may take it again)."
      RUNNING
      "A one-off job that ran."
      SUCCEEDED
      "A one-off job given up after its last attempt (`lastError` says why)."
      FAILED
    }

    """
    A row of the job table. Periodic jobs (`periodicSeconds` set) run again that many seconds after
    each run; one-off jobs run once. Failed runs are retried with exponential back-off (5 s doubling,
    at most an hour).
    """
    type Job implements Node {
      id: ID!
      "What it does, e.g. `kitchen.recurringOrder`, `mail delivery`."
      kind: String!
      "Which task of its kind (`periodic` for periodic jobs)."
      key: String!
      status: JobStatus!
      "Seconds between runs of a periodic job; null for a one-off job."
      periodicSeconds: Int
      "When it is due (next)."
      runAt: DateTime!
      "Failed runs so far (a periodic job's count starts again after a success)."
      attempts: Int!
      maxAttempts: Int!
      lastError: String
      "The server holding it while it runs."
      lockedBy: String
      lockedUntil: DateTime
      lastStartedAt: DateTime
      lastFinishedAt: DateTime
      createdAt: DateTime!
    }

    type JobConnection {
      edges: [JobEdge!]!
      pageInfo: PageInfo!
    }

    type JobEdge {
      cursor: String!
      node: Job!
    }
    """#
}
