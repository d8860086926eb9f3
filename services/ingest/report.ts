import cliProgress from 'cli-progress';
import type { IngestProgress, IngestSummary } from '#ingest/pipeline';
import { groupRejections } from './rejection-groups.ts';

const n = (value: number) => value.toLocaleString('en-US');

/** A progress bar on stderr: documents done, rows read, events appended per second. */
export function createProgressBar(): { update(progress: IngestProgress): void; stop(): void } {
  const started = Date.now();
  const bar = new cliProgress.SingleBar(
    {
      format: 'ingesting {bar} {value}/{total} documents | {rows} rows | {eventsPerSecond} events/s | {rejected} rejected',
      stream: process.stderr,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5_000,
    },
    cliProgress.Presets.shades_classic,
  );
  let begun = false;
  return {
    update(progress) {
      const payload = {
        rows: n(progress.rows),
        rejected: n(progress.rejected),
        eventsPerSecond: n(Math.round(progress.events / Math.max((Date.now() - started) / 1000, 0.001))),
      };
      if (!begun) {
        bar.start(progress.total, progress.done, payload);
        begun = true;
      } else {
        bar.setTotal(progress.total);
        bar.update(progress.done, payload);
      }
    },
    stop: () => bar.stop(),
  };
}

/** Input problems listed before the rest are counted: a folder of unreadable files stays a screen. */
const INPUT_PROBLEMS_LISTED = 20;

/** The closing summary on stdout: counts, then the rejections grouped by reason, each with a few files. */
function summaryLines(summary: IngestSummary): string[] {
  const rate = Math.round(summary.events / Math.max(summary.seconds, 0.001));
  const lines = [
    `${n(summary.files)} files in ${summary.seconds.toFixed(1)} s: ${n(summary.parsed)} parsed, ${n(summary.rejected)} rejected, ${n(summary.failed)} failed`,
    `${n(summary.rows)} rows read, ${n(summary.events)} events appended (${n(rate)} events/s)`,
    `${n(summary.stored)} new documents stored, ${n(summary.alreadyStored)} already stored, ${n(summary.unchanged)} unchanged since their last parse`,
  ];
  for (const problem of summary.inputProblems.slice(0, INPUT_PROBLEMS_LISTED)) lines.push(`input ${problem.where}: ${problem.message}`);
  if (summary.inputProblems.length > INPUT_PROBLEMS_LISTED)
    lines.push(`... and ${n(summary.inputProblems.length - INPUT_PROBLEMS_LISTED)} more input problems`);
  const { groups, more } = groupRejections(summary.rejections);
  if (groups.length > 0) lines.push('', 'rejected, by reason:');
  for (const group of groups) {
    const others = group.count - group.examples.length;
    const files = `${group.examples.join(', ')}${others > 0 ? ` and ${n(others)} more` : ''}`;
    lines.push(`  ${n(group.count)} × ${group.reason}`, `    ${files}`);
    for (const problem of group.problems.slice(0, 5)) lines.push(`    ${problem.where}: ${problem.message}`);
  }
  if (more.reasons > 0) lines.push(`  ... and ${n(more.files)} more files for ${n(more.reasons)} other reasons`);
  if (summary.failed > 0)
    lines.push(
      '',
      `${n(summary.failed)} documents failed after all retries: each is recorded rejected with its last error (see the ingest-document-dead queue)`,
    );
  return lines;
}

export function printSummary(summary: IngestSummary): void {
  console.log(summaryLines(summary).join('\n'));
}

/** Exit status: 0 when every file was used; else the number rejected or failed, at most 100. */
export const exitCodeOf = (summary: IngestSummary) => Math.min(summary.rejected + summary.failed + summary.inputProblems.length, 100);
