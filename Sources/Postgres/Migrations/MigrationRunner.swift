import Foundation

/// Applies migrations in version order, each in its own transaction, and records version, name,
/// SHA-256 checksum and time in `schema_migrations`. A PostgreSQL advisory lock serialises
/// concurrent runners: a second server starting at the same time waits, then finds nothing to do.
public struct MigrationRunner: Sendable {
    public struct Status: Hashable, Sendable {
        public var applied: [AppliedMigration]
        public var pending: [Migration]
        /// Applied migrations whose file was edited or removed since.
        public var problems: [String]

        public var isCurrent: Bool { pending.isEmpty && problems.isEmpty }
    }

    /// An arbitrary constant naming FoodGraph's migration lock among the database's advisory locks.
    static let advisoryLockKey: Int64 = 0x466F_6F64_4D69_67  // "FoodMig"

    public let migrations: [Migration]
    public let pool: PostgresPool

    public init(migrations: [Migration], pool: PostgresPool) {
        self.migrations = migrations
        self.pool = pool
    }

    /// Applies every pending migration and returns those it applied. Throws, naming the file, when
    /// an applied migration's file was edited or removed, or when a migration fails (that one is
    /// rolled back; the ones before it stay applied).
    @discardableResult
    public func migrate() async throws -> [Migration] {
        try await pool.withConnection { connection in
            _ = try await connection.query("SELECT pg_advisory_lock($1)", [Self.advisoryLockKey])
            do {
                let applied = try await run(on: connection)
                _ = try await connection.query("SELECT pg_advisory_unlock($1)", [Self.advisoryLockKey])
                return applied
            } catch {
                _ = try? await connection.query("SELECT pg_advisory_unlock($1)", [Self.advisoryLockKey])
                throw error
            }
        }
    }

    /// What is applied and what is pending, without changing anything.
    public func status() async throws -> Status {
        try await pool.withConnection { connection in
            let applied = try await appliedMigrations(on: connection)
            let problems = try await verify(applied, on: connection)
            let appliedVersions = Set(applied.map(\.version))
            return Status(applied: applied, pending: migrations.filter { !appliedVersions.contains($0.version) }, problems: problems)
        }
    }

    private func run(on connection: PostgresConnection) async throws -> [Migration] {
        try await connection.execute(simple: """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version     integer PRIMARY KEY,
                name        text NOT NULL,
                checksum    text NOT NULL,
                applied_at  timestamptz NOT NULL DEFAULT now()
            )
            """)
        let applied = try await appliedMigrations(on: connection)
        if let problem = try await verify(applied, on: connection).first {
            throw MigrationError(problem)
        }
        let appliedVersions = Set(applied.map(\.version))
        var appliedNow: [Migration] = []
        for migration in migrations where !appliedVersions.contains(migration.version) {
            try await connection.execute(simple: "BEGIN")
            do {
                try await connection.execute(simple: migration.sql)
                _ = try await connection.query(
                    """
                    INSERT INTO schema_migrations (version, name, checksum)
                    VALUES ($1, $2, encode(sha256(convert_to($3, 'UTF8')), 'hex'))
                    """,
                    [migration.version, migration.name, migration.sql])
                try await connection.execute(simple: "COMMIT")
            } catch {
                try? await connection.execute(simple: "ROLLBACK")
                let reason = (error as? PostgresError)?.description ?? "\(error)"
                throw MigrationError("The migration \(migration.fileName) failed and was rolled back: \(reason).")
            }
            appliedNow.append(migration)
        }
        return appliedNow
    }

    private func appliedMigrations(on connection: PostgresConnection) async throws -> [AppliedMigration] {
        let exists = try await connection.query("SELECT to_regclass('schema_migrations') IS NOT NULL")
        guard try exists[0].decode(Bool.self, at: 0) else { return [] }
        let rows = try await connection.query(
            "SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version")
        return try rows.map { row in
            let (version, name, checksum, appliedAt) = try row.decode((Int, String, String, Date).self)
            return AppliedMigration(version: version, name: name, checksum: checksum, appliedAt: appliedAt)
        }
    }

    /// One sentence per applied migration whose file no longer matches.
    private func verify(_ applied: [AppliedMigration], on connection: PostgresConnection) async throws -> [String] {
        guard !applied.isEmpty else { return [] }
        let files = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        let present = applied.compactMap { files[$0.version] }
        let checksumRows = try await connection.query(
            "SELECT encode(sha256(convert_to(text, 'UTF8')), 'hex') FROM unnest($1::text[]) WITH ORDINALITY AS t(text, n) ORDER BY n",
            [PostgresArray(present.map(\.sql))])
        var checksums: [Int: String] = [:]
        for (migration, row) in zip(present, checksumRows) {
            checksums[migration.version] = try row.decode(String.self, at: 0)
        }
        var problems: [String] = []
        for record in applied {
            guard let file = files[record.version] else {
                problems.append(
                    "The applied migration \(String(format: "%04d", record.version))_\(record.name).sql is missing from the migrations folder; restore it.")
                continue
            }
            if checksums[record.version] != record.checksum {
                problems.append(
                    "The migration \(file.fileName) was edited after it was applied; restore the applied text and put the change in a new migration.")
            }
        }
        return problems
    }
}
