-- A projection's checkpoint becomes one opaque token minted by the event store's adapter
-- (docs/adr/0008-opaque-checkpoints.md): the projector stores it and compares it for
-- equality only. A checkpoint kept as (transaction_id, global_position) becomes the
-- PostgreSQL store's token for the same place, `pg:<transaction id>:<position>`; the
-- start stays `start`, the token every store reads as "before the first event".

alter table es_checkpoints add column checkpoint text not null default 'start';

update es_checkpoints
set checkpoint = 'pg:' || transaction_id::text || ':' || global_position::text
where transaction_id <> '0'::xid8 or global_position <> 0;

alter table es_checkpoints drop column transaction_id, drop column global_position;
