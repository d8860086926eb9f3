import type { CrossSectionStep, EvidencePacket } from '#schemas/query';
import { formatDay, fiscalYearLabel, quarterLabel } from '#domain/indian-text';
import { formatInstant } from '#platform/time';
import { factSentence, conceptLabel, decimalOf, renderPlain, cite, joinPieces, piece, type Piece, unsourced } from '#read/phrases';
import { calendarDaysOfStep } from '../fetch-cross-section.ts';

export const hasCrossSection = (packet: EvidencePacket): boolean => (packet.cross_section?.companies ?? 0) > 0;

/** The periods a cross-section names, for the number check: its fiscal year and quarter, or its calendar quarter's days. */
export function crossSectionPeriods(
  packet: EvidencePacket,
): { start?: string; end?: string; fiscal_year?: number | null; fiscal_quarter?: number | null }[] {
  const step = packet.plan.cross_section;
  if (!step) return [];
  const days = calendarDaysOfStep(step);
  return [days ? { start: days.first, end: days.last } : { fiscal_year: step.fiscal_year, fiscal_quarter: step.fiscal_quarter }];
}

/** "Q3 FY2025 (each company's own fiscal quarter)", "FY2024", "the periods ending 1 October 2024 to 31 December 2024". */
function periodWords(step: CrossSectionStep): string {
  const days = calendarDaysOfStep(step);
  if (days)
    return `the periods ending ${formatDay(days.first)} to ${formatDay(days.last)} (a calendar quarter, whatever each company's fiscal year)`;
  const year = step.fiscal_year ?? 0;
  const label = step.fiscal_quarter === null ? fiscalYearLabel(year) : quarterLabel(step.fiscal_quarter, year);
  const own = step.fiscal_quarter === null ? 'fiscal year' : 'fiscal quarter';
  return `${label ?? 'the period asked'} (each company's own ${own})`;
}

const basisWords = (step: CrossSectionStep): string => (step.basis ? `${step.basis} figures` : 'consolidated or standalone figures');

/**
 * A cross-section: how many companies had reported the concept for the period as known at the
 * instant read, the largest figures with their filings, and where every company's figure is.
 * That a company which had not filed by then is absent, not zero, is the packet's gap.
 */
export function crossSectionSection(packet: EvidencePacket): Piece {
  const step = packet.plan.cross_section;
  const result = packet.cross_section;
  if (!step || !result) return piece('');
  const when = result.as_of === null ? 'as known now' : `as known at ${formatInstant(result.as_of) ?? result.as_of}`;
  const subject = `${conceptLabel(step.concept)} (${basisWords(step)}) for ${periodWords(step)}`;
  if (result.companies === 0) return piece(`No company had reported ${subject}, ${when}.`);
  const filed = result.as_of === null ? 'have filed it' : 'had filed it by then';
  const count = renderPlain(decimalOf(result.companies));
  const companies = `${result.complete ? '' : 'At least '}${count} ${result.companies === 1 ? 'company' : 'companies'}`;
  const head = piece(`${companies} had reported ${subject}, ${when}; only companies that ${filed} are counted and listed.`, [
    cite(count, unsourced('screen')),
  ]);
  const one = step.basis ? 'one figure per company' : 'one figure per company, consolidated where both were filed';
  const which = !result.complete ? 'The largest of the rows read' : packet.facts.length < result.companies ? 'The largest' : 'Every figure';
  const lines = packet.facts.map((fact) => {
    const sentence = factSentence(fact, null);
    return piece(`- ${sentence.text}`, sentence.citations);
  });
  const full = piece(`Every company's figure: GET ${result.full_list}`);
  return joinPieces([head, piece(`${which} (${one}), largest first:`), ...lines, full], '\n');
}
