-- Search (src/search): trigram similarity for fuzzy company and security names.
-- PGlite loads the pg_trgm bundle in src/db/pglite.ts; a PostgreSQL server ships it in contrib
-- (trusted since PostgreSQL 13, so a database owner may create it).
create extension if not exists pg_trgm;

-- A company or security name as search compares it: lower case, punctuation as spaces, and
-- the legal suffix dropped, so "Tata Power Co. Ltd." and "TATA POWER CO LIMITED" are equal.
-- Immutable, so expression indexes can use it. Indexes on the read tables are not made here:
-- the projector creates (and rebuilds) those tables after migrations; see ensureSearchIndexes.
create or replace function search_normalise_name(name text) returns text
language sql immutable strict parallel safe
as $$
  select btrim(regexp_replace(
    regexp_replace(regexp_replace(lower(name), '[^a-z0-9&]+', ' ', 'g'), '\m(ltd|limited)\M', ' ', 'g'),
    ' {2,}', ' ', 'g'))
$$;
