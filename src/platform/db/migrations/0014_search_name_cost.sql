-- search_normalise_name as the planner should weigh it: its body unchanged (so every index on
-- it holds the same values and none is rebuilt), but no longer inlined into the statements that
-- call it, and costed as what it is, five regular-expression passes over a name. Inlined, the
-- planner counted it as a few cheap operators and chose to scan every company and former name,
-- normalising each (0.65 s of a 1.5 s search on the real corpus), over the trigram indexes on
-- it (docs/search.md#speed). A SET clause keeps a SQL function from being inlined; the indexes
-- match the call itself.
alter function search_normalise_name(text) cost 1000 set search_path = pg_catalog;
