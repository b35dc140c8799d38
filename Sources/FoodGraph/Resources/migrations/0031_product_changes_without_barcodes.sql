-- A change to products that touched no barcode is announced too, with an empty payload: each
-- instance keeps the counts of product lists (`ProductCache`), which any change to any product
-- may alter. Otherwise as in 0030.
CREATE OR REPLACE FUNCTION announce_product_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    barcodes text[];
    changed boolean;
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
    END IF;
    IF cardinality(barcodes) > 200 THEN
        PERFORM pg_notify('product_changes', '*');
    ELSIF cardinality(barcodes) > 0 THEN
        PERFORM pg_notify('product_changes', array_to_string(ARRAY(SELECT DISTINCT unnest(barcodes)), ','));
    ELSIF changed THEN
        PERFORM pg_notify('product_changes', '');
    END IF;
    RETURN NULL;
END
$$;
