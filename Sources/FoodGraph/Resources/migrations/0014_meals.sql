-- Meals and diets: which diet plan a user follows (one at a time, history kept), weekly meal
-- plans (one per user and week, with their planned meals), and the grocery items checked off.
-- The diet plans themselves are a catalogue in code (Meals/DietPlanCatalogue.swift), referred to
-- by their stable key.

CREATE TABLE diet_plan_follows (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan_key    integer NOT NULL,
    started_at  timestamptz NOT NULL DEFAULT now(),
    stopped_at  timestamptz,
    CHECK (stopped_at IS NULL OR stopped_at >= started_at)
);
-- One plan at a time.
CREATE UNIQUE INDEX diet_plan_follows_active ON diet_plan_follows (user_id) WHERE stopped_at IS NULL;
CREATE INDEX diet_plan_follows_history ON diet_plan_follows (user_id, started_at DESC, id DESC);

CREATE TABLE meal_plans (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id             bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The first day of the planned week.
    week_of             date NOT NULL,
    budget              numeric(10, 2) NOT NULL CHECK (budget >= 0),
    budget_currency     text NOT NULL,
    -- Kilocalories a day the plan aimed at.
    daily_target_kcal   double precision NOT NULL CHECK (daily_target_kcal > 0),
    -- Why the plan could not keep within the budget or the target (null when it did).
    shortfall_note      text,
    generated_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, week_of)
);
CREATE INDEX meal_plans_archive ON meal_plans (user_id, week_of DESC, id DESC);

CREATE TABLE planned_meals (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    plan_id         bigint NOT NULL REFERENCES meal_plans (id) ON DELETE CASCADE,
    local_date      date NOT NULL,
    meal            text NOT NULL CHECK (meal IN ('breakfast', 'lunch', 'dinner')),
    recipe_id       bigint NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
    -- Servings of the recipe eaten at this meal.
    portions        double precision NOT NULL CHECK (portions > 0 AND portions <= 4),
    -- The figures when planned (the archive stays as it was).
    energy_kcal     double precision NOT NULL,
    cost            numeric(10, 2) NOT NULL,
    picked          boolean NOT NULL DEFAULT false,
    locked          boolean NOT NULL DEFAULT false,
    UNIQUE (plan_id, local_date, meal)
);
CREATE INDEX planned_meals_recipe ON planned_meals (recipe_id);

CREATE TABLE grocery_checks (
    plan_id     bigint NOT NULL REFERENCES meal_plans (id) ON DELETE CASCADE,
    item_key    text NOT NULL CHECK (char_length(item_key) BETWEEN 1 AND 300),
    checked_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (plan_id, item_key)
);
