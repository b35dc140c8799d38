-- Scans (issue #28): photos of barcodes, receipts and meals sent as base64, recognised, and kept
-- one week. The image is the server's re-encoding (orientation applied, no metadata), never the
-- bytes received; its SHA-256 (of the bytes received) finds the same photo sent again.
CREATE TABLE scans (
    id              bigserial PRIMARY KEY,
    user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind            text NOT NULL CHECK (kind IN ('barcode', 'receipt', 'food')),
    status          text NOT NULL CHECK (status IN ('pending', 'processing', 'recognised', 'failed')),
    sha256          bytea NOT NULL,
    content_type    text NOT NULL,
    width           integer NOT NULL,
    height          integer NOT NULL,
    image           bytea NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    recognised_at   timestamptz,
    -- Processing: when a worker claimed it (a claim older than ten minutes is taken again).
    claimed_at      timestamptz,
    attempts        integer NOT NULL DEFAULT 0,
    failure_reason  text,
    -- Barcode scans: what was read (normalised as the catalog does) and the product, if known.
    barcode         text,
    barcode_format  text,
    product_id      bigint REFERENCES products (id) ON DELETE SET NULL,
    -- Receipt scans: the parsed receipt (ParsedReceipt as JSON).
    parsed_receipt  jsonb,
    -- Food scans: the recogniser's candidates (JSON), which recogniser, and the confirmation.
    candidates      jsonb,
    recogniser      text,
    confirmed_at    timestamptz
);

-- One recognition per photo and user and kind.
CREATE UNIQUE INDEX scans_same_photo ON scans (user_id, kind, sha256);
-- User.recentScans: recognised groceries, newest first.
CREATE INDEX scans_recent ON scans (user_id, created_at DESC, id DESC) WHERE status = 'recognised';
-- The workers' queue.
CREATE INDEX scans_queue ON scans (id) WHERE status IN ('pending', 'processing');
-- Retention: a week after the scan.
CREATE INDEX scans_expiry ON scans (expires_at);

-- Chunked uploads (Scan&Cook ROB-1): startUpload, then uploadChunk from the last acknowledged
-- offset; an unfinished upload goes after a day.
CREATE TABLE scan_uploads (
    id              bigserial PRIMARY KEY,
    token           text NOT NULL UNIQUE,
    user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    total_bytes     integer NOT NULL CHECK (total_bytes BETWEEN 1 AND 12582912),
    received_bytes  integer NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL
);
CREATE INDEX scan_uploads_expiry ON scan_uploads (expires_at);

CREATE TABLE scan_upload_chunks (
    upload_id       bigint NOT NULL REFERENCES scan_uploads (id) ON DELETE CASCADE,
    "offset"        integer NOT NULL,
    bytes           bytea NOT NULL,
    PRIMARY KEY (upload_id, "offset")
);
