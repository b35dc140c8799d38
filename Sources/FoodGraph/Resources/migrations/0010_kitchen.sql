-- Kitchen: the pantry with its movements (so consuming and cooking can be undone), grocery orders
-- placed with one chain (draft, submission with stock reserved, status flow with history, payments,
-- the retailer's webhook outbox), recurring orders (par levels and runs), and the job table every
-- server claims background work from.

-- What a user has at home: one row per lot (a product or a free-text food, in one unit, in one place,
-- with one expiry date). A lot consumed to nothing keeps its row (quantity 0), and a removed lot
-- keeps it with `removed_at`, so that the movement can be undone exactly.
CREATE TABLE pantry_items (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id        bigint REFERENCES products (id) ON DELETE SET NULL,
    food              text CHECK (char_length(food) BETWEEN 1 AND 200),
    quantity          numeric(12, 3) NOT NULL CHECK (quantity >= 0),
    unit              text NOT NULL CHECK (unit IN ('g', 'ml', 'piece')),
    location          text NOT NULL CHECK (location IN ('fridge', 'pantry', 'freezer')),
    expires_on        date,
    expiry_is_exact   boolean NOT NULL DEFAULT false,
    source            text NOT NULL CHECK (source IN ('manual', 'order', 'scan', 'receipt')),
    opened            boolean NOT NULL DEFAULT false,
    order_id          bigint,
    added_at          timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    removed_at        timestamptz,
    -- The expiry date an "expiring food" notification was last sent for.
    expiry_notified_on date,
    CHECK (product_id IS NOT NULL OR food IS NOT NULL)
);
-- The pantry list (by location, oldest expiry first) and "expiring within N days".
CREATE INDEX pantry_items_user_expiry ON pantry_items (user_id, expires_on, id) WHERE removed_at IS NULL AND quantity > 0;
-- Availability and consumption of one product (oldest expiry first).
CREATE INDEX pantry_items_user_product ON pantry_items (user_id, product_id, expires_on) WHERE removed_at IS NULL AND quantity > 0;
-- The expiry alert job: lots with a date, not yet notified for it.
CREATE INDEX pantry_items_expiry_alerts ON pantry_items (expires_on) WHERE removed_at IS NULL AND quantity > 0 AND expires_on IS NOT NULL;
CREATE INDEX pantry_items_product ON pantry_items (product_id) WHERE product_id IS NOT NULL;

-- Every change to a lot: its quantity before and after and, for edits and removals, the lot as it
-- was (to undo exactly). `group_id` ties the movements of one consumption across lots.
CREATE TABLE pantry_movements (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    pantry_item_id    bigint NOT NULL REFERENCES pantry_items (id) ON DELETE CASCADE,
    kind              text NOT NULL CHECK (kind IN ('add', 'edit', 'consume', 'remove', 'undo')),
    quantity_before   numeric(12, 3) NOT NULL,
    quantity_after    numeric(12, 3) NOT NULL,
    previous          jsonb,
    group_id          bigint,
    undoes_id         bigint REFERENCES pantry_movements (id) ON DELETE CASCADE,
    undone_at         timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pantry_movements_user ON pantry_movements (user_id, id);
CREATE INDEX pantry_movements_item ON pantry_movements (pantry_item_id, id);
CREATE INDEX pantry_movements_undoes ON pantry_movements (undoes_id) WHERE undoes_id IS NOT NULL;

-- Per user: the expiry alert horizon, and the recurring order's switch, frequency, next run,
-- notice and default payment.
CREATE TABLE kitchen_settings (
    user_id                 bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    expiry_alert_days       integer NOT NULL DEFAULT 3 CHECK (expiry_alert_days BETWEEN 0 AND 30),
    recurring_enabled       boolean NOT NULL DEFAULT false,
    recurring_frequency     text NOT NULL DEFAULT 'weekly' CHECK (recurring_frequency IN ('weekly', 'biweekly', 'monthly', 'every_n_days')),
    recurring_every_days    integer CHECK (recurring_every_days BETWEEN 1 AND 365),
    recurring_next_run_on   date,
    recurring_notice_days   integer NOT NULL DEFAULT 1 CHECK (recurring_notice_days BETWEEN 0 AND 14),
    recurring_noticed_for   date,
    payment_method          text CHECK (payment_method IN ('cash', 'credit_card', 'debit_card', 'paypal')),
    payment_reference       bytea,
    payment_reference_key   text,
    updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kitchen_settings_recurring_due ON kitchen_settings (recurring_next_run_on) WHERE recurring_enabled;

-- The products a user wants at home at all times, and how much (in the unit given).
CREATE TABLE recurring_order_items (
    user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id    bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    par_quantity  numeric(12, 3) NOT NULL CHECK (par_quantity > 0),
    unit          text NOT NULL CHECK (unit IN ('g', 'ml', 'piece')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, product_id)
);
CREATE INDEX recurring_order_items_product ON recurring_order_items (product_id);

-- Orders: a draft (cart) per user, then submitted with one chain's prices and stock.
CREATE SEQUENCE order_numbers START 100001;
CREATE TABLE orders (
    id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    number                 text UNIQUE,
    user_id                bigint REFERENCES users (id) ON DELETE SET NULL,
    chain_id               bigint NOT NULL REFERENCES retail_chains (id),
    status                 text NOT NULL CHECK (status IN ('draft', 'in_process', 'accepted', 'pending_delivery', 'delivered', 'cancelled')),
    currency               char(3) NOT NULL DEFAULT 'CAD',
    subtotal               numeric(12, 2),
    delivery_fee           numeric(12, 2),
    total                  numeric(12, 2),
    quick_delivery         boolean NOT NULL DEFAULT false,
    delivery_address       jsonb,
    delivery_instructions  text CHECK (char_length(delivery_instructions) <= 500),
    delivery_time          timestamptz,
    meal_date              date,
    payment_method         text CHECK (payment_method IN ('cash', 'credit_card', 'debit_card', 'paypal')),
    recurring              boolean NOT NULL DEFAULT false,
    created_at             timestamptz NOT NULL DEFAULT now(),
    submitted_at           timestamptz,
    updated_at             timestamptz NOT NULL DEFAULT now(),
    CHECK (status = 'draft' OR (number IS NOT NULL AND submitted_at IS NOT NULL AND payment_method IS NOT NULL))
);
-- One cart per user (a recurring order's run makes its own draft inside its transaction).
CREATE UNIQUE INDEX orders_one_draft ON orders (user_id) WHERE status = 'draft' AND NOT recurring;
CREATE INDEX orders_user ON orders (user_id, id) WHERE status <> 'draft';
-- The handlers' queue: by status, oldest first.
CREATE INDEX orders_queue ON orders (status, submitted_at, id) WHERE status <> 'draft';
ALTER TABLE pantry_items ADD CONSTRAINT pantry_items_order FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE SET NULL;
CREATE INDEX pantry_items_order ON pantry_items (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE order_items (
    order_id     bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    product_id   bigint NOT NULL REFERENCES products (id),
    quantity     integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    -- Fixed when the order is submitted (the price paid: the sale price while on sale).
    unit_price   numeric(10, 2),
    added_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, product_id)
);
CREATE INDEX order_items_product ON order_items (product_id);

-- Who changed an order's status, and when.
CREATE TABLE order_status_changes (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id     bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    from_status  text,
    to_status    text NOT NULL,
    changed_by   bigint REFERENCES users (id) ON DELETE SET NULL,
    changed_by_role text NOT NULL CHECK (changed_by_role IN ('customer', 'order_handler', 'administrator', 'system')),
    changed_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_changes_order ON order_status_changes (order_id, id);
CREATE INDEX order_status_changes_changed_by ON order_status_changes (changed_by) WHERE changed_by IS NOT NULL;

-- Payment history (Scan&Cook DI-3): every payment and refund, from the first order on. The
-- reference (a card's last digits, a PayPal transaction id — never a card number) is encrypted
-- like other sensitive values (Privacy/DataEncryption.swift).
CREATE TABLE order_payments (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id          bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    user_id           bigint REFERENCES users (id) ON DELETE SET NULL,
    kind              text NOT NULL CHECK (kind IN ('payment', 'refund')),
    method            text NOT NULL CHECK (method IN ('cash', 'credit_card', 'debit_card', 'paypal')),
    reference         bytea,
    reference_key     text,
    amount            numeric(12, 2) NOT NULL,
    currency          char(3) NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_payments_order ON order_payments (order_id, id);
CREATE INDEX order_payments_user ON order_payments (user_id) WHERE user_id IS NOT NULL;

-- Every status change for the retailer's order-processing system, written in the change's
-- transaction and delivered (signed, retried) by the job runner.
CREATE TABLE order_webhook_outbox (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id         bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    body             text NOT NULL,
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    delivered_at     timestamptz,
    failed_at        timestamptz,
    last_error       text,
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_webhook_outbox_due ON order_webhook_outbox (next_attempt_at, id) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX order_webhook_outbox_order ON order_webhook_outbox (order_id);

-- Each run of a user's recurring order, once per scheduled date.
CREATE TABLE recurring_order_runs (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    run_on      date NOT NULL,
    order_id    bigint REFERENCES orders (id) ON DELETE SET NULL,
    outcome     text NOT NULL CHECK (outcome IN ('ordered', 'nothing_missing', 'not_ordered')),
    message     text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, run_on)
);
CREATE INDEX recurring_order_runs_order ON recurring_order_runs (order_id) WHERE order_id IS NOT NULL;

-- The job runner: background work of every server. A periodic job is one row (`key` 'periodic')
-- whose `run_at` moves on after each run; a one-off job is a row per task (`key` unique per kind,
-- so enqueuing twice is harmless). Servers claim due rows with FOR UPDATE SKIP LOCKED and a lease
-- (`locked_until`): a job runs on one server at a time, and one whose server died is taken again
-- when its lease ends.
CREATE TABLE jobs (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind              text NOT NULL,
    key               text NOT NULL,
    payload           jsonb NOT NULL DEFAULT '{}',
    status            text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
    periodic_seconds  integer CHECK (periodic_seconds > 0),
    run_at            timestamptz NOT NULL DEFAULT now(),
    attempts          integer NOT NULL DEFAULT 0,
    max_attempts      integer NOT NULL DEFAULT 8 CHECK (max_attempts > 0),
    claim_token       uuid,
    claimed_worker         text,
    locked_until      timestamptz,
    last_error        text,
    last_started_at   timestamptz,
    last_finished_at  timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (kind, key)
);
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE status IN ('queued', 'running');
CREATE INDEX jobs_status ON jobs (status, id);
