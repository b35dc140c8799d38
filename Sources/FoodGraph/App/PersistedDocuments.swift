import Postgres

/// Persisted queries shared by every server instance (the `persisted_queries` table). Each server
/// keeps the ones it has seen in memory; this is where it looks for one a client registered on
/// another instance.
enum PersistedDocuments {
    /// At most this many documents, of at most `maximumDocumentBytes` each: any client may
    /// register documents, so what they can store is bounded (a larger document still runs, but
    /// only the instance that saw it knows it).
    static let capacity = 10_000
    static let maximumDocumentBytes = 65_536

    static func document(forHash hash: String, in database: some PostgresQuerying) async throws -> String? {
        try await database.query("SELECT document FROM persisted_queries WHERE hash = $1", [hash]).first?.decode(String.self, at: 0)
    }

    /// Registers `document`; when the table is full, the documents registered longest ago make
    /// room. (Refusing new ones instead let a client that registered 10 000 throwaway documents
    /// shut every later one out for good.) A client whose document went sends it again, as the
    /// protocol expects of one the server does not know.
    static func register(_ document: String, hash: String, in database: some PostgresQuerying) async throws {
        guard document.utf8.count <= maximumDocumentBytes else { return }
        _ = try await database.query(
            """
            WITH room AS (
              DELETE FROM persisted_queries WHERE hash IN (
                SELECT hash FROM persisted_queries ORDER BY created_at, hash
                LIMIT greatest(0, (SELECT count(*) FROM persisted_queries) - $3 + 1))
              AND NOT EXISTS (SELECT 1 FROM persisted_queries WHERE hash = $1))
            INSERT INTO persisted_queries (hash, document) VALUES ($1, $2)
            ON CONFLICT (hash) DO NOTHING
            """, [hash, document, capacity])
    }
}

extension FoodGraphApplication {
    /// A persisted query registered on any instance; nil when unknown or the database is unreachable
    /// (the client then sends the document again, as the protocol expects).
    public func persistedDocument(forHash hash: String) async -> String? {
        try? await PersistedDocuments.document(forHash: hash, in: database)
    }

    public func registerPersistedDocument(_ document: String, hash: String) async {
        guard hash.utf8.count == 64, hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return }
        try? await PersistedDocuments.register(document, hash: hash, in: database)
    }
}
