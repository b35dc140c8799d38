-- Spending: receipts and their lines, the mapping of line texts to products (personal votes and
-- screened community mappings), purchases, and spending objectives.

CREATE TABLE receipts (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    store_id      bigint REFERENCES stores (id) ON DELETE SET NULL,
    purchased_at  timestamptz NOT NULL,
    total         numeric(10, 2) NOT NULL CHECK (total >= 0),
    currency      char(3) NOT NULL,
    source        text NOT NULL CHECK (source IN ('manual', 'scan')),
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX receipts_user ON receipts (user_id, purchased_at DESC, id DESC);
CREATE INDEX receipts_store ON receipts (store_id);

CREATE TABLE receipt_lines (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    receipt_id          bigint NOT NULL REFERENCES receipts (id) ON DELETE CASCADE,
    user_id             bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    position            integer NOT NULL,
    text                text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 200),
    -- The text as mappings compare it: upper case, single spaces, abbreviations kept.
    match_text          text NOT NULL,
    quantity            numeric(12, 3) NOT NULL CHECK (quantity > 0),
    unit                text NOT NULL CHECK (unit IN ('piece', 'kg', 'g', 'l', 'ml')),
    unit_price          numeric(10, 2) NOT NULL CHECK (unit_price >= 0),
    discount            numeric(10, 2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
    line_total          numeric(12, 2) NOT NULL CHECK (line_total >= 0),
    product_id          bigint REFERENCES products (id) ON DELETE SET NULL,
    mapping_confidence  double precision CHECK (mapping_confidence BETWEEN 0 AND 1),
    mapping_source      text CHECK (mapping_source IN ('given', 'personal', 'community', 'search', 'user')),
    mapping_confirmed   boolean NOT NULL DEFAULT false,
    candidate_ids       bigint[] NOT NULL DEFAULT '{}',
    UNIQUE (receipt_id, position)
);
CREATE INDEX receipt_lines_user ON receipt_lines (user_id);
CREATE INDEX receipt_lines_product ON receipt_lines (product_id);

-- What each user said a store's line text is (one answer per user and text; the latest counts).
CREATE TABLE mapping_votes (
    store_id    bigint NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    match_text  text NOT NULL,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id  bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    voted_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (store_id, match_text, user_id)
);
CREATE INDEX mapping_votes_user ON mapping_votes (user_id);
CREATE INDEX mapping_votes_product ON mapping_votes (store_id, match_text, product_id);

-- Community mappings: made when enough independent, enabled users agree; administrators revoke.
CREATE TABLE product_mappings (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    store_id        bigint NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    match_text      text NOT NULL,
    product_id      bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    status          text NOT NULL CHECK (status IN ('active', 'revoked')),
    agreeing_users  integer NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    reviewed_by     bigint REFERENCES users (id) ON DELETE SET NULL,
    reviewed_at     timestamptz,
    review_note     text,
    UNIQUE (store_id, match_text, product_id)
);
CREATE UNIQUE INDEX product_mappings_active ON product_mappings (store_id, match_text) WHERE status = 'active';
CREATE INDEX product_mappings_review ON product_mappings (status, created_at DESC, id DESC);
CREATE INDEX product_mappings_reviewed_by ON product_mappings (reviewed_by) WHERE reviewed_by IS NOT NULL;

-- Every confirmed receipt line is a purchase (rows made in bulk by `foodgraph gen-data` have no line).
CREATE TABLE purchases (
    id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id               bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    receipt_line_id       bigint UNIQUE REFERENCES receipt_lines (id) ON DELETE CASCADE,
    purchased_at          timestamptz NOT NULL,
    store_id              bigint REFERENCES stores (id) ON DELETE SET NULL,
    product_id            bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    -- The product's category when bought (analytics by category read it without a join).
    category_id           bigint NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    unit_price            numeric(10, 2) NOT NULL CHECK (unit_price >= 0),
    quantity              numeric(12, 3) NOT NULL CHECK (quantity > 0),
    unit                  text NOT NULL CHECK (unit IN ('piece', 'kg', 'g', 'l', 'ml')),
    amount                numeric(12, 2) NOT NULL CHECK (amount >= 0),
    currency              char(3) NOT NULL,
    price_observation_id  bigint REFERENCES price_observations (id) ON DELETE SET NULL
);
-- A user's purchases by time, with what analytics sums (index-only scans).
CREATE INDEX purchases_user_time ON purchases (user_id, purchased_at, id) INCLUDE (amount, product_id, store_id, category_id);
CREATE INDEX purchases_user_product ON purchases (user_id, product_id, purchased_at DESC, id DESC);
CREATE INDEX purchases_store ON purchases (store_id);
CREATE INDEX purchases_product ON purchases (product_id);
CREATE INDEX purchases_category ON purchases (category_id);
CREATE INDEX purchases_observation ON purchases (price_observation_id) WHERE price_observation_id IS NOT NULL;

-- Recent receipt prices of a product, for cheaper alternatives (the catalog's table, read through PriceStore).
CREATE INDEX price_observations_receipts ON price_observations (product_id, observed_at DESC)
    INCLUDE (store_id, price, currency, reported_by) WHERE source = 'receipt';

CREATE TABLE spending_objectives (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    period        text NOT NULL CHECK (period IN ('day', 'week', 'month', 'year')),
    limit_amount  numeric(10, 2) NOT NULL CHECK (limit_amount > 0),
    currency      char(3) NOT NULL,
    category_id   bigint REFERENCES categories (id) ON DELETE CASCADE,
    product_id    bigint REFERENCES products (id) ON DELETE CASCADE,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CHECK (category_id IS NULL OR product_id IS NULL)
);
CREATE UNIQUE INDEX spending_objectives_scope ON spending_objectives (user_id, period, coalesce(category_id, 0), coalesce(product_id, 0));
CREATE INDEX spending_objectives_category ON spending_objectives (category_id) WHERE category_id IS NOT NULL;
CREATE INDEX spending_objectives_product ON spending_objectives (product_id) WHERE product_id IS NOT NULL;
