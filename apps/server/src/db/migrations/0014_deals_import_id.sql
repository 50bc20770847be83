-- Issue 15: an import writes its deals in short transactions (a long one would hold the embedded
-- database for everyone); each deal remembers the import that wrote it, so an import that fails
-- part-way (a limit, a crash) removes exactly what it wrote. Never rewritten by a deal save: no index.
ALTER TABLE deals ADD COLUMN IF NOT EXISTS import_id int;
