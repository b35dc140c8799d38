import HummingbirdWebSocket
import NIOCore
import Synchronization

/// The one queue of messages to a client, bounded: a client that lets `capacity` messages pile up
/// (it does not read, the socket's buffer is full) is closed with 4500, and what was queued for it
/// is dropped, so a slow client costs the server a bounded amount of memory.
final class WebSocketOutbox: Sendable {
    private let continuation: AsyncStream<String>.Continuation
    private let stream: AsyncStream<String>
    private let capacity: Int
    private let channel: any Channel
    /// The close code and reason, once the server decided to close.
    private let closing = Mutex<(code: GraphQLWebSocketClose, reason: String)?>(nil)
    /// How long a closing connection may take to flush its queue and say goodbye before it is cut.
    static let closeGrace: Duration = .seconds(2)

    init(capacity: Int, channel: any Channel) {
        (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(capacity))
        self.capacity = capacity
        self.channel = channel
    }

    var isClosing: Bool { closing.withLock { $0 != nil } }

    func send(_ message: String) {
        guard !isClosing else { return }
        if case .dropped = continuation.yield(message) {
            close(.tooSlow, "Too slow: more than \(capacity) messages were waiting to be read")
        }
    }

    /// Closes with `code` after the messages already queued; a client that does not read them in
    /// `closeGrace` is disconnected.
    func close(_ code: GraphQLWebSocketClose, _ reason: String) {
        let first = closing.withLock { closing in
            defer { if closing == nil { closing = (code, reason) } }
            return closing == nil
        }
        guard first else { return }
        continuation.finish()
        let channel = self.channel
        Task {
            try? await Task.sleep(for: Self.closeGrace)
            try? await channel.close()
        }
    }

    /// Ends the queue without a close of the server's (the client closed, or went away).
    func finish() {
        continuation.finish()
    }

    /// Writes the queue to the socket until it ends, then the close frame if the server closes.
    func drain(into outbound: WebSocketOutboundWriter) async {
        do {
            for await message in stream {
                try await outbound.write(.text(message))
            }
            if let (code, reason) = closing.withLock({ $0 }) {
                try await outbound.close(.unknown(code.rawValue), reason: reason)
            }
        } catch {
            // The connection is gone; nothing more can be said.
        }
    }
}
