-- A dish type narrows a search to a seventh of the cookbook: its recipes in title order and by
-- energy per serving (the suitability window's edge and band reads), so that a page with a dish
-- type and further filters reads the dish's rows only, not every recipe's.
CREATE INDEX recipes_listed_dish_title ON recipes (dish_type, lower(title), id) WHERE moderation_status = 'approved';
CREATE INDEX recipes_listed_dish_energy ON recipes (dish_type, energy_kcal) WHERE moderation_status = 'approved';

-- A cooking logged to the diary: which diary entry `undoCooking` removes with the pantry's
-- movements. The entry belongs to the diary (deleting it there forgets the link).
CREATE TABLE recipe_cooked_meals (
    movement_group_id  bigint PRIMARY KEY,
    user_id            bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    diary_entry_id     bigint NOT NULL REFERENCES diary_entries (id) ON DELETE CASCADE
);
CREATE INDEX recipe_cooked_meals_user ON recipe_cooked_meals (user_id);
CREATE INDEX recipe_cooked_meals_entry ON recipe_cooked_meals (diary_entry_id);

-- What an ingredient needs of the pantry for its recipe's servings, in the pantry's unit
-- (RecipeCooking.pantryNeed: grams, millilitres or pieces), so that `fromPantry` compares
-- quantities in the page's own statement. Null: not counted (no product or amount), or not
-- computed yet: every recipe is due for the refresh job, which writes it with the traits.
ALTER TABLE recipe_ingredients
    ADD COLUMN pantry_need double precision CHECK (pantry_need > 0),
    ADD COLUMN pantry_unit text CHECK (pantry_unit IN ('g', 'ml', 'piece')),
    ADD CHECK ((pantry_need IS NULL) = (pantry_unit IS NULL));
UPDATE recipes SET traits_refreshed_at = '-infinity';
