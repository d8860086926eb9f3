import { createEventEmitter, type ParseInput, type ParseOutcome, type Parser, type Problem, decodeText } from '#ingest/shared/parser';
import { listingOf } from '#ingest/shared/results-listing-entry';
import { emitChecked } from '#ingest/shared/parse-support';
import { collectFacts } from './collect-facts.ts';
import { CONCEPT_RULES } from './concept-rules.ts';
import { readFilingHeader } from './filing-header.ts';
import { readXbrlInstance } from '#ingest/shared/xbrl';
import { reportedIdentity } from './reported-identity.ts';
import { resolveColumns } from './report-columns.ts';
import { CAPMKT_NAMESPACE, KNOWN_ENTRY_POINTS, taxonomyOf } from './taxonomies.ts';

/** The format key of NSE's financial-results XBRL documents (the results listing's context matches on it). */
export const NSE_RESULTS_XBRL = 'nse-results-xbrl';
const VERSION = 4;

const reject = (reason: string, problems: readonly Problem[] = []): ParseOutcome => ({ ok: false, reason, problems });

/**
 * The entity namespace of an integrated filing's financials names its template:
 * `.../xbrl/IntegratedFinance_Banking/2026-01-31/in-capmkt/in-capmkt-ent` (also `_IndAS`,
 * `_OtherThanBank`). It is declared on the root, so it is in the head even when the facts
 * come after 16 KB of contexts (HDFC Bank's banking filing: its first fact at 35 KB).
 */
const INTEGRATED_FINANCE = /xmlns:[\w-]+="http:\/\/www\.sebi\.gov\.in\/xbrl\/IntegratedFinance_\w+\//;

/** An XBRL instance of a known results taxonomy, or an integrated filing's financials. */
function detect(fileName: string, head: string): boolean {
  if (!/<(\w+:)?xbrl[\s>]/.test(head)) return false;
  if (KNOWN_ENTRY_POINTS.some((entryPoint) => head.includes(entryPoint))) return true;
  const capmkt = /xmlns:[\w-]+="(http:\/\/www\.sebi\.gov\.in\/xbrl\/[\d-]+\/in-capmkt)"/.exec(head);
  return (
    !!capmkt &&
    CAPMKT_NAMESPACE.test(capmkt[1] ?? '') &&
    (INTEGRATED_FINANCE.test(head) ||
      /INTEGRATED_FILING_((NON)?INDAS|BANKING)/i.test(fileName) ||
      /NatureOfReportStandaloneConsolidated|RevenueFromOperations|InterestEarned/.test(head))
  );
}

function parse(input: ParseInput): ParseOutcome {
  const read = readXbrlInstance(decodeText(input.bytes));
  if (!read.ok) return reject(read.reason);
  const { instance } = read;
  const taxonomy = taxonomyOf(instance);
  if (!taxonomy)
    return reject(
      `unknown taxonomy entry point ${instance.schemaRef ?? '(none)'}: expected one of ${KNOWN_ENTRY_POINTS.join(', ')} or the in-capmkt namespace`,
    );

  const listing = listingOf(input.attributes);
  const header = readFilingHeader(instance);
  const problems: Problem[] = [];
  if (!listing) {
    problems.push({
      where: input.fileName,
      message: 'no NSE listing entry: the ISIN is unknown and known_at is the time given or received, not the dissemination time',
    });
  }
  const basis = header.basis ?? listing?.basis;
  if (!basis)
    return reject('the basis is not stated: expected NatureOfReportStandaloneConsolidated (Standalone or Consolidated) or a listing entry');
  if (header.basis && listing?.basis && header.basis !== listing.basis) {
    problems.push({
      where: 'NatureOfReportStandaloneConsolidated',
      message: `the filing says ${header.basis}, its listing ${listing.basis}; the filing is followed`,
    });
  }

  const columns = resolveColumns(instance, taxonomy, header, listing?.toDate ?? null);
  if (!columns.ok) return reject(columns.reason);
  problems.push(...columns.problems);
  const collected = collectFacts(instance, CONCEPT_RULES[taxonomy.family], columns.columns, basis, header.rounding);
  problems.push(...collected.problems);
  if (collected.facts.length === 0) {
    return reject(
      `no financial facts of the ${taxonomy.id} taxonomy on contexts OneD, FourD or OneI (e.g. RevenueFromOperations, ProfitLossForPeriod)`,
      problems,
    );
  }

  // The stated ISIN's issuer is the company; without one, the company the symbol or scrip
  // code names now (a filing without its listing and its ISIN: rare).
  const identity = reportedIdentity(header, listing);
  const companyId =
    input.companies.resolve({ isin: identity.isin, nseSymbol: listing?.symbol ?? identity.nseSymbol, bseCode: identity.bseCode }) ??
    input.companies.resolve({ nseSymbol: identity.nseSymbol });
  if (!companyId) {
    const who = [identity.name, identity.nseSymbol && `NSE ${identity.nseSymbol}`, identity.bseCode && `BSE ${identity.bseCode}`]
      .filter(Boolean)
      .join(', ');
    return reject(
      `the company is not known (${who}): ingest its NSE results listing or a master list first, then npm run reparse`,
      problems,
    );
  }

  const emitter = createEventEmitter(input, { format: NSE_RESULTS_XBRL, parserVersion: VERSION, source: 'nse' });
  const { fiscalYear, periodEnd } = columns.columns;
  const data = {
    filingId: emitter.idFor('filing'),
    companyId,
    company: identity,
    documentType: 'financial_results',
    periodEnd,
    fiscalYearStart: fiscalYear.start,
    fiscalYearEnd: fiscalYear.end,
    isRevision: listing?.isRevision ?? false,
    parserVersion: VERSION,
    facts: collected.facts,
  };
  const emitted = emitChecked(emitter, 'FinancialsReported', data, 'filing');
  if (!emitted.ok) return reject(emitted.message, problems);
  return { ok: true, events: [emitted.event], rows: collected.facts.length, problems };
}

/**
 * NSE's financial-results XBRL (every taxonomy generation since 2017, and SEBI's 2025
 * integrated filing): one FinancialsReported per filing, with the concepts of
 * concept-rules.ts on the quarter, the year to date, the balance sheet and the cash flow.
 * `known_at` is the dissemination time from the filing's NSE listing entry.
 */
export const nseResultsXbrlParser: Parser = {
  format: NSE_RESULTS_XBRL,
  version: VERSION,
  description: 'NSE financial-results XBRL (Ind-AS, banking, NBFC, pre-Ind-AS and 2025 integrated filings)',
  priority: 5,
  detect,
  parse,
};
