-- Accounts: a weekly budget keeps its own currency. A preset (`USD_100`) is an amount in US dollars
-- whatever the profile's currency; a custom amount is in the profile's currency when it is set.
-- Budgets set before this migration were all stored in the profile's currency.

ALTER TABLE profiles ADD COLUMN weekly_budget_currency char(3);
UPDATE profiles SET weekly_budget_currency = currency WHERE weekly_budget IS NOT NULL;
ALTER TABLE profiles ADD CONSTRAINT profiles_weekly_budget_currency
    CHECK ((weekly_budget IS NULL) = (weekly_budget_currency IS NULL));
