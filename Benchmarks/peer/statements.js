// FoodGraph's statements for the five benchmark queries, as PostgreSQL logged them
// (log_statement = all) on a run of `tools/bench e2e`'s queries; the peer sends them unchanged.
// Kept up to date with FoodGraph's (last in the twenty-ninth session: the products page's columns,
// the latest prices read product by product from `latest_prices`), so that the ratio measures the
// servers, not their statements.
'use strict';
module.exports = {
  session: `SELECT s.id, s.user_id,
  ARRAY(SELECT role FROM user_roles r WHERE r.user_id = s.user_id) AS roles,
  (SELECT chain_id FROM user_roles r WHERE r.user_id = s.user_id AND r.role = 'chain_representative') AS chain_id,
  s.last_used_at < now() - make_interval(secs => $4) AS due
FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.token_hash = $1 AND s.revoked_at IS NULL
  AND s.last_used_at > now() - make_interval(secs => $2) AND s.created_at > now() - make_interval(secs => $3)
  AND u.disabled_at IS NULL`,
  touchSession: `UPDATE sessions SET last_used_at = now(),
  expires_at = least(created_at + make_interval(secs => $3), now() + make_interval(secs => $2))
WHERE id = $1 AND last_used_at < now() - make_interval(secs => $4)`,
  // The columns FoodGraph reads for a page whose products show their nutrition (ProductColumns):
  // the 14 products' statement, and a superset of the 50 products' (FoodGraph reads fewer there).
  productsPage: `SELECT p.id, p.name, p.brand, p.category_id, p.barcode, p.nutrition_basis, p.energy_kcal, p.fat_g, p.saturated_fat_g,
p.trans_fat_g, p.cholesterol_mg, p.carbohydrates_g, p.fibre_g, p.sugars_g, p.sodium_mg, p.protein_g,
p.vitamin_a_ug, p.vitamin_c_mg, p.calcium_mg, p.iron_mg, NULL, NULL, NULL, NULL, p.stock, p.status, NULL, NULL, NULL, NULL, NULL,
NULL, NULL, NULL, NULL, p.chain_id, p.revision_of, (lower(p.name))::text AS page_key0, (p.id)::text AS page_key1
FROM (SELECT p.* FROM products p WHERE p.status = 'active') AS p

ORDER BY lower(p.name) ASC, p.id ASC LIMIT $1`,
  productsCount: `SELECT count(*) FROM (SELECT 1 FROM products p WHERE p.status = 'active' LIMIT 10001) AS counted`,
  productByBarcode: `SELECT p.id, p.name, p.brand, p.category_id, p.barcode, p.nutrition_basis, p.energy_kcal, p.fat_g, p.saturated_fat_g,
p.trans_fat_g, p.cholesterol_mg, p.carbohydrates_g, p.fibre_g, p.sugars_g, p.sodium_mg, p.protein_g,
p.vitamin_a_ug, p.vitamin_c_mg, p.calcium_mg, p.iron_mg, p.allergens, p.diet_labels, p.shelf_life_days,
p.storage, p.stock, p.status, p.serving_quantity::float8, p.package_quantity::float8, p.package_unit, p.serving_unit,
p.serving_description, p.catalog_price::text, p.sale_price::text, p.currency, p.micronutrients::text, p.chain_id,
p.revision_of FROM products p WHERE p.barcode = $1 AND p.revision_of IS NULL AND p.status = 'active'`,
  categories: `SELECT id, parent_id, slug, name, path FROM categories WHERE id = ANY($1)`,
  latestPrices: `SELECT numbered.* FROM unnest($1::bigint[]) WITH ORDINALITY AS page_parents (id, position)
CROSS JOIN LATERAL (
  SELECT o.id, o.product_id, o.store_id, o.price::text, o.currency, o.distance_km, (o.distance_key)::text AS page_key0, o.page_parent, row_number() OVER (ORDER BY o.distance_key ASC, o.price ASC, o.id ASC) AS page_row
  FROM (SELECT o.*, o.product_id AS page_parent, NULL::float8 AS distance_km, coalesce(NULL::float8, 0) AS distance_key
FROM latest_prices o ) AS o
  WHERE o.page_parent = page_parents.id
  ORDER BY o.distance_key ASC, o.price ASC, o.id ASC LIMIT 4
) AS numbered ORDER BY page_parents.position, numbered.page_row`,
  stores: `SELECT s.id, s.chain_id, s.name, s.address_line, s.city, s.region, s.postal_code, s.country, s.latitude, s.longitude FROM stores s WHERE s.id = ANY($1)`,
  chains: `SELECT c.id, c.name, c.description, c.website, c.contact_email, c.contact_phone FROM retail_chains c WHERE c.id = ANY($1)`,
  users: `SELECT u.id, u.email, u.email_confirmed_at, u.disabled_at, u.created_at,
ARRAY(SELECT role FROM user_roles r WHERE r.user_id = u.id ORDER BY role) AS roles,
(SELECT chain_id FROM user_roles r WHERE r.user_id = u.id AND r.role = 'chain_representative') AS chain_id FROM users u WHERE u.id = ANY($1)`,
  profiles: `SELECT user_id, display_name, username, gender, birth_date::text, height_cm::float8, weight_kg::float8,
       activity_level, goal, goal_rate_kg_per_week::float8, diet_type, unit_system, time_zone, currency,
       allergies, illnesses, pregnant, disliked_foods, (now() AT TIME ZONE time_zone)::date::text,
       avatar_image_id, latitude, longitude, accessible_radius_km::float8, weekly_budget::text,
       coalesce(weekly_budget_currency, currency), notification_settings::text, shipping_address::text
FROM profiles WHERE user_id = ANY($1)`,
  diaryDay: `SELECT e.id, e.user_id, e.local_date::text, e.meal, e.product_id, e.food_name, e.quantity::float8, e.quantity_unit,
e.grams::float8, e.source, e.energy_kcal, e.fat_g, e.saturated_fat_g, e.trans_fat_g, e.cholesterol_mg,
e.carbohydrates_g, e.fibre_g, e.sugars_g, e.sodium_mg, e.protein_g, e.vitamin_a_ug, e.vitamin_c_mg,
e.calcium_mg, e.iron_mg, e.created_at, e.computed_overridden::text FROM diary_entries e WHERE e.user_id = ANY($1::bigint[]) AND e.local_date = $2::date ORDER BY e.user_id, e.created_at, e.id`,
};
