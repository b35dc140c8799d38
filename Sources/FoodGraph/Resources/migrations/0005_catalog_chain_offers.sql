-- Catalog: offers belong to chains; chains' own products; product images at unguessable addresses;
-- sorts and counts on indexes; lookups by user for personal-data export and deletion.

-- Each chain's offer of a product: its price, its sale price while on sale, its stock. Only that
-- chain's representatives (and administrators) write it.
CREATE TABLE chain_offers (
    product_id  bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    chain_id    bigint NOT NULL REFERENCES retail_chains (id) ON DELETE CASCADE,
    currency    char(3) NOT NULL DEFAULT 'CAD',
    price       numeric(10, 2) NOT NULL CHECK (price > 0),
    sale_price  numeric(10, 2) CHECK (sale_price > 0 AND sale_price < price),
    stock       integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
    updated_by  bigint REFERENCES users (id) ON DELETE SET NULL,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (product_id, chain_id)
);
CREATE INDEX chain_offers_chain ON chain_offers (chain_id);
CREATE INDEX chain_offers_updated_by ON chain_offers (updated_by) WHERE updated_by IS NOT NULL;

-- The one global offer each product had becomes the offer of the oldest chain, when there is one
-- (the demo data's prices were FreshMart's). From here on `products.catalog_price`, `sale_price`
-- and `stock` are the catalog's summary of the chains' offers, kept by the catalog's store in the
-- transaction that changes an offer: the best offer's prices, and the stock of all chains.
INSERT INTO chain_offers (product_id, chain_id, currency, price, sale_price, stock)
SELECT p.id, c.id, p.currency, p.catalog_price, CASE WHEN p.sale_price < p.catalog_price THEN p.sale_price END, p.stock
FROM products p CROSS JOIN (SELECT id FROM retail_chains ORDER BY id LIMIT 1) AS c
WHERE p.catalog_price IS NOT NULL;
UPDATE products p SET catalog_price = NULL, sale_price = NULL, stock = 0
WHERE NOT EXISTS (SELECT 1 FROM chain_offers o WHERE o.product_id = p.id)
  AND (p.catalog_price IS NOT NULL OR p.sale_price IS NOT NULL OR p.stock <> 0);

-- A chain's own products (created by its representatives), withdrawal, and pending revisions: a
-- representative's change to an active product is a pending copy (`revision_of`) that an
-- administrator approves into the product or rejects.
ALTER TABLE products ADD COLUMN chain_id bigint REFERENCES retail_chains (id) ON DELETE SET NULL;
ALTER TABLE products ADD COLUMN revision_of bigint REFERENCES products (id) ON DELETE CASCADE;
ALTER TABLE products ADD COLUMN reviewed_at timestamptz;
ALTER TABLE products DROP CONSTRAINT products_status_check;
ALTER TABLE products ADD CONSTRAINT products_status_check CHECK (status IN ('active', 'pending', 'rejected', 'withdrawn'));
ALTER TABLE products ADD CONSTRAINT products_revision_pending CHECK (revision_of IS NULL OR status IN ('pending', 'rejected'));
-- A revision carries the barcode it would give its product.
ALTER TABLE products DROP CONSTRAINT products_barcode_key;
CREATE UNIQUE INDEX products_barcode ON products (barcode) WHERE revision_of IS NULL;
CREATE UNIQUE INDEX products_one_pending_revision ON products (revision_of) WHERE revision_of IS NOT NULL AND status = 'pending';
CREATE INDEX products_chain ON products (chain_id, lower(name), id) WHERE chain_id IS NOT NULL;
CREATE INDEX products_submitted_by ON products (submitted_by) WHERE submitted_by IS NOT NULL;
CREATE INDEX products_reviewed_by ON products (reviewed_by) WHERE reviewed_by IS NOT NULL;
CREATE INDEX price_observations_reported_by ON price_observations (reported_by) WHERE reported_by IS NOT NULL;

-- Price orders read an index, as the name order reads `products_name`: the price paid (sale price
-- while on sale, else the catalog price), unpriced products last in both directions.
CREATE INDEX products_price_ascending ON products ((coalesce(sale_price, catalog_price, 1e9)), id) WHERE status = 'active';
CREATE INDEX products_price_descending ON products ((coalesce(sale_price, catalog_price, -1)), id) WHERE status = 'active';
-- `totalCount` of a category counts up to 10 001 products from this index alone (an index-only
-- scan), not from rows scattered over the table.
CREATE INDEX products_active_category ON products (category_id) WHERE status = 'active';

-- Product images: one per product, served at `/images/<token>`, a random 256-bit token (never a
-- sequential id). The unused `image_id` (avatars' table) goes.
ALTER TABLE products DROP COLUMN image_id;
CREATE TABLE product_images (
    token         text PRIMARY KEY CHECK (token ~ '^[A-Za-z0-9_-]{43}$'),
    product_id    bigint NOT NULL UNIQUE REFERENCES products (id) ON DELETE CASCADE,
    content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
    width         integer NOT NULL CHECK (width > 0),
    height        integer NOT NULL CHECK (height > 0),
    bytes         bytea NOT NULL,
    sha256        bytea NOT NULL,
    uploaded_by   bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_images_uploaded_by ON product_images (uploaded_by) WHERE uploaded_by IS NOT NULL;
