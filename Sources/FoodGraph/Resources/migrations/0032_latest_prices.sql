-- The latest observation of each product's price at each store, kept by triggers on
-- price_observations. A product's `latestPrices` reads these rows, one a store, instead of the
-- product's whole price history: that history grows with every receipt and every refresh, and
-- reading it to find the latest made a page of 50 products 18 times slower with 50 observations a
-- product and store (docs/performance.md). A copy of the observation's columns, so that the rows
-- are read from this table alone; `id` is the observation's.
CREATE TABLE latest_prices (
    product_id  bigint NOT NULL,
    store_id    bigint NOT NULL,
    id          bigint NOT NULL,
    price       numeric(10,2) NOT NULL,
    currency    character(3) NOT NULL,
    observed_at timestamptz NOT NULL,
    source      text NOT NULL,
    is_discount boolean NOT NULL,
    PRIMARY KEY (product_id, store_id)
);

INSERT INTO latest_prices
SELECT DISTINCT ON (product_id, store_id) product_id, store_id, id, price, currency, observed_at, source, is_discount
FROM price_observations
ORDER BY product_id, store_id, observed_at DESC, id DESC;

-- Statement-level with transition tables, so a bulk insert (COPY included) is one statement here.
-- An insert keeps what is newer than the kept row; an update or a delete (a receipt's line
-- changed, a product or store deleted, a reporter anonymised) reads the latest of every pair it
-- touched again, and drops the pairs with no observation left. Those reads replace or drop a kept
-- row only if it is one of the observations touched, or older than what was read: a concurrent
-- insert's newer row, committed after the read began, stays.
CREATE FUNCTION keep_latest_prices() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    products bigint[];
    stores bigint[];
    touched bigint[];
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM latest_prices;
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
        INSERT INTO latest_prices AS l
        SELECT DISTINCT ON (product_id, store_id) product_id, store_id, id, price, currency, observed_at, source, is_discount
        FROM new_observations
        ORDER BY product_id, store_id, observed_at DESC, id DESC
        ON CONFLICT (product_id, store_id) DO UPDATE
            SET id = excluded.id, price = excluded.price, currency = excluded.currency, observed_at = excluded.observed_at,
                source = excluded.source, is_discount = excluded.is_discount
            WHERE (excluded.observed_at, excluded.id) > (l.observed_at, l.id);
        RETURN NULL;
    END IF;
    touched := ARRAY(SELECT id FROM old_observations);
    IF TG_OP = 'UPDATE' THEN
        SELECT array_agg(product_id), array_agg(store_id) INTO products, stores
        FROM (SELECT product_id, store_id FROM old_observations UNION SELECT product_id, store_id FROM new_observations) touched;
    ELSE
        SELECT array_agg(product_id), array_agg(store_id) INTO products, stores
        FROM (SELECT DISTINCT product_id, store_id FROM old_observations) touched;
    END IF;
    INSERT INTO latest_prices AS l
    SELECT DISTINCT ON (o.product_id, o.store_id) o.product_id, o.store_id, o.id, o.price, o.currency, o.observed_at, o.source,
        o.is_discount
    FROM unnest(products, stores) AS t(product_id, store_id)
    JOIN price_observations o ON o.product_id = t.product_id AND o.store_id = t.store_id
    ORDER BY o.product_id, o.store_id, o.observed_at DESC, o.id DESC
    ON CONFLICT (product_id, store_id) DO UPDATE
        SET id = excluded.id, price = excluded.price, currency = excluded.currency, observed_at = excluded.observed_at,
            source = excluded.source, is_discount = excluded.is_discount
        WHERE l.id = ANY(touched) OR (excluded.observed_at, excluded.id) > (l.observed_at, l.id);
    DELETE FROM latest_prices l USING unnest(products, stores) AS t(product_id, store_id)
    WHERE l.product_id = t.product_id AND l.store_id = t.store_id AND l.id = ANY(touched)
        AND NOT EXISTS (SELECT FROM price_observations o WHERE o.product_id = t.product_id AND o.store_id = t.store_id);
    RETURN NULL;
END
$$;

-- PostgreSQL takes transition tables only on a trigger of one event: one trigger each.
CREATE TRIGGER price_observations_latest_insert AFTER INSERT ON price_observations
    REFERENCING NEW TABLE AS new_observations FOR EACH STATEMENT EXECUTE FUNCTION keep_latest_prices();
CREATE TRIGGER price_observations_latest_update AFTER UPDATE ON price_observations
    REFERENCING OLD TABLE AS old_observations NEW TABLE AS new_observations FOR EACH STATEMENT EXECUTE FUNCTION keep_latest_prices();
CREATE TRIGGER price_observations_latest_delete AFTER DELETE ON price_observations
    REFERENCING OLD TABLE AS old_observations FOR EACH STATEMENT EXECUTE FUNCTION keep_latest_prices();
CREATE TRIGGER price_observations_latest_truncate AFTER TRUNCATE ON price_observations
    FOR EACH STATEMENT EXECUTE FUNCTION keep_latest_prices();
