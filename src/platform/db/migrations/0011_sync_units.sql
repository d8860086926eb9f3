-- Progress of the exchange connectors (docs/sync.md): one row per dataset and unit (a
-- session, a window of dates, a snapshot, a symbol). A unit is claimed under a lease before
-- it is fetched, so two sync processes never fetch one unit at once, and a process killed
-- mid-unit leaves a lease that lapses; `done` units are never fetched again by a backfill.
create table if not exists sync_units (
  dataset      text not null,
  unit         text not null,
  -- pending: to fetch (again); open: fetched, its window still running (fetched again on
  -- schedule); done: fetched for good; absent: nothing is published for it (a holiday).
  state        text not null default 'pending' check (state in ('pending', 'open', 'done', 'absent')),
  -- The last try's outcome: fetched, absent, not-published, blocked, failed.
  last_outcome text,
  last_error   text,
  attempts     integer not null default 0,
  -- Tries in a row that got no data (reset by a fetch).
  failures     integer not null default 0,
  documents    integer not null default 0,
  fetched_at   timestamptz,
  tried_at     timestamptz,
  next_due     timestamptz,
  lease_owner  text,
  lease_until  timestamptz,
  primary key (dataset, unit)
);

create index if not exists sync_units_due on sync_units (dataset, state, next_due);

-- Listed files are not fetched again once held: the connectors look them up by URL.
create index if not exists raw_documents_source_url on raw_documents (source_url) where source_url is not null;

-- What a sync that relays to another service (`npm run sync -- --relay`) has uploaded, by
-- URL and digest: it holds no documents itself, and fetches a listed file only once.
create table if not exists sync_relayed (
  source_url   text not null,
  sha256       text not null,
  relayed_at   timestamptz not null default now(),
  primary key (source_url, sha256)
);
