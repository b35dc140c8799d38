import Logging
import Postgres

/// The one connection per instance that listens for changes to the catalog it keeps, and hands
/// every event to the copies (`StoreCache`, `ProductCache`); each takes the announcements of its
/// own channel.
final class CatalogChangeListener: Sendable {
    private let listening: Task<Void, Never>?

    /// Listens with a connection made with `conninfo`; without it, nothing is kept.
    static func events(conninfo: String?, logger: Logger) -> AsyncStream<PostgresListener.Event>? {
        conninfo.flatMap {
            try? PostgresListener(conninfo: $0, logger: logger).events(on: [StoreCache.channel, ProductCache.channel])
        }
    }

    init(events: AsyncStream<PostgresListener.Event>?, stores: StoreCache, products: ProductCache) {
        listening = events.map { events in
            Task { [weak stores, weak products] in
                for await event in events {
                    guard let stores, let products else { return }
                    stores.hear(event)
                    products.hear(event)
                }
            }
        }
    }

    deinit {
        listening?.cancel()
    }
}
