-- Every change to stores or retail chains is announced on the channel `store_changes`, so that
-- each server instance empties the copy of them it keeps between requests (`StoreCache`). A
-- trigger, not the store's code: seeding, gen-data, an operator's psql and another instance's
-- mutations all go through it. Statement-level, so a bulk write announces once; PostgreSQL sends
-- the notification at commit and drops the same one sent twice in a transaction.
CREATE FUNCTION announce_store_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('store_changes', TG_TABLE_NAME);
    RETURN NULL;
END
$$;

CREATE TRIGGER stores_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores
    FOR EACH STATEMENT EXECUTE FUNCTION announce_store_change();
CREATE TRIGGER retail_chains_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON retail_chains
    FOR EACH STATEMENT EXECUTE FUNCTION announce_store_change();
