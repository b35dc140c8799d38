-- Recipes: recipes with their ingredients (catalog products or free-text foods), favourites,
-- favourite foods, recipe images. What the ingredients make of a recipe (allergens, labels, diet
-- types, per-serving figures at catalog prices) is stored with it for search, and recomputed when
-- the recipe changes and by the area's refresh job.

CREATE TABLE recipe_images (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id      bigint REFERENCES users (id) ON DELETE CASCADE,
    content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
    width         integer NOT NULL CHECK (width > 0),
    height        integer NOT NULL CHECK (height > 0),
    bytes         bytea NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE recipes (
    id                      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- Null for the FoodGraph cookbook's own recipes.
    author_id               bigint REFERENCES users (id) ON DELETE CASCADE,
    title                   text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
    description             text CHECK (char_length(description) BETWEEN 1 AND 2000),
    steps                   text[] NOT NULL DEFAULT '{}',
    servings                integer NOT NULL CHECK (servings BETWEEN 1 AND 100),
    prep_minutes            integer NOT NULL CHECK (prep_minutes BETWEEN 0 AND 2880),
    cook_minutes            integer NOT NULL CHECK (cook_minutes BETWEEN 0 AND 2880),
    total_minutes           integer GENERATED ALWAYS AS (prep_minutes + cook_minutes) STORED,
    dish_type               text NOT NULL
                            CHECK (dish_type IN ('main_dish', 'salad', 'soup', 'appetizer', 'beverage', 'cookies', 'dessert')),
    categories              text[] NOT NULL DEFAULT '{}',
    appliances              text[] NOT NULL DEFAULT '{}',
    meal_times              text[] NOT NULL DEFAULT '{}',
    visibility              text NOT NULL CHECK (visibility IN ('public', 'private')),
    moderation_status       text NOT NULL CHECK (moderation_status IN ('not_required', 'pending', 'approved', 'rejected')),
    moderation_note         text,
    moderated_by            bigint REFERENCES users (id) ON DELETE SET NULL,
    moderated_at            timestamptz,
    image_id                bigint REFERENCES recipe_images (id) ON DELETE SET NULL,
    -- Derived from the ingredients (RecipeTraits).
    allergens               text[] NOT NULL DEFAULT '{}',
    diet_labels             text[] NOT NULL DEFAULT '{}',
    diet_types              text[] NOT NULL DEFAULT '{}',
    cautions                text[] NOT NULL DEFAULT '{}',
    foods_text              text NOT NULL DEFAULT '',
    product_ids             bigint[] NOT NULL DEFAULT '{}',
    energy_kcal             double precision NOT NULL DEFAULT 0,
    protein_g               double precision NOT NULL DEFAULT 0,
    fat_g                   double precision NOT NULL DEFAULT 0,
    carbohydrates_g         double precision NOT NULL DEFAULT 0,
    sugars_g                double precision,
    sodium_mg               double precision,
    saturated_fat_g         double precision,
    vitamin_mineral_score   double precision NOT NULL DEFAULT 0,
    catalog_cost            numeric(10, 2),
    nutrition_complete      boolean NOT NULL DEFAULT false,
    cost_complete           boolean NOT NULL DEFAULT false,
    traits_refreshed_at     timestamptz NOT NULL DEFAULT now(),
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now(),
    search                  tsvector GENERATED ALWAYS AS (
                                setweight(to_tsvector('simple', title), 'A')
                                || setweight(to_tsvector('simple', coalesce(description, '')), 'C')
                                || setweight(to_tsvector('simple', foods_text), 'B')) STORED,
    CHECK ((visibility = 'private') = (moderation_status = 'not_required'))
);
-- Who sees what: approved public recipes are everyone's.
CREATE INDEX recipes_listed_title ON recipes (lower(title), id) WHERE moderation_status = 'approved';
-- The suitability order looks near the viewer's calorie target first.
CREATE INDEX recipes_listed_energy ON recipes (energy_kcal) WHERE moderation_status = 'approved';
-- The cost order (recipes without a price last).
CREATE INDEX recipes_listed_cost ON recipes ((coalesce(catalog_cost, 99999999)), id) WHERE moderation_status = 'approved';
CREATE INDEX recipes_author ON recipes (author_id, created_at DESC, id DESC);
CREATE INDEX recipes_pending ON recipes (created_at, id) WHERE moderation_status = 'pending';
CREATE INDEX recipes_search ON recipes USING gin (search);
CREATE INDEX recipes_title_trgm ON recipes USING gin (lower(title) gin_trgm_ops);
CREATE INDEX recipes_products ON recipes USING gin (product_ids);
CREATE INDEX recipes_refresh ON recipes (traits_refreshed_at);

CREATE TABLE recipe_ingredients (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    recipe_id         bigint NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
    position          integer NOT NULL,
    product_id        bigint REFERENCES products (id) ON DELETE SET NULL,
    food              text NOT NULL CHECK (char_length(food) BETWEEN 1 AND 200),
    quantity          double precision CHECK (quantity > 0 AND quantity <= 100000),
    quantity_max      double precision CHECK (quantity_max > quantity AND quantity_max <= 100000),
    unit              text CHECK (unit IN ('count', 'g', 'kg', 'ml', 'l', 'tsp', 'tbsp', 'cup', 'fl_oz', 'oz', 'lb', 'pinch', 'piece')),
    piece_name        text CHECK (char_length(piece_name) BETWEEN 1 AND 50),
    note              text CHECK (char_length(note) BETWEEN 1 AND 500),
    -- 1 when the author chose the product; the matcher's confidence otherwise.
    match_confidence  real CHECK (match_confidence BETWEEN 0 AND 1),
    UNIQUE (recipe_id, position),
    CHECK ((quantity IS NULL) = (unit IS NULL))
);
CREATE INDEX recipe_ingredients_product ON recipe_ingredients (product_id);

CREATE TABLE recipe_favorites (
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    recipe_id   bigint NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, recipe_id)
);
CREATE INDEX recipe_favorites_recent ON recipe_favorites (user_id, created_at DESC, recipe_id DESC);
CREATE INDEX recipe_favorites_recipe ON recipe_favorites (recipe_id);

-- Foods a user likes ("My parameters"): the default chosen products of a recipe search.
CREATE TABLE favorite_foods (
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id  bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position    integer NOT NULL,
    PRIMARY KEY (user_id, product_id)
);

-- The diary reserved recipe_id for recipes.
ALTER TABLE diary_entries ADD FOREIGN KEY (recipe_id) REFERENCES recipes (id) ON DELETE SET NULL;
