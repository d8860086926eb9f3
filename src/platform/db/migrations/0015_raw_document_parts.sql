-- A document's bytes in parts of at most 1 MiB (docs/ingestion.md, "Memory for a large document").
-- Written and read a few parts a statement, a document near the size limit never passes through
-- the database as one value: on embedded PGlite, whose memory never shrinks, one 63 MiB value
-- took some 600 MB to insert and 200 MB more to read back; in parts, some 90 MB in all.
-- Documents stored before keep their bytes in raw_documents.bytes, read as they are.

create table raw_document_parts (
  document_id  text not null,
  part         integer not null,
  bytes        bytea not null,
  constraint raw_document_parts_pk primary key (document_id, part),
  constraint raw_document_parts_document_fk foreign key (document_id) references raw_documents (document_id)
);

alter table raw_documents alter column bytes drop not null;
