-- Automatic persisted queries (Apollo's protocol) registered by a client on one server instance,
-- found by the others: a client's next request may reach any of them. No user data: a document
-- and its SHA-256. Bounded in the application (at most 10,000 documents of 64 KiB).
CREATE TABLE persisted_queries (
    hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
    document text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
