-- Privacy and the rest of the account stories (issue 23).

-- Images are served at an unguessable token, never at their sequential id: 24 random bytes in
-- base64url for new images; images stored before get two random UUIDs (244 random bits) in hex.
ALTER TABLE images ADD COLUMN token text;
UPDATE images SET token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
ALTER TABLE images ALTER COLUMN token SET NOT NULL;
ALTER TABLE images ADD CONSTRAINT images_token_key UNIQUE (token);

-- An avatar picked from the built-in gallery (by name), instead of an uploaded one.
ALTER TABLE profiles ADD COLUMN gallery_avatar text CHECK (gallery_avatar ~ '^[a-z]{1,30}$');
ALTER TABLE profiles ADD CONSTRAINT profiles_one_avatar CHECK (avatar_image_id IS NULL OR gallery_avatar IS NULL);

-- Consent (PIPEDA): which version of the terms of service and of the privacy policy each account
-- accepted, and when; at registration, and again for each newer version.
CREATE TABLE consents (
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    document     text NOT NULL CHECK (document IN ('terms_of_service', 'privacy_policy')),
    version      text NOT NULL CHECK (char_length(version) BETWEEN 1 AND 40),
    accepted_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, document, version)
);

-- Personal-data exports (PIPEDA): requested by the user, built in the background into one JSON
-- document, downloadable once by the user within a day of being ready. The document is dropped
-- when downloaded or expired; the request itself is kept 30 days.
CREATE TABLE data_exports (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    requested_at   timestamptz NOT NULL DEFAULT now(),
    ready_at       timestamptz,
    expires_at     timestamptz,
    downloaded_at  timestamptz,
    size_bytes     integer,
    document       bytea,
    attempts       integer NOT NULL DEFAULT 0
);
CREATE INDEX data_exports_pending ON data_exports (id) WHERE ready_at IS NULL;
CREATE INDEX data_exports_user ON data_exports (user_id, requested_at DESC);

-- The language of the emails and messages a user receives (BCP 47; English first).
ALTER TABLE profiles ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$');

-- Changing the email address: a code sent to the new address confirms it before it replaces the
-- account's (the old address is told).
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
    CHECK (purpose IN ('confirm_email', 'reset_password', 'change_email'));
ALTER TABLE account_tokens ADD COLUMN new_email text CHECK (char_length(new_email) BETWEEN 6 AND 256);
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_new_email CHECK ((purpose = 'change_email') = (new_email IS NOT NULL));

-- Profile stories: a phone number (Scan&Cook's data dictionary: AAA-EEE-NNNN, and an extension of
-- up to 5 digits), the unit weights are shown in (stones and pounds among them; null follows the
-- unit system), and targets the user sets, which override the computed ones until cleared.
ALTER TABLE profiles
    ADD COLUMN phone text CHECK (phone ~ '^[2-9][0-9]{2}-[2-9][0-9]{2}-[0-9]{4}( [0-9]{1,5})?$'),
    ADD COLUMN weight_unit text CHECK (weight_unit IN ('kilograms', 'pounds', 'stones_pounds')),
    ADD COLUMN target_energy_kcal numeric(6, 1) CHECK (target_energy_kcal BETWEEN 800 AND 6000),
    ADD COLUMN target_protein_g numeric(5, 1) CHECK (target_protein_g BETWEEN 10 AND 500),
    ADD COLUMN target_carbohydrates_g numeric(5, 1) CHECK (target_carbohydrates_g BETWEEN 10 AND 1000),
    ADD COLUMN target_fat_g numeric(5, 1) CHECK (target_fat_g BETWEEN 10 AND 400);

-- Application-level encryption (AES-256-GCM, keys from FOODGRAPH_DATA_KEYS): the id of the key a
-- value is sealed with; null for a value stored in clear (before a key was configured).
ALTER TABLE images ADD COLUMN key_id text;
ALTER TABLE data_exports ADD COLUMN key_id text;
