-- Stored files (uploads, generated documents, signed files): metadata here, bytes in the storage provider.
CREATE TABLE files (
  id serial PRIMARY KEY,
  user_id int REFERENCES users(id) ON DELETE CASCADE,
  declaration_id int,
  kind text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  filename text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 char(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_declaration ON files (declaration_id, kind);
