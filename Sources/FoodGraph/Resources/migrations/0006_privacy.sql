-- Privacy and the rest of the account stories (issue 23).

-- Images are served at an unguessable token, never at their sequential id: 24 random bytes in
-- base64url for new images; images stored before get 256 random bits in hex.
ALTER TABLE images ADD COLUMN token text;
UPDATE images SET token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
ALTER TABLE images ALTER COLUMN token SET NOT NULL;
ALTER TABLE images ADD CONSTRAINT images_token_key UNIQUE (token);

-- An avatar picked from the built-in gallery (by name), instead of an uploaded one.
ALTER TABLE profiles ADD COLUMN gallery_avatar text CHECK (gallery_avatar ~ '^[a-z]{1,30}$');
ALTER TABLE profiles ADD CONSTRAINT profiles_one_avatar CHECK (avatar_image_id IS NULL OR gallery_avatar IS NULL);
