-- The event store: the only source of truth. Rows are appended, never updated or deleted.

create table es_streams (
  stream_id      text not null,
  stream_version bigint not null,
  created_at     timestamptz(3) not null default now(),
  updated_at     timestamptz(3) not null default now(),
  constraint es_streams_pk primary key (stream_id),
  constraint es_streams_version_positive check (stream_version > 0)
);

create table es_events (
  global_position bigint generated always as identity,
  -- The appending transaction. Readers order and checkpoint on (transaction_id,
  -- global_position) and only read transactions older than every running one, so an
  -- event whose transaction commits late is never skipped.
  transaction_id  xid8 not null default pg_current_xact_id(),
  stream_id       text not null,
  stream_version  bigint not null,
  event_id        uuid not null,
  event_type      text not null,
  schema_version  integer not null,
  data            jsonb not null,
  metadata        jsonb not null,
  known_at        timestamptz(3) not null,
  recorded_at     timestamptz(3) not null default now(),
  constraint es_events_pk primary key (global_position),
  constraint es_events_stream_version_uq unique (stream_id, stream_version),
  constraint es_events_event_id_uq unique (event_id),
  constraint es_events_schema_version_positive check (schema_version > 0)
);

create index es_events_commit_order_ix on es_events (transaction_id, global_position);
