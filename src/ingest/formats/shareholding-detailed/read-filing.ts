import { parseExchangeDate } from '#domain/indian-text';
import type { ParseInput } from '#ingest/shared/parser';
import {
  type ShareholdingFigures,
  type ShareholdingFiling,
  reportedCompany,
  HEADLINE_MEMBERS,
  isMember,
  shareholdingKnownAt,
} from '#ingest/shared/shareholding-support';
import { holderLines } from './holder-lines.ts';
import { allNodes, estimateTotalShares, readFigures } from './read-figures.ts';
import { type SourceCategory, SourceFilingSchema } from './source-file.ts';

/** A filing read, with notes on what was left out of it; or why it cannot be read. */
export type FilingRead =
  | { readonly ok: true; readonly filing: ShareholdingFiling; readonly filingKey: string; readonly notes: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** The filed percentage of the category named by a member; null when absent or not filed. */
function headline(nodes: readonly SourceCategory[], member: string, totalShares: number | null): string | null {
  const node = nodes.find((n) => isMember(n.member, member));
  return node ? readFigures(node.explicit_percentage, node.explicit_shares, totalShares).percentage : null;
}

function figuresOf(categories: readonly SourceCategory[]): { figures: ShareholdingFigures; notes: readonly string[] } {
  const nodes = allNodes(categories);
  const total = estimateTotalShares(categories);
  const holders = holderLines(categories, total);
  return {
    figures: {
      promoterPct: headline(nodes, HEADLINE_MEMBERS.promoter, total),
      fiiPct: headline(nodes, HEADLINE_MEMBERS.fii, total),
      diiPct: headline(nodes, HEADLINE_MEMBERS.dii, total),
      mutualFundPct: headline(nodes, HEADLINE_MEMBERS.mutualFund, total),
      publicPct: headline(nodes, HEADLINE_MEMBERS.public, total),
      // The extract carries no encumbrance facts.
      pledgedPct: null,
      holders: holders.lines,
    },
    notes: holders.notes,
  };
}

/**
 * Reads one filing of the extract (`data[symbol][filingKey]`): identity from its general
 * information (Symbol, ScripCode, NameOfTheCompany), the period from DateOfReport, the figures
 * from the filed (`explicit_*`) values of the categories named by their XBRL members.
 */
export function readFiling(symbolKey: string, filingKey: string, raw: unknown, input: ParseInput): FilingRead {
  const parsed = SourceFilingSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      message: `not a filing: ${issue ? `${issue.path.join('.') || '(root)'} ${issue.message}` : 'unreadable'}; expected {general_info, categories}`,
    };
  }
  const { general_info: info, categories } = parsed.data;
  const periodEnd = parseExchangeDate(info.DateOfReport);
  if (!periodEnd) return { ok: false, message: `DateOfReport "${info.DateOfReport ?? ''}" is not a date: expected e.g. 2025-06-30` };
  const { company, notes } = reportedCompany({
    name: info.NameOfTheCompany,
    nseSymbol: info.Symbol ?? symbolKey,
    bseCode: info.ScripCode === null || info.ScripCode === undefined ? null : String(info.ScripCode),
  });
  const ticker = company.nseSymbol ?? company.bseCode;
  if (!ticker) return { ok: false, message: `no company: neither Symbol nor ScripCode is valid (${notes.join('; ')})` };
  const { figures, notes: figureNotes } = figuresOf(categories);
  return {
    ok: true,
    filingKey,
    notes: [...notes, ...figureNotes],
    filing: {
      naturalKey: `${ticker}:${periodEnd}`,
      companyId: input.companies.resolve({ nseSymbol: company.nseSymbol, bseCode: company.bseCode }),
      company,
      periodEnd,
      figures,
      knownAt: shareholdingKnownAt(periodEnd, input),
    },
  };
}
