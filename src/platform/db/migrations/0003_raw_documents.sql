-- Source documents exactly as received, content-addressed by SHA-256 and kept for ever, so
-- any of them can be parsed again after a parser fix. Not an event: events reference it.

create table raw_documents (
  document_id   text not null,
  bytes         bytea not null,
  byte_length   integer not null,
  file_name     text not null,
  content_type  text not null,
  format        text not null,
  source_url    text,
  -- When the content became knowable, if the connector knew it (e.g. from an exchange
  -- listing); parsers fall back to what the content says, then to received_at.
  known_at      timestamptz(3),
  received_at   timestamptz(3) not null default now(),
  -- Context the connector attached, e.g. the NSE listing entry an XBRL file belongs to.
  attributes    jsonb not null default '{}',
  constraint raw_documents_pk primary key (document_id),
  constraint raw_documents_id_ck check (document_id ~ '^[0-9a-f]{64}$')
);

create index raw_documents_format_ix on raw_documents (format, received_at);
