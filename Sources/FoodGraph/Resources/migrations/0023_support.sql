-- Support (issue #30): users' support issues with their comments, and experience reports.

-- One global sequence: numbers are never reused, whoever's issue it is.
CREATE SEQUENCE support_issue_numbers;

CREATE TABLE support_issues (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    number            bigint NOT NULL UNIQUE DEFAULT nextval('support_issue_numbers'),
    user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    subject           text NOT NULL CHECK (char_length(subject) BETWEEN 3 AND 200),
    description       text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 10000),
    category          text NOT NULL CHECK (category IN ('bug', 'account', 'orders', 'data', 'feature_request', 'other')),
    severity          text NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
    status            text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_hand', 'resolved')),
    screenshot        bytea,
    screenshot_type   text CHECK (screenshot_type IN ('image/png', 'image/jpeg', 'image/webp')),
    screenshot_width  integer,
    screenshot_height integer,
    -- The employee who has it in hand (set while IN_HAND, kept once RESOLVED).
    assigned_to       bigint REFERENCES users (id) ON DELETE SET NULL,
    taken_at          timestamptz,
    resolved_by       bigint REFERENCES users (id) ON DELETE SET NULL,
    resolved_at       timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);
-- The limit's count and `User.supportIssues`.
CREATE INDEX support_issues_user ON support_issues (user_id, created_at);
-- The queue: oldest first within a status.
CREATE INDEX support_issues_queue ON support_issues (status, created_at, id);
-- Workload and experience of employees (the assignment suggestion).
CREATE INDEX support_issues_assigned ON support_issues (assigned_to) WHERE status = 'in_hand';
CREATE INDEX support_issues_resolved_by ON support_issues (resolved_by) WHERE resolved_by IS NOT NULL;

CREATE TABLE support_issue_comments (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    issue_id    bigint NOT NULL REFERENCES support_issues (id) ON DELETE CASCADE,
    -- Null once the author's account is deleted (a staff member's answer stays on the issue).
    author_id   bigint REFERENCES users (id) ON DELETE SET NULL,
    from_staff  boolean NOT NULL,
    body        text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_issue_comments_issue ON support_issue_comments (issue_id, id);
CREATE INDEX support_issue_comments_author ON support_issue_comments (author_id);

CREATE TABLE feedback_reports (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rating      integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
    text        text NOT NULL CHECK (char_length(text) <= 2000),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_reports_created ON feedback_reports (created_at);
CREATE INDEX feedback_reports_user ON feedback_reports (user_id);
