-- What administrators did to users' data and accounts: who, when, what, why.
CREATE TABLE audit_log (
    id               bigserial PRIMARY KEY,
    -- Null once the administrator's account is deleted: the entry stays.
    actor_id         bigint REFERENCES users (id) ON DELETE SET NULL,
    -- Null once the user's account is deleted: the entry stays, without whom it was about.
    subject_user_id  bigint REFERENCES users (id) ON DELETE SET NULL,
    action           text NOT NULL,
    reason           text,
    -- What changed: profile field names, or the IDs of deleted records (never their values).
    details          text[] NOT NULL DEFAULT '{}',
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX audit_log_by_time ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_by_subject ON audit_log (subject_user_id, created_at DESC, id DESC);
