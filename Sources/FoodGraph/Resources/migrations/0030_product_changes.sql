-- Every change to products is announced on the channel `product_changes`, with the barcodes it
-- touched, so that each server instance forgets those lookups from the copy it keeps
-- (`ProductCache`). A trigger, not the catalog's code: stock and price refreshes, moderation,
-- seeding, gen-data and an operator's psql all go through it. Statement-level with transition
-- tables, so a bulk write announces once; a statement that touches more than 200 barcodes, and a
-- TRUNCATE, announce '*' (forget every product). PostgreSQL sends the notification at commit.
CREATE FUNCTION announce_product_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    barcodes text[];
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('product_changes', '*');
        RETURN NULL;
    END IF;
    -- At most 201 rows are read, whatever the statement's size: past 200 the answer is '*'.
    IF TG_OP = 'INSERT' THEN
        barcodes := ARRAY(SELECT barcode FROM new_products WHERE barcode IS NOT NULL LIMIT 201);
    ELSIF TG_OP = 'DELETE' THEN
        barcodes := ARRAY(SELECT barcode FROM old_products WHERE barcode IS NOT NULL LIMIT 201);
    ELSE
        barcodes := ARRAY(
            SELECT barcode FROM (SELECT barcode FROM old_products UNION ALL SELECT barcode FROM new_products) changed
            WHERE barcode IS NOT NULL LIMIT 201);
    END IF;
    IF cardinality(barcodes) > 200 THEN
        PERFORM pg_notify('product_changes', '*');
    ELSIF cardinality(barcodes) > 0 THEN
        PERFORM pg_notify('product_changes', array_to_string(ARRAY(SELECT DISTINCT unnest(barcodes)), ','));
    END IF;
    RETURN NULL;
END
$$;

-- PostgreSQL takes transition tables only on a trigger of one event: one trigger each.
CREATE TRIGGER products_announce_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION announce_product_changes();
CREATE TRIGGER products_announce_update AFTER UPDATE ON products
    REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION announce_product_changes();
CREATE TRIGGER products_announce_delete AFTER DELETE ON products
    REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION announce_product_changes();
CREATE TRIGGER products_announce_truncate AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION announce_product_changes();
