import Foundation
import Logging

/// LISTEN on a dedicated connection, delivering notifications as an async sequence. When the
/// connection is lost (a server restart, a network cut), it reconnects with backoff and listens
/// again; notifications sent while it was disconnected are lost, as PostgreSQL does not queue them.
public struct PostgresListener: Sendable {
    /// What a listener reports: its notifications, and when it starts and stops hearing them, for
    /// a consumer that must know whether it may have missed one (a cache emptied by them).
    public enum Event: Hashable, Sendable {
        /// LISTEN is in place, first or again after a loss: every notification sent from now on
        /// arrives.
        case listening
        case notification(PostgresNotification)
        /// The connection was lost: notifications sent until the next `.listening` are lost.
        case interrupted
    }

    public let conninfo: String
    public let logger: Logger
    /// After this long without a notification the listener asks its server for an answer, which
    /// must come within `answerTimeout`; otherwise the connection counts as lost. Without it, a
    /// server that stopped or a network cut that neither end saw would leave the listener
    /// waiting for ever, hearing nothing and reporting nothing.
    public let checkInterval: Duration
    public let answerTimeout: Duration

    public init(
        conninfo: String, logger: Logger = Logger(label: "postgres.listener"), checkInterval: Duration = .seconds(10),
        answerTimeout: Duration = .seconds(5)
    ) {
        self.conninfo = conninfo
        self.logger = logger
        self.checkInterval = checkInterval
        self.answerTimeout = answerTimeout
    }

    /// Notifications on the channels until the consuming task is cancelled.
    /// Channel names are identifiers: letters, digits and underscores.
    public func notifications(on channels: [String]) throws -> AsyncStream<PostgresNotification> {
        let events = try events(on: channels)
        return AsyncStream { continuation in
            let task = Task {
                for await event in events {
                    if case .notification(let notification) = event { continuation.yield(notification) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Notifications on the channels, with the connection's starts and losses, until the consuming
    /// task is cancelled.
    public func events(on channels: [String]) throws -> AsyncStream<Event> {
        for channel in channels where channel.isEmpty || !channel.utf8.allSatisfy({ $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) {
            throw PostgresError(.usage, "\"\(channel)\" is not a valid channel name: use letters, digits and underscores.")
        }
        guard let first = channels.first else { throw PostgresError(.usage, "Listen on at least one channel.") }
        let conninfo = self.conninfo
        let logger = self.logger
        let (checkInterval, answerTimeout) = (self.checkInterval, self.answerTimeout)
        // LISTEN again as the check: it changes nothing, and the connection still shows as a
        // listener in pg_stat_activity.
        let check = "LISTEN \"\(first)\""
        return AsyncStream { continuation in
            let task = Task {
                var backoff = Duration.milliseconds(100)
                while !Task.isCancelled {
                    var listening = false
                    do {
                        let connection = try await PostgresConnection.connect(conninfo, logger: logger)
                        for channel in channels { try await connection.execute(simple: "LISTEN \"\(channel)\"") }
                        listening = true
                        continuation.yield(.listening)
                        backoff = .milliseconds(100)
                        var heard = ContinuousClock.now
                        while !Task.isCancelled {
                            let notifications = try await connection.notifications(waitingUpTo: .milliseconds(250))
                            for notification in notifications { continuation.yield(.notification(notification)) }
                            if !notifications.isEmpty {
                                heard = .now
                            } else if ContinuousClock.now - heard >= checkInterval {
                                try await connection.checkAnswered(check, within: answerTimeout)
                                heard = .now
                            }
                        }
                        await connection.close()
                    } catch {
                        if listening { continuation.yield(.interrupted) }
                        guard !Task.isCancelled else { break }
                        logger.warning("listening connection lost; reconnecting", metadata: ["error": "\(error)"])
                        try? await Task.sleep(for: backoff)
                        backoff = min(backoff * 2, .seconds(5))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
