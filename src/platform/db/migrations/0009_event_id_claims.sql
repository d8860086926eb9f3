-- The stream each event id belongs to, for an event store outside this database (KurrentDB,
-- docs/adr/0009-kurrentdb-client.md): KurrentDB checks event ids only within one stream's
-- append, so the same id offered to another stream is refused here. A claim is written
-- before the append and only ever says which stream an id belongs to, so a claim whose
-- append never happened is harmless: the id is appended to that stream at the next try.

create table es_event_ids (
  event_id  uuid not null,
  stream_id text not null,
  constraint es_event_ids_pk primary key (event_id)
);
