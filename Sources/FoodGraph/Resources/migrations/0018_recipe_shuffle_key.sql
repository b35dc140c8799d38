-- A random position per recipe, fixed when it is stored, so that a random order and a random
-- recipe read an index from a seed's starting point instead of sorting every recipe.
ALTER TABLE recipes ADD COLUMN shuffle_key bigint NOT NULL
    DEFAULT (floor((random() - 0.5) * 18446744073709549568))::bigint;
CREATE INDEX recipes_listed_shuffle ON recipes (shuffle_key, id) WHERE moderation_status = 'approved';
