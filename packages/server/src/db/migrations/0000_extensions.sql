-- Trigram indexes back the `suggest` and `q` searches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
