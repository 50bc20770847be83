-- Issue 20: the language a person chose (ru, kk, en) for the screens, the server's messages and the letters;
-- null until they choose one (letters then follow the language of the request that caused them, else Russian).
ALTER TABLE users ADD COLUMN IF NOT EXISTS language text;
