-- Every file in one store (issue 27, services/file-store.ts): with DATABASE_URL the files live here,
-- shared by every instance, instead of each instance's DATA_DIR/uploads. A file is its row and its
-- chunks (256 KiB each, numbered from 0), written as they stream in; `complete` and the hash are set
-- in one final statement, so a file cut off midway is never read (its incomplete row is removed at
-- start once it is old). Keys are `<area>/<generated name>`. Each put writes a row of its own (`id`):
-- two instances putting one key at once (the seeded files) never mix their chunks, and the last to
-- complete replaces the other; at most one complete row per key.
CREATE TABLE stored_files (
  id bigserial PRIMARY KEY,
  key text NOT NULL CHECK (key ~ '^[a-z]+/[a-z0-9-]{8,80}$'),
  size bigint NOT NULL DEFAULT 0 CHECK (size >= 0),
  sha256 text CHECK (sha256 IS NULL OR sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  complete boolean NOT NULL DEFAULT false,
  CHECK (NOT complete OR sha256 IS NOT NULL)
);

CREATE TABLE stored_file_chunks (
  file_id bigint NOT NULL REFERENCES stored_files (id) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (file_id, n)
);

CREATE UNIQUE INDEX stored_files_complete_key ON stored_files (key) WHERE complete;
CREATE INDEX stored_files_key ON stored_files (key);

CREATE INDEX stored_files_incomplete ON stored_files (created_at) WHERE NOT complete;
