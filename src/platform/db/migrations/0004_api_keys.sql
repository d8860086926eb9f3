-- API keys, the workspaces they are issued to, and per-key request counters. Only a
-- SHA-256 digest of each key is stored: the key itself is shown once, when it is created.

create table workspaces (
  workspace_id uuid not null,
  name         text not null,
  created_at   timestamptz(3) not null default now(),
  constraint workspaces_pk primary key (workspace_id),
  constraint workspaces_name_uq unique (name),
  constraint workspaces_name_ck check (char_length(name) between 1 and 80)
);

create table api_keys (
  key_id       uuid not null,
  workspace_id uuid not null,
  name         text not null,
  scopes       text[] not null,
  -- The key's first characters, enough to tell keys apart in a list; never enough to use.
  key_prefix   text not null,
  -- Keys are 32 random bytes, so a fast digest is safe (no dictionary to try) and lets
  -- every request find its key through this unique index.
  key_hash     text not null,
  created_at   timestamptz(3) not null default now(),
  revoked_at   timestamptz(3),
  -- Updated at most once a minute per key, so authentication rarely writes.
  last_used_at timestamptz(3),
  constraint api_keys_pk primary key (key_id),
  constraint api_keys_workspace_fk foreign key (workspace_id) references workspaces (workspace_id),
  constraint api_keys_key_hash_uq unique (key_hash),
  constraint api_keys_key_hash_ck check (key_hash ~ '^[0-9a-f]{64}$'),
  constraint api_keys_name_ck check (char_length(name) between 1 and 80),
  constraint api_keys_scopes_ck check (cardinality(scopes) <= 8),
  constraint api_keys_key_prefix_ck check (char_length(key_prefix) between 1 and 16)
);

create index api_keys_workspace_ix on api_keys (workspace_id, created_at);

-- One row per key, window kind and window start. Requests are counted by one atomic
-- upsert, so API processes sharing one server share the counts.
create table rate_limit_counters (
  key_id        uuid not null,
  window_kind   text not null,
  window_start  timestamptz(3) not null,
  request_count bigint not null,
  constraint rate_limit_counters_pk primary key (key_id, window_kind, window_start),
  constraint rate_limit_counters_key_fk foreign key (key_id) references api_keys (key_id) on delete cascade,
  constraint rate_limit_counters_window_kind_ck check (window_kind in ('minute', 'month')),
  constraint rate_limit_counters_count_ck check (request_count >= 0)
);

-- Old windows are pruned by start time.
create index rate_limit_counters_window_start_ix on rate_limit_counters (window_start);
