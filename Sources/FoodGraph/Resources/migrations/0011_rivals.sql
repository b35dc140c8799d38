-- Rivals: friends (requests, friendships, blocks), private groups with their scoring, invitations,
-- and the per-member per-day figures the leaderboards read (kept current by the diary's writes).

CREATE TABLE friend_requests (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    from_user_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    to_user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    responded_at  timestamptz,
    CHECK (from_user_id <> to_user_id)
);
-- At most one pending request between two people, whichever sent it.
CREATE UNIQUE INDEX friend_requests_pending_pair
    ON friend_requests (least(from_user_id, to_user_id), greatest(from_user_id, to_user_id)) WHERE status = 'pending';
CREATE INDEX friend_requests_to ON friend_requests (to_user_id, created_at, id);
CREATE INDEX friend_requests_from ON friend_requests (from_user_id, created_at, id);

-- Both directions of a friendship are stored, so "my friends" reads one index.
CREATE TABLE friendships (
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    friend_id   bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, friend_id),
    CHECK (user_id <> friend_id)
);
CREATE INDEX friendships_friend ON friendships (friend_id);

CREATE TABLE user_blocks (
    blocker_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);
CREATE INDEX user_blocks_blocked ON user_blocks (blocked_id);

CREATE TABLE rival_groups (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- Account deletion hands the group to its longest-standing member, or deletes it (RivalsPersonalData).
    owner_id         bigint NOT NULL REFERENCES users (id),
    name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
    description      text CHECK (char_length(description) <= 500),
    period           text NOT NULL DEFAULT 'week' CHECK (period IN ('week', 'month', 'custom')),
    custom_from      date,
    custom_to        date,
    time_zone        text NOT NULL DEFAULT 'UTC',
    -- The scoring: metric names (lower case) and their weights, position by position.
    scoring_metrics  text[] NOT NULL,
    scoring_weights  integer[] NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CHECK ((period = 'custom') = (custom_from IS NOT NULL AND custom_to IS NOT NULL)),
    CHECK (custom_from IS NULL OR custom_from <= custom_to),
    CHECK (cardinality(scoring_metrics) = cardinality(scoring_weights) AND cardinality(scoring_metrics) BETWEEN 1 AND 6)
);
CREATE INDEX rival_groups_owner ON rival_groups (owner_id);

CREATE TABLE rival_group_members (
    group_id   bigint NOT NULL REFERENCES rival_groups (id) ON DELETE CASCADE,
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    joined_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX rival_group_members_user ON rival_group_members (user_id, joined_at, group_id);

CREATE TABLE rival_group_invitations (
    group_id    bigint NOT NULL REFERENCES rival_groups (id) ON DELETE CASCADE,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    invited_by  bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX rival_group_invitations_user ON rival_group_invitations (user_id, created_at, group_id);

-- One row per member and local date with diary entries: what the leaderboards read instead of the
-- diary. Written by the diary's mutations (RivalScores.dayChanged) for users in at least one group,
-- filled from the diary when a user joins their first group, removed when they leave their last.
CREATE TABLE rival_days (
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    local_date   date NOT NULL,
    energy_kcal  double precision NOT NULL CHECK (energy_kcal >= 0),
    protein_g    double precision NOT NULL CHECK (protein_g >= 0),
    entry_count  integer NOT NULL CHECK (entry_count > 0),
    PRIMARY KEY (user_id, local_date)
);
