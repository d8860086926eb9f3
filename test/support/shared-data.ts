import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'vitest';
import { REPO_ROOT } from './parse-input.ts';

/**
 * The full real-data corpus beside the project (../shared/data/real). A fresh clone works
 * without it; CI has it, and the suites that need it run there.
 */
export const SHARED_DATA = path.resolve(REPO_ROOT, '../shared/data/real');
export const hasSharedData = existsSync(SHARED_DATA);

/** A suite over the shared corpus; without it, reported as skipped with the reason in its name. */
export function describeWithSharedData(name: string, suite: () => void): void {
  if (hasSharedData) describe(name, suite);
  else describe.skip(`${name} [skipped: ../shared/data/real is not present]`, suite);
}

/**
 * Exchange publications as the exchanges' endpoints served them (../shared/data/exchange):
 * API responses, reference CSVs and integrated-filing XBRL, kept apart from the ingest corpus.
 */
export const EXCHANGE_DATA = path.resolve(REPO_ROOT, '../shared/data/exchange');
export const hasExchangeData = existsSync(EXCHANGE_DATA);

/** A file under ../shared/data/exchange, as bytes. */
export function exchangeFile(relativePath: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(EXCHANGE_DATA, relativePath)));
}

/** A suite over the exchange publications; without them, reported as skipped with the reason in its name. */
export function describeWithExchangeData(name: string, suite: () => void): void {
  if (hasExchangeData) describe(name, suite);
  else describe.skip(`${name} [skipped: ../shared/data/exchange is not present]`, suite);
}
