-- Accounts: users, roles, profiles, sessions, one-time tokens, the email outbox and login throttling.
-- Enumerations are text with CHECK constraints so later migrations can widen them in a transaction.

CREATE TABLE users (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email               text NOT NULL CHECK (char_length(email) BETWEEN 6 AND 256),
    -- Lower-cased email: the uniqueness and login key.
    email_key           text NOT NULL UNIQUE,
    password_hash       text NOT NULL,
    email_confirmed_at  timestamptz,
    disabled_at         timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_roles (
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role        text NOT NULL CHECK (role IN ('support', 'order_handler', 'administrator', 'chain_representative')),
    -- Set for chain representatives only: the retail chain they manage (FK added with the catalog).
    chain_id    bigint,
    granted_by  bigint REFERENCES users (id) ON DELETE SET NULL,
    granted_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, role),
    CHECK ((role = 'chain_representative') = (chain_id IS NOT NULL))
);

CREATE TABLE images (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id      bigint REFERENCES users (id) ON DELETE CASCADE,
    content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
    width         integer NOT NULL CHECK (width > 0),
    height        integer NOT NULL CHECK (height > 0),
    bytes         bytea NOT NULL,
    sha256        bytea NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE profiles (
    user_id                bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    display_name           text CHECK (char_length(display_name) <= 100),
    username               text CHECK (char_length(username) BETWEEN 3 AND 30),
    -- Lower-cased username: unique, for friend lookup.
    username_key           text UNIQUE,
    avatar_image_id        bigint REFERENCES images (id) ON DELETE SET NULL,
    gender                 text CHECK (gender IN ('female', 'male', 'other')),
    birth_date             date,
    height_cm              numeric(5, 1) CHECK (height_cm BETWEEN 50 AND 272),
    weight_kg              numeric(5, 2) CHECK (weight_kg BETWEEN 20 AND 450),
    activity_level         text NOT NULL DEFAULT 'sedentary'
                           CHECK (activity_level IN ('sedentary', 'light', 'moderate', 'active', 'very_active')),
    goal                   text NOT NULL DEFAULT 'hold' CHECK (goal IN ('lose', 'hold', 'gain')),
    goal_rate_kg_per_week  numeric(3, 2) NOT NULL DEFAULT 0 CHECK (goal_rate_kg_per_week BETWEEN 0 AND 1),
    diet_type              text NOT NULL DEFAULT 'ordinary'
                           CHECK (diet_type IN ('ordinary', 'vegetarian', 'vegan', 'separate', 'raw', 'low_carb', 'low_fat', 'mono')),
    allergies              text[] NOT NULL DEFAULT '{}',
    illnesses              text[] NOT NULL DEFAULT '{}',
    pregnant               boolean NOT NULL DEFAULT false,
    disliked_foods         text[] NOT NULL DEFAULT '{}',
    unit_system            text NOT NULL DEFAULT 'metric' CHECK (unit_system IN ('metric', 'imperial', 'canadian')),
    time_zone              text NOT NULL DEFAULT 'UTC',
    currency               char(3) NOT NULL DEFAULT 'CAD',
    weekly_budget          numeric(10, 2) CHECK (weekly_budget >= 60),
    latitude               double precision CHECK (latitude BETWEEN -90 AND 90),
    longitude              double precision CHECK (longitude BETWEEN -180 AND 180),
    accessible_radius_km   numeric(6, 2) CHECK (accessible_radius_km > 0 AND accessible_radius_km <= 500),
    shipping_address       jsonb,
    notification_settings  jsonb NOT NULL DEFAULT '{}',
    updated_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- SHA-256 of the bearer token; the token itself is never stored.
    token_hash      bytea NOT NULL UNIQUE,
    created_at      timestamptz NOT NULL DEFAULT now(),
    last_used_at    timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    revoked_at      timestamptz,
    user_agent      text,
    client_address  text
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;

-- Single-use tokens sent by email: confirming an address, resetting a password.
CREATE TABLE account_tokens (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose     text NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password')),
    token_hash  bytea NOT NULL UNIQUE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);

-- Transactional outbox: an email is written in the same transaction as the change that causes it,
-- and a sender delivers it afterwards.
CREATE TABLE email_outbox (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    recipient   text NOT NULL,
    subject     text NOT NULL,
    body        text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    sent_at     timestamptz,
    attempts    integer NOT NULL DEFAULT 0
);
CREATE INDEX email_outbox_pending ON email_outbox (id) WHERE sent_at IS NULL;

-- Failed logins, per account key and per client address, shared by every server instance.
CREATE TABLE login_failures (
    throttle_key  text NOT NULL,
    failed_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key ON login_failures (throttle_key, failed_at);
