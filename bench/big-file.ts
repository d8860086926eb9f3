/**
 * npm run bench:big-file [-- --mib 16,63 --heap 768]
 *
 * The memory a large valid bhavcopy costs end to end: writes an NSE CM bhavcopy of each size
 * (the bundled day's rows repeated over successive trading days, so every candle is its own),
 * ingests it with `npm run ingest` into a fresh DATA_DIR on embedded PGlite, and prints the
 * command's peak RSS (/usr/bin/time -v) beside the document's size. `--heap` runs the command
 * under NODE_OPTIONS=--max-old-space-size (operations.md documents 768). Numbers go to
 * docs/benchmarks.md by hand, with the machine and date.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { measureBigFile, MiB } from './big-file-run.ts';
import { machine } from './report.ts';

const { values } = parseArgs({ options: { mib: { type: 'string', default: '63' }, heap: { type: 'string' } } });

const load = os.loadavg().map((l) => l.toFixed(1));
console.log(`${machine()}; load ${load.join(', ')}; heap ${values.heap ?? 'default'} MB`);
// The command's own peak on one day's bhavcopy (PGlite, the parsers, the projections): what a file adds is measured above it.
const base = await measureBigFile(0.2, values.heap);
console.log(`one day (${(base.size / MiB).toFixed(1)} MiB): peak RSS ${base.peakMb} MiB in ${base.seconds.toFixed(0)} s: ${base.verdict}`);
for (const mib of values.mib.split(',').map(Number)) {
  const { size, peakMb, seconds, verdict } = await measureBigFile(mib, values.heap);
  const added = (peakMb - base.peakMb) / (size / MiB);
  console.log(
    `${(size / MiB).toFixed(1)} MiB bhavcopy: peak RSS ${peakMb} MiB, ${added.toFixed(1)}x the document above one day's, in ${seconds.toFixed(0)} s: ${verdict}`,
  );
}
