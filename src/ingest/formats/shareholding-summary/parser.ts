import { createEventEmitter, type ParseInput, type ParseOutcome, type Parser } from '#ingest/shared/parser';
import { rowsOutcome, decodeText, readRows } from '#ingest/shared/parse-support';
import { summaryEvents } from './summary-events.ts';
import { PERIOD_KEY_LINE, readSummaryLine, SUMMARY_COLUMNS, WELL_FORMED_LINE } from './read-summary-line.ts';
import { symbolOfFile } from './symbol-of-file.ts';

const FORMAT = 'shareholding-summary';
const VERSION = 1;
const EXPECTED = `headerless rows ${SUMMARY_COLUMNS.join(',')} such as 20240601T,50.33,21.75,17.30,0,10.43`;

/** The non-blank lines of a text with their 1-based numbers (the file is CRLF; LF reads too). */
function linesOf(text: string): { readonly line: number; readonly text: string }[] {
  return text.split(/\r?\n/).flatMap((t, i) => (t.trim() === '' ? [] : [{ line: i + 1, text: t.trim() }]));
}

function parseSummary(input: ParseInput): ParseOutcome {
  const lines = linesOf(decodeText(input.bytes));
  const [first] = lines;
  if (!first) return { ok: false, reason: `the file is empty: expected ${EXPECTED}`, problems: [] };
  if (!lines.some((l) => PERIOD_KEY_LINE.test(l.text))) {
    const shown = first.text.length > 80 ? `${first.text.slice(0, 80)}…` : first.text;
    return { ok: false, reason: `not a shareholding-summary file: expected ${EXPECTED}; line ${first.line} is "${shown}"`, problems: [] };
  }
  const symbol = symbolOfFile(input.fileName);
  if (!symbol.ok) return { ok: false, reason: symbol.reason, problems: [] };
  const { rows, problems } = readRows(lines, ({ line, text }) => readSummaryLine(text, line));
  const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'third-party' });
  const { events, problems: eventProblems } = summaryEvents(rows, symbol.symbol, input, emitter, VERSION);
  return rowsOutcome(events, lines.length, [...problems, ...eventProblems]);
}

/**
 * A quarterly shareholding summary per NSE symbol (`<SYMBOL>.csv`, headerless
 * `period,promoters,fiis,diis,government,public`), as kept by a third-party browser extension:
 * one ShareholdingReported per row. knownAt: the connector's, else the LODR deadline (21 days
 * after the quarter end) as an upper bound; see README.md.
 */
export const shareholdingSummaryParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'Quarterly shareholding summary per NSE symbol (headerless CSV): promoter, FII, DII, public',
  priority: 5,
  detect: (_fileName, head) => WELL_FORMED_LINE.test(head.split(/\r?\n/, 1)[0]?.trim() ?? ''),
  parse: parseSummary,
};
