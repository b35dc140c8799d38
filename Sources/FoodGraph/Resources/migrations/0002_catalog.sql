-- Catalog: categories, retail chains and stores, products with nutrition, price observations.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE categories (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    parent_id  bigint REFERENCES categories (id) ON DELETE RESTRICT,
    slug       text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]+$'),
    name       text NOT NULL,
    -- Slugs from the root, joined by '/': sub-categories of 'dairy' match 'dairy/%'.
    path       text NOT NULL UNIQUE
);
CREATE INDEX categories_path ON categories (path text_pattern_ops);

CREATE TABLE retail_chains (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name           text NOT NULL UNIQUE,
    description    text,
    website        text,
    contact_email  text,
    contact_phone  text,
    created_at     timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE user_roles
    ADD FOREIGN KEY (chain_id) REFERENCES retail_chains (id) ON DELETE CASCADE;

CREATE TABLE stores (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    chain_id       bigint NOT NULL REFERENCES retail_chains (id) ON DELETE CASCADE,
    name           text NOT NULL,
    address_line   text NOT NULL,
    city           text NOT NULL,
    region         text NOT NULL,
    postal_code    text NOT NULL,
    country        char(2) NOT NULL DEFAULT 'CA',
    latitude       double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude      double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stores_chain ON stores (chain_id);
CREATE INDEX stores_latitude ON stores (latitude, longitude);

CREATE TABLE products (
    id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name                 text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    brand                text,
    category_id          bigint NOT NULL REFERENCES categories (id),
    -- Normalised GTIN (leading zeros stripped, padded to 8 or 13 digits).
    barcode              text UNIQUE CHECK (barcode ~ '^[0-9]{8}$|^[0-9]{13}$'),
    package_quantity     numeric(10, 2) CHECK (package_quantity > 0),
    package_unit         text CHECK (package_unit IN ('g', 'ml', 'piece')),
    serving_quantity     numeric(10, 2) CHECK (serving_quantity > 0),
    serving_unit         text CHECK (serving_unit IN ('g', 'ml')),
    serving_description  text,
    -- Nutrition per 100 g, or per 100 ml when nutrition_basis is 'ml'.
    nutrition_basis      text NOT NULL DEFAULT 'g' CHECK (nutrition_basis IN ('g', 'ml')),
    energy_kcal          double precision NOT NULL CHECK (energy_kcal >= 0),
    fat_g                double precision NOT NULL CHECK (fat_g >= 0),
    saturated_fat_g      double precision CHECK (saturated_fat_g >= 0),
    trans_fat_g          double precision CHECK (trans_fat_g >= 0),
    cholesterol_mg       double precision CHECK (cholesterol_mg >= 0),
    carbohydrates_g      double precision NOT NULL CHECK (carbohydrates_g >= 0),
    fibre_g              double precision CHECK (fibre_g >= 0),
    sugars_g             double precision CHECK (sugars_g >= 0),
    sodium_mg            double precision CHECK (sodium_mg >= 0),
    protein_g            double precision NOT NULL CHECK (protein_g >= 0),
    vitamin_a_ug         double precision CHECK (vitamin_a_ug >= 0),
    vitamin_c_mg         double precision CHECK (vitamin_c_mg >= 0),
    calcium_mg           double precision CHECK (calcium_mg >= 0),
    iron_mg              double precision CHECK (iron_mg >= 0),
    -- Further minerals and vitamins where known, keyed by nutrient name.
    micronutrients       jsonb NOT NULL DEFAULT '{}',
    allergens            text[] NOT NULL DEFAULT '{}',
    diet_labels          text[] NOT NULL DEFAULT '{}',
    shelf_life_days      integer CHECK (shelf_life_days > 0),
    storage              text CHECK (storage IN ('fridge', 'freezer', 'pantry')),
    image_id             bigint REFERENCES images (id) ON DELETE SET NULL,
    currency             char(3) NOT NULL DEFAULT 'CAD',
    catalog_price        numeric(10, 2) CHECK (catalog_price > 0),
    sale_price           numeric(10, 2) CHECK (sale_price > 0),
    stock                integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
    status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending', 'rejected')),
    submitted_by         bigint REFERENCES users (id) ON DELETE SET NULL,
    reviewed_by          bigint REFERENCES users (id) ON DELETE SET NULL,
    review_note          text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    search               tsvector GENERATED ALWAYS AS (
                             to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(brand, ''))) STORED
);
CREATE INDEX products_category ON products (category_id);
CREATE INDEX products_search ON products USING gin (search);
CREATE INDEX products_name_trgm ON products USING gin (lower(name || ' ' || coalesce(brand, '')) gin_trgm_ops);
CREATE INDEX products_name ON products (lower(name), id);
CREATE INDEX products_pending ON products (id) WHERE status = 'pending';

CREATE TABLE price_observations (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id   bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    store_id     bigint NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    price        numeric(10, 2) NOT NULL CHECK (price > 0),
    currency     char(3) NOT NULL DEFAULT 'CAD',
    observed_at  timestamptz NOT NULL DEFAULT now(),
    source       text NOT NULL CHECK (source IN ('catalog', 'chain', 'receipt', 'user')),
    is_discount  boolean NOT NULL DEFAULT false,
    reported_by  bigint REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX price_observations_latest ON price_observations (product_id, store_id, observed_at DESC);

-- A user's preferred and ignored stores.
CREATE TABLE profile_stores (
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    store_id    bigint NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    preference  text NOT NULL CHECK (preference IN ('preferred', 'ignored')),
    PRIMARY KEY (user_id, store_id)
);
