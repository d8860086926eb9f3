import { NseSymbolSchema } from '#schemas/common';
import { baseName } from '#ingest/shared/price-support';

/**
 * The NSE symbol a summary file is named after (`ACC.csv`, also as `archive.zip/ACC.csv` or
 * `folder/ACC.csv`): the file holds no identity of its own, so its name is the only one.
 */
export function symbolOfFile(
  fileName: string,
): { readonly ok: true; readonly symbol: string } | { readonly ok: false; readonly reason: string } {
  const name = baseName(fileName);
  const stem = name
    .replace(/\.csv$/i, '')
    .trim()
    .toUpperCase();
  const parsed = NseSymbolSchema.safeParse(stem);
  if (parsed.success) return { ok: true, symbol: parsed.data };
  return {
    ok: false,
    reason: `the file name "${name}" is not an NSE symbol: a shareholding-summary file states no company, so it must be named after its NSE symbol, e.g. ACC.csv`,
  };
}
