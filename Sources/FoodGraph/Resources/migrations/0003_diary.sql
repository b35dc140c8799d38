-- Diary: food entries per local date and meal, and weight entries. Ration data is kept five years.

CREATE TABLE diary_entries (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The user's local date when eating, in their time zone at the time of logging.
    local_date        date NOT NULL,
    meal              text NOT NULL CHECK (meal IN ('breakfast', 'lunch', 'dinner', 'snack')),
    product_id        bigint REFERENCES products (id) ON DELETE SET NULL,
    -- Reserved for recipes (a later migration adds the foreign key).
    recipe_id         bigint,
    food_name         text NOT NULL CHECK (char_length(food_name) BETWEEN 1 AND 200),
    quantity          numeric(10, 2) NOT NULL CHECK (quantity > 0),
    quantity_unit     text NOT NULL CHECK (quantity_unit IN ('g', 'ml', 'serving', 'piece')),
    grams             numeric(10, 2) NOT NULL CHECK (grams > 0),
    source            text NOT NULL CHECK (source IN ('manual', 'barcode', 'search', 'photo', 'recipe')),
    -- Effective nutrient values of the whole entry (computed, or the user's override), frozen so
    -- later catalog edits do not rewrite history. Summaries and timelines sum these columns.
    energy_kcal       double precision NOT NULL CHECK (energy_kcal >= 0),
    fat_g             double precision NOT NULL CHECK (fat_g >= 0),
    saturated_fat_g   double precision CHECK (saturated_fat_g >= 0),
    trans_fat_g       double precision CHECK (trans_fat_g >= 0),
    cholesterol_mg    double precision CHECK (cholesterol_mg >= 0),
    carbohydrates_g   double precision NOT NULL CHECK (carbohydrates_g >= 0),
    fibre_g           double precision CHECK (fibre_g >= 0),
    sugars_g          double precision CHECK (sugars_g >= 0),
    sodium_mg         double precision CHECK (sodium_mg >= 0),
    protein_g         double precision NOT NULL CHECK (protein_g >= 0),
    vitamin_a_ug      double precision CHECK (vitamin_a_ug >= 0),
    vitamin_c_mg      double precision CHECK (vitamin_c_mg >= 0),
    calcium_mg        double precision CHECK (calcium_mg >= 0),
    iron_mg           double precision CHECK (iron_mg >= 0),
    -- The server's computed values for the nutrients the user overrode, keyed by nutrient name,
    -- so an override can be cleared and the entry says which values are the user's.
    computed_overridden  jsonb NOT NULL DEFAULT '{}',
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CHECK (recipe_id IS NULL OR product_id IS NULL)
);
CREATE INDEX diary_entries_user_date ON diary_entries (user_id, local_date, id);
CREATE INDEX diary_entries_product ON diary_entries (product_id);

CREATE TABLE weight_entries (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    local_date  date NOT NULL,
    weight_kg   numeric(5, 2) NOT NULL CHECK (weight_kg BETWEEN 20 AND 450),
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, local_date)
);
