-- Recipe images are served at an unguessable token, as avatars and product images are, never at
-- their sequential id. Images stored before get 64 random hexadecimal digits.
ALTER TABLE recipe_images ADD COLUMN token text;
UPDATE recipe_images SET token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
ALTER TABLE recipe_images ALTER COLUMN token SET NOT NULL;
CREATE UNIQUE INDEX recipe_images_token ON recipe_images (token);
