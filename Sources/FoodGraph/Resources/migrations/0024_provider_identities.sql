-- Sign-in with Google or Facebook: the provider identities linked to accounts, and the single-use
-- nonces handed out for their ID tokens. An account signed up through a provider has no password.

ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;

CREATE TABLE user_identities (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider    text NOT NULL CHECK (provider IN ('google', 'facebook')),
    -- The provider's stable id of the person (`sub`); never reassigned by the provider.
    subject     text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 255),
    -- The address the provider shared when the identity was linked (informational only).
    email       text CHECK (char_length(email) <= 256),
    linked_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (provider, subject),
    -- One identity per provider and account, so `unlinkProvider(provider:)` names exactly one.
    UNIQUE (user_id, provider)
);

-- Handed out by `providerSignInNonce` before the client asks the provider for a token; consumed by
-- the sign-in that presents it. Only the SHA-256 is kept: the table never holds a usable nonce.
CREATE TABLE provider_nonces (
    nonce_hash  bytea PRIMARY KEY,
    expires_at  timestamptz NOT NULL
);
CREATE INDEX provider_nonces_expiry ON provider_nonces (expires_at);
