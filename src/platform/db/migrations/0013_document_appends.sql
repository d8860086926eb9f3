-- A parse too large for one transaction is appended in parts (docs/adr/0014-documents-appended-in-parts.md).
-- While its parts land, its documents are held here with the context they were parsed with, so
-- that a parse of another context of the same document (an earlier copy received meanwhile)
-- waits for it and lands after it, as it would after a parse appended in one transaction.
-- `held_at` moves with each part: a hold not renewed for a minute is of a worker that died.

create table document_appends (
  document_id  text not null,
  context_key  text not null,
  held_at      timestamptz not null default now(),
  constraint document_appends_pk primary key (document_id)
);
