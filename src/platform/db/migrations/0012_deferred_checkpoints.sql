-- A batch whose work a projection splits over several transactions (docs/adr/0012-deferred-projection-work.md):
-- its rows and what remains to be done commit first, with the checkpoint left where it was and
-- the place it moves to kept here; the checkpoint moves there, and the batch's events count,
-- in the transaction that finishes the work. Null when no batch is unfinished.

alter table es_checkpoints
  add column deferred_to text,
  add column deferred_events bigint not null default 0;
