-- The words of the listed (approved) recipes' search vectors, with how many recipes hold each, so
-- that a misspelt search word is corrected against a few hundred words (trigram distance through
-- a GiST index) instead of testing a trigram similarity on every title. Numbers and words of
-- fewer than 3 letters are left out: they are not corrected (trigrams say little about them, and
-- each generated title's number would be a word of its own).
CREATE TABLE recipe_words (
    word     text PRIMARY KEY,
    -- Approved recipes whose search vector holds the word; the row goes when it reaches 0.
    recipes  integer NOT NULL
);
CREATE INDEX recipe_words_trgm ON recipe_words USING gist (word gist_trgm_ops);

CREATE FUNCTION recipe_lexicon_words(vector tsvector) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT w FROM unnest(tsvector_to_array(vector)) AS w WHERE char_length(w) >= 3 AND w !~ '[0-9]'
$$;

-- Adds each word's change in count, in word order (so that two writers lock the rows in the
-- same order and cannot deadlock), and drops the words no recipe holds any more.
CREATE FUNCTION recipe_words_apply(words text[], changes integer[]) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO recipe_words AS l (word, recipes)
    SELECT c.word, c.change FROM unnest(words, changes) AS c(word, change) ORDER BY c.word
    ON CONFLICT (word) DO UPDATE SET recipes = l.recipes + excluded.recipes;
    DELETE FROM recipe_words WHERE word = ANY(words) AND recipes <= 0;
$$;

-- A trigger, not the store's code: every path that changes what is listed (create, edit, the
-- traits refresh rewriting foods, moderation, delete, an account's deletion cascading to its
-- recipes, gen-data's bulk insert) goes through it. Statement-level with transition tables, so
-- a bulk insert counts its words in one aggregate.
CREATE FUNCTION recipe_words_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM recipe_words_apply(array_agg(word ORDER BY word), array_agg(change ORDER BY word))
        FROM (SELECT w AS word, count(*)::int AS change FROM new_rows n, recipe_lexicon_words(n.search) AS w
              WHERE n.moderation_status = 'approved' GROUP BY w) AS c;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM recipe_words_apply(array_agg(word ORDER BY word), array_agg(change ORDER BY word))
        FROM (SELECT w AS word, -count(*)::int AS change FROM old_rows o, recipe_lexicon_words(o.search) AS w
              WHERE o.moderation_status = 'approved' GROUP BY w) AS c;
    ELSE
        -- Every updated row's words out and in: those of unchanged rows cancel out. (Pairing
        -- old and new rows by id first would need a join the planner cannot estimate.)
        PERFORM recipe_words_apply(array_agg(word ORDER BY word), array_agg(change ORDER BY word))
        FROM (
            SELECT word, sum(change)::int AS change FROM (
                SELECT w AS word, 1 AS change FROM new_rows n, recipe_lexicon_words(n.search) AS w
                WHERE n.moderation_status = 'approved'
                UNION ALL
                SELECT w, -1 FROM old_rows o, recipe_lexicon_words(o.search) AS w WHERE o.moderation_status = 'approved'
            ) AS words GROUP BY word HAVING sum(change) <> 0) AS c;
    END IF;
    RETURN NULL;
END
$$;

INSERT INTO recipe_words (word, recipes)
SELECT w, count(*) FROM recipes r, recipe_lexicon_words(r.search) AS w WHERE r.moderation_status = 'approved' GROUP BY w;

CREATE TRIGGER recipe_words_insert AFTER INSERT ON recipes
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_words_follow();
CREATE TRIGGER recipe_words_update AFTER UPDATE ON recipes
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_words_follow();
CREATE TRIGGER recipe_words_delete AFTER DELETE ON recipes
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_words_follow();
