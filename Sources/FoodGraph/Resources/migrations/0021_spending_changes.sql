-- Spending: each user's recent changes (receipts, lines and their mappings, objectives), with the
-- state before each, so that the last can be undone. At most 20 a user, for 30 days.

CREATE TABLE spending_changes (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         text NOT NULL CHECK (kind IN ('create_receipt', 'update_receipt_line', 'confirm_receipt_line_mapping', 'delete_receipt',
                                               'set_spending_objective', 'remove_spending_objective')),
    description  text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 300),
    -- The rows as they were before the change (and what the change made, to find it again).
    previous     jsonb NOT NULL,
    made_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX spending_changes_user ON spending_changes (user_id, id DESC);
