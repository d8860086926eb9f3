-- Names as search compares them (0005), now also with "&" and "and" equal: sources spell one
-- company both ways ("Larsen & Toubro Infotech Limited", "Larsen and Toubro"), and BSE's 2015
-- list escapes the ampersand ("LARSEN &amp; TOUBRO LTD."). Normalised names hold only
-- [a-z0-9 ], so they can never carry a LIKE wildcard.
create or replace function search_normalise_name(name text) returns text
language sql immutable strict parallel safe
as $$
  select btrim(regexp_replace(
    regexp_replace(
      regexp_replace(replace(replace(lower(name), '&amp;', '&'), '&', ' and '), '[^a-z0-9]+', ' ', 'g'),
      '\m(ltd|limited)\M', ' ', 'g'),
    ' {2,}', ' ', 'g'))
$$;

-- Expression indexes built with the earlier body hold the earlier values: rebuild every index
-- that uses the function (the read tables' own setup creates them; on a new database there is none yet).
do $$
declare
  ix regclass;
begin
  for ix in select indexrelid::regclass from pg_index where pg_get_indexdef(indexrelid) like '%search_normalise_name(%' loop
    execute format('reindex index %s', ix);
  end loop;
end
$$;
