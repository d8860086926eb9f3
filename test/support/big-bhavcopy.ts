import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUNDLED_SAMPLE_DIR } from '#platform/config';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const SAMPLE_DAY = '06-JAN-2021';

/** An exchange date (06-JAN-2021) `days` after the sample's day. */
function dayAfter(days: number): string {
  const date = new Date(Date.UTC(2021, 0, 6) + days * 86_400_000);
  return `${String(date.getUTCDate()).padStart(2, '0')}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()}`;
}

/**
 * A valid NSE CM bhavcopy of at most `bytes`: the bundled day's rows (cm06JAN2021bhav.csv, 1,900
 * of them) over one successive day after another, so every candle is its own. What a document
 * near the size limit is made of in specs and benchmarks of memory.
 */
export function* bigBhavcopyLines(bytes: number): Generator<string> {
  const [header = '', ...rows] = readFileSync(path.join(BUNDLED_SAMPLE_DIR, 'prices', 'cm06JAN2021bhav.csv'), 'utf8')
    .split('\n')
    .filter(Boolean);
  let written = header.length + 1;
  yield `${header}\n`;
  for (let day = 0; ; day++) {
    const date = dayAfter(day);
    for (const row of rows) {
      const line = `${row.replace(SAMPLE_DAY, date)}\n`;
      written += line.length;
      if (written > bytes) return;
      yield line;
    }
  }
}

/** bigBhavcopyLines as one document's bytes. */
export const bigBhavcopy = (bytes: number): Uint8Array => new TextEncoder().encode([...bigBhavcopyLines(bytes)].join(''));
