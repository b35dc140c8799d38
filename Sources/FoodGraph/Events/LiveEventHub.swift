import Foundation
import Logging
import Postgres
import Synchronization

/// Hears every live event and notification of one database on ONE connection per server instance
/// (`LISTEN` on `LiveEvents.channel` and `Notifications.channel`) and hands each to the subscribers
/// of this instance that follow it, in memory. A payload names an object, never its data: each
/// subscriber loads what it selected, with its own permissions.
///
/// The listening connection is opened with the first subscriber and closed with the last, so a
/// server nobody subscribes to holds no extra connection.
final class LiveEventHub: Sendable {
    /// What a subscriber follows.
    enum Topic: Hashable, Sendable {
        case object(LiveEvent)
        /// Notifications added for this user.
        case notifications(userID: Int64)
    }

    /// Events buffered for one subscriber that has not taken them yet; past it the subscriber is
    /// too slow and its stream ends with `SUBSCRIBER_TOO_SLOW`, rather than the hub's memory growing.
    static let bufferPerSubscriber = 256

    private struct State {
        var subscribers: [Topic: [UInt64: AsyncThrowingStream<Int64, any Error>.Continuation]] = [:]
        var nextToken: UInt64 = 0
        var count = 0
        var listening: Task<Void, Never>?
    }

    private let listener: PostgresListener
    private let state = Mutex(State())

    init(conninfo: String, logger: Logger = Logger(label: "foodgraph.live-events")) {
        listener = PostgresListener(conninfo: conninfo, logger: logger)
    }

    /// The hub of the database `pool` connects to: one per pool, so one per server instance.
    static func shared(for pool: PostgresPool) -> LiveEventHub {
        hubs.withLock { hubs in
            hubs.removeAll { $0.pool == nil }
            if let entry = hubs.first(where: { $0.pool === pool }) { return entry.hub }
            let hub = LiveEventHub(conninfo: pool.configuration.listenConninfo ?? pool.configuration.conninfo)
            hubs.append(HubEntry(pool: pool, hub: hub))
            return hub
        }
    }

    private struct HubEntry: @unchecked Sendable {
        // @unchecked: `pool` is only compared and read under the registry's lock.
        weak var pool: PostgresPool?
        let hub: LiveEventHub
    }

    private static let hubs = Mutex<[HubEntry]>([])

    /// The IDs this subscriber hears of: the object's ID for `.object`, the notification's ID for
    /// `.notifications`. Ends when the consuming task is cancelled.
    func events(for topic: Topic) -> AsyncThrowingStream<Int64, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Int64, any Error>.makeStream(
            bufferingPolicy: .bufferingOldest(Self.bufferPerSubscriber))
        let token = state.withLock { state -> UInt64 in
            state.nextToken += 1
            state.subscribers[topic, default: [:]][state.nextToken] = continuation
            state.count += 1
            if state.listening == nil { state.listening = startListening() }
            return state.nextToken
        }
        continuation.onTermination = { [weak self] _ in self?.remove(token, from: topic) }
        return stream
    }

    /// Subscribers on this instance (for the metrics and the tests).
    var subscriberCount: Int { state.withLock { $0.count } }

    private func remove(_ token: UInt64, from topic: Topic) {
        let stopped = state.withLock { state -> Task<Void, Never>? in
            guard state.subscribers[topic]?.removeValue(forKey: token) != nil else { return nil }
            if state.subscribers[topic]?.isEmpty == true { state.subscribers[topic] = nil }
            state.count -= 1
            guard state.count == 0 else { return nil }
            defer { state.listening = nil }
            return state.listening
        }
        stopped?.cancel()
    }

    private func startListening() -> Task<Void, Never> {
        let listener = self.listener
        return Task { [weak self] in
            guard let notifications = try? listener.notifications(on: [LiveEvents.channel, Notifications.channel]) else { return }
            for await notification in notifications {
                guard let self else { return }
                self.deliver(notification)
            }
        }
    }

    private func deliver(_ notification: PostgresNotification) {
        let topic: Topic
        let id: Int64
        switch notification.channel {
        case LiveEvents.channel:
            guard let event = LiveEvent(payload: notification.payload) else { return }
            (topic, id) = (.object(event), event.id)
        case Notifications.channel:
            let parts = notification.payload.split(separator: ":")
            guard parts.count == 2, let userID = Int64(parts[0]), let notificationID = Int64(parts[1]) else { return }
            (topic, id) = (.notifications(userID: userID), notificationID)
        default:
            return
        }
        let continuations = state.withLock { Array(($0.subscribers[topic] ?? [:]).values) }
        for continuation in continuations {
            if case .dropped = continuation.yield(id) {
                continuation.finish(
                    throwing: DomainError(
                        .rateLimited, "This subscription fell more than \(Self.bufferPerSubscriber) events behind and was ended; subscribe again."
                    ))
            }
        }
    }
}
