-- One row per projection version: where it has read up to, whether it is live, and the
-- read tables it owns (dropped on rebuild or when a newer version goes live).

create table es_checkpoints (
  projection       text not null,
  version          integer not null,
  transaction_id   xid8 not null default '0',
  global_position  bigint not null default 0,
  status           text not null default 'rebuilding',
  tables           text[] not null,
  events_projected bigint not null default 0,
  last_error       text,
  last_error_at    timestamptz(3),
  created_at       timestamptz(3) not null default now(),
  updated_at       timestamptz(3) not null default now(),
  constraint es_checkpoints_pk primary key (projection, version),
  constraint es_checkpoints_status_ck check (status in ('rebuilding', 'live'))
);
