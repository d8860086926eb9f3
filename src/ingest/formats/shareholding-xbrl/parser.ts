import { createEventEmitter, type ParseInput, type ParseOutcome, type Parser } from '#ingest/shared/parser';
import { decodeText } from '#ingest/shared/parse-support';
import { emitShareholding } from '#ingest/shared/shareholding-support';
import { readXbrlFiling } from './read-xbrl-filing.ts';
import { shpDocument } from './shp-document.ts';
import { readXbrlInstance } from './read-xbrl-instance.ts';

export const SHAREHOLDING_XBRL = 'shareholding-xbrl';
const FORMAT = SHAREHOLDING_XBRL;
const VERSION = 1;

/** An XBRL root and a namespace declaration of the shareholding taxonomy, both in the first bytes. */
const XBRL_ROOT = /<(?:[\w.-]+:)?xbrl[\s>]/;
const SHP_DECLARATION = /xmlns(?::[\w.-]+)?\s*=\s*["'][^"']*(?:\/xbrl\/shp\/|in-bse-shp)/i;

/**
 * Both exchanges disseminate the same filed document; the source is the exchange it was
 * fetched from when the URL says, else BSE, whose taxonomy (in-bse-shp) it is.
 */
const sourceOf = (url: string | null) => (url && /nseindia/i.test(url) ? 'nse' : 'bse');

function parseXbrl(input: ParseInput): ParseOutcome {
  const read = readXbrlInstance(decodeText(input.bytes));
  if (!read.ok) return { ok: false, reason: read.reason, problems: [] };
  const filing = readXbrlFiling(shpDocument(read.instance), input);
  if (!filing.ok) return { ok: false, reason: filing.reason, problems: [] };
  const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: sourceOf(input.sourceUrl) });
  const emitted = emitShareholding(emitter, filing.filing, VERSION);
  if (!emitted.ok) return { ok: false, reason: emitted.message, problems: filing.problems };
  return { ok: true, events: [emitted.event], rows: 1, problems: filing.problems };
}

/**
 * A SEBI shareholding pattern (LODR Reg 31) as filed in XBRL under BSE's `in-bse-shp`
 * taxonomy, served by BSE and NSE: one ShareholdingReported with the named holders.
 * Implemented from the taxonomy's published layout; no real filing was available (README.md).
 */
export const shareholdingXbrlParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'SEBI shareholding pattern XBRL (in-bse-shp): ownership categories, pledges and named holders',
  priority: 5,
  detect: (_fileName, head) => XBRL_ROOT.test(head) && SHP_DECLARATION.test(head),
  parse: parseXbrl,
};
