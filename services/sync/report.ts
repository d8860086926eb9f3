import cliProgress from 'cli-progress';
import type { DatasetStanding, UnitReport } from '#ingest/sync';

const n = (value: number) => value.toLocaleString('en-US');

/** A progress bar on stderr: units done of those planned, documents stored, failures. */
export function createSyncProgressBar(total: number): { unit(report: UnitReport): void; stop(): void } {
  const bar = new cliProgress.SingleBar(
    {
      format: 'syncing {bar} {value}/{total} units | {dataset} {unit} | {stored} new documents | {failing} not had',
      stream: process.stderr,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5_000,
    },
    cliProgress.Presets.shades_classic,
  );
  let done = 0;
  let stored = 0;
  let failing = 0;
  bar.start(total, 0, { dataset: '', unit: '', stored: '0', failing: '0' });
  return {
    unit(report) {
      done += 1;
      stored += report.delivery?.stored ?? 0;
      if (report.outcome === 'blocked' || report.outcome === 'failed' || report.outcome === 'not-published') failing += 1;
      bar.update(done, { dataset: report.dataset, unit: report.unit, stored: n(stored), failing: n(failing) });
    },
    stop: () => bar.stop(),
  };
}

/** The closing summary on stdout: per dataset, units by outcome, documents, and each unit not had with why. */
export function printSyncSummary(reports: readonly UnitReport[], seconds: number): void {
  const byDataset = new Map<string, UnitReport[]>();
  for (const report of reports) byDataset.set(report.dataset, [...(byDataset.get(report.dataset) ?? []), report]);
  const lines: string[] = [];
  let parsed = 0;
  let rejected = 0;
  let events = 0;
  for (const [dataset, list] of byDataset) {
    const count = (outcome: UnitReport['outcome']) => list.filter((r) => r.outcome === outcome).length;
    const stored = list.reduce((sum, r) => sum + (r.delivery?.stored ?? 0), 0);
    const held = list.reduce((sum, r) => sum + (r.delivery?.alreadyHeld ?? 0), 0);
    const requests = list.reduce((sum, r) => sum + r.requests, 0);
    for (const r of list) {
      parsed += r.delivery?.summary?.parsed ?? 0;
      rejected += r.delivery?.summary?.rejected ?? 0;
      events += r.delivery?.summary?.events ?? 0;
    }
    lines.push(
      `${dataset}: ${n(count('fetched'))} fetched, ${n(count('skipped'))} already done, ${n(count('absent'))} without a publication, ` +
        `${n(count('not-published'))} not published yet, ${n(count('blocked'))} blocked, ${n(count('failed'))} failed` +
        ` | ${n(stored)} new documents, ${n(held)} held already | ${n(requests)} requests`,
    );
  }
  lines.push(
    `${n(reports.length)} units in ${seconds.toFixed(1)} s: ${n(parsed)} documents parsed, ${n(rejected)} rejected, ${n(events)} events appended`,
  );
  const trouble = reports.filter((r) => r.reason && r.outcome !== 'absent');
  if (trouble.length > 0) lines.push('', 'not had (tried again later):');
  for (const r of trouble.slice(0, 50)) lines.push(`  ${r.dataset} ${r.unit}: ${r.outcome}: ${r.reason}`);
  if (trouble.length > 50) lines.push(`  … and ${n(trouble.length - 50)} more (npm run sync -- status)`);
  const rejections = reports.flatMap((r) => r.delivery?.summary?.rejections ?? []);
  if (rejections.length > 0) lines.push('', 'rejected:');
  for (const rejection of rejections.slice(0, 50)) lines.push(`  ${rejection.fileName}: ${rejection.reason}`);
  console.log(lines.join('\n'));
}

/** `npm run sync -- status`: each dataset's progress. */
export function printStatus(standings: readonly DatasetStanding[], datasets: readonly string[]): void {
  const rows = datasets.map((name) => {
    const s = standings.find((standing) => standing.dataset === name);
    return [
      name,
      s?.lastUnitDone ?? '-',
      s?.lastFetchedAt?.slice(0, 19).replace('T', ' ') ?? '-',
      s?.nextDue?.slice(0, 19).replace('T', ' ') ?? '-',
      s ? `${n(s.done)}/${n(s.units)}` : '0/0',
      s ? n(s.failing) : '0',
      s?.lastError?.slice(0, 80) ?? '',
    ];
  });
  const header = ['dataset', 'last unit done', 'last fetch (UTC)', 'next due (UTC)', 'units done', 'failing', 'last error'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log([line(header), ...rows.map(line)].join('\n'));
}
