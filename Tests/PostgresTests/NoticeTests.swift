import Foundation
import Logging
import Postgres
import Synchronization
import Testing
import TestSupport

/// What the server says outside results (notices, warnings, the FATAL of a terminated backend)
/// goes to the logger at debug level, never straight to standard error as libpq's default does.
@Suite(.serialized) struct NoticeTests {
    /// Keeps what is logged.
    final class Recorder: LogHandler, @unchecked Sendable {
        let entries = Mutex<[(Logger.Level, String, Logger.Metadata)]>([])
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            entries.withLock { $0.append((event.level, event.message.description, event.metadata ?? [:])) }
        }
    }

    /// What the process writes to standard error while `body` runs (it is shown again afterwards).
    static func standardError(during body: () async throws -> Void) async rethrows -> String {
        let saved = dup(2)
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        dup2(ends[1], 2)
        close(ends[1])
        do {
            try await body()
        } catch {
            dup2(saved, 2)
            throw error
        }
        dup2(saved, 2)
        close(saved)
        let data = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
        FileHandle.standardError.write(data)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func noticesGoToTheLoggerNotToStandardError() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let marker = "notice-\(UUID().uuidString)"
        let recorder = Recorder()
        let written = try await Self.standardError {
            let quiet = try await PostgresConnection.connect(database.url)
            try await quiet.execute(simple: "DO $$ BEGIN RAISE NOTICE '\(marker) quiet'; RAISE WARNING '\(marker) warning'; END $$")
            await quiet.close()
            let logged = try await PostgresConnection.connect(database.url, logger: Logger(label: "postgres") { _ in recorder })
            try await logged.execute(simple: "DO $$ BEGIN RAISE NOTICE '\(marker) logged'; END $$")
            await logged.close()
        }
        #expect(!written.contains(marker), "libpq printed: \(written)")
        let entries = recorder.entries.withLock { $0 }
        let notice = entries.first { $0.1.contains("\(marker) logged") }
        #expect(notice?.0 == .debug)
        #expect(notice?.2["severity"] == "NOTICE")
        #expect(notice?.2["sqlstate"] == "00000")
        #expect(!entries.contains { $0.1.contains("quiet") })
    }

    @Test func aTerminatedBackendsFATALIsLoggedNotPrinted() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let recorder = Recorder()
        let written = try await Self.standardError {
            let victim = try await PostgresConnection.connect(database.url, logger: Logger(label: "postgres") { _ in recorder })
            let quietVictim = try await PostgresConnection.connect(database.url)
            let killer = try await PostgresConnection.connect(database.url)
            for pid in [victim.backendPID, quietVictim.backendPID] {
                _ = try await killer.query("SELECT pg_terminate_backend($1)", [Int(pid)])
            }
            // An idle connection reading its socket (a listener waiting for notifications) gets
            // the FATAL outside any result: libpq hands it to the notice receiver.
            _ = try? await victim.notifications(waitingUpTo: .seconds(5))
            _ = try? await quietVictim.notifications(waitingUpTo: .seconds(5))
            await killer.close()
            await victim.close()
            await quietVictim.close()
        }
        #expect(!written.contains("FATAL"), "libpq printed: \(written)")
        let fatal = recorder.entries.withLock { $0 }.first { $0.2["severity"] == "FATAL" }
        #expect(fatal?.0 == .debug)
        #expect(fatal?.1.contains("terminating connection") == true)
    }
}
