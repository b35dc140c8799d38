import Foundation
import Postgres

/// A database with every migration applied, made once per test process and copied for each test
/// (`CREATE DATABASE … TEMPLATE`), which is far faster than migrating every test's database.
public actor MigratedTemplate {
    public static let shared = MigratedTemplate()

    private var name: Task<String, any Error>?

    /// The template's name, creating it on first use from the repository's `migrations/`.
    public func templateName() async throws -> String {
        if let name { return try await name.value }
        let task = Task { try await Self.makeTemplate() }
        name = task
        return try await task.value
    }

    /// A fresh, fully migrated database for one test.
    public static func database(poolSize: Int = 4) async throws -> TestDatabase {
        try await TestDatabase.create(template: try await shared.templateName(), poolSize: poolSize)
    }

    public static var repositoryRoot: URL {
        if let root = ProcessInfo.processInfo.environment["FOODGRAPH_REPO_ROOT"] {
            return URL(fileURLWithPath: root, isDirectory: true)
        }
        // Sources/TestSupport/MigratedTemplate.swift → the repository root.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    private static func makeTemplate() async throws -> String {
        let database = try await TestDatabase.create(poolSize: 1)
        let migrations = try Migration.load(from: repositoryRoot.appendingPathComponent("migrations"))
        try await MigrationRunner(migrations: migrations, pool: database.pool).migrate()
        await database.pool.close()
        return database.name
    }
}
