-- The exact product of numerics, for cumulative share-count factors of splits and bonus
-- issues (src/screening/market-source.ts). numeric_mul is PostgreSQL's own numeric `*`, so
-- the product is exact where exp(sum(ln(x))) over floats would drift.
create or replace aggregate numeric_product(numeric) (sfunc = numeric_mul, stype = numeric, initcond = '1');
