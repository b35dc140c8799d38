-- Mail delivery: what the sender needs to deliver the email outbox over SMTP, retry with back-off
-- and give up. `attempts` and `sent_at` exist since 0001. An email is pending while `sent_at` and
-- `failed_at` are both null; a sender takes it when `next_attempt_at` has come (and pushes that
-- time forward while it holds the email, so other servers skip it).

ALTER TABLE email_outbox
    ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
    -- The last delivery error (the server's reply or the network error), kept when it gives up.
    ADD COLUMN last_error      text,
    -- Set when delivery gave up: a permanent refusal (5xx) or too many attempts.
    ADD COLUMN failed_at       timestamptz,
    ADD CONSTRAINT email_outbox_sent_or_failed CHECK (sent_at IS NULL OR failed_at IS NULL);

DROP INDEX email_outbox_pending;
CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
