-- A change that touched only products' offer summaries (the catalog and sale prices, the
-- currency, the stock and `updated_at`: what every order and every offer refresh writes) is
-- announced with a last element '~' after its barcodes ('~' alone without barcodes). Such a
-- change cannot add a product to a list or take it out unless the list filters by price, sale or
-- stock, so the lists' counts that do not are kept (`ProductCache`). An instance from before
-- this reads '~' as one more barcode and forgets every count, as it did. Otherwise as in 0031.
CREATE OR REPLACE FUNCTION announce_product_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    barcodes text[];
    changed boolean;
    offers_only boolean := false;
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('product_changes', '*');
        RETURN NULL;
    END IF;
    -- At most 201 rows are read, whatever the statement's size: past 200 the answer is '*'.
    IF TG_OP = 'INSERT' THEN
        barcodes := ARRAY(SELECT barcode FROM new_products WHERE barcode IS NOT NULL LIMIT 201);
        changed := EXISTS (SELECT FROM new_products);
    ELSIF TG_OP = 'DELETE' THEN
        barcodes := ARRAY(SELECT barcode FROM old_products WHERE barcode IS NOT NULL LIMIT 201);
        changed := EXISTS (SELECT FROM old_products);
    ELSE
        barcodes := ARRAY(
            SELECT barcode FROM (SELECT barcode FROM old_products UNION ALL SELECT barcode FROM new_products) changed
            WHERE barcode IS NOT NULL LIMIT 201);
        changed := EXISTS (SELECT FROM new_products);
        -- Compared row by row for statements of at most 200 rows; a larger one counts as any change.
        IF changed AND cardinality(barcodes) <= 200 AND (SELECT count(*) FROM (SELECT FROM new_products LIMIT 201) rows) <= 200 THEN
            offers_only := NOT EXISTS (
                SELECT FROM new_products n LEFT JOIN old_products o ON o.id = n.id
                WHERE o.id IS NULL
                   OR to_jsonb(n) - '{catalog_price,sale_price,currency,stock,updated_at}'::text[]
                      IS DISTINCT FROM to_jsonb(o) - '{catalog_price,sale_price,currency,stock,updated_at}'::text[]);
        END IF;
    END IF;
    IF cardinality(barcodes) > 200 THEN
        PERFORM pg_notify('product_changes', '*');
    ELSIF cardinality(barcodes) > 0 THEN
        PERFORM pg_notify('product_changes',
            array_to_string(ARRAY(SELECT DISTINCT unnest(barcodes)), ',') || CASE WHEN offers_only THEN ',~' ELSE '' END);
    ELSIF changed THEN
        PERFORM pg_notify('product_changes', CASE WHEN offers_only THEN '~' ELSE '' END);
    END IF;
    RETURN NULL;
END
$$;
