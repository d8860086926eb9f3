import type { Answer, EvidencePacket, PlanRoute } from '#schemas/query';
import { adviceTermsIn } from './advice-terms.ts';
import { AnswerCheckError } from '#platform/errors';
import { figuresSection, filterSection, hasFigures } from './figure-sections.ts';
import { ABSENCE_NOTE, CLOSING_NOTE, gapSection } from './gap-section.ts';
import { headerSection } from './header-section.ts';
import { numbersNotInPacket } from './number-check.ts';
import { hasOwnership, ownershipSection } from './ownership-section.ts';
import { passageSection } from './passage-section.ts';
import { quotedPassages } from './quoted-passages.ts';
import { joinPieces, piece, type Piece } from '#read/phrases';
import { quoteSection, quotesOf } from './quote-section.ts';
import { corporateActionSection, hasCorporateActions } from './corporate-action-section.ts';
import { hasMarketCap, marketCapSection } from './market-cap-section.ts';
import { asksCorporateActions } from '../corporate-action-events.ts';
import { screenSection } from './screen-section.ts';
import { restatementSection } from './restatement-section.ts';
import { crossSectionSection, hasCrossSection } from './cross-section-section.ts';

type SectionId =
  'figures' | 'filter' | 'cross_section' | 'screen' | 'quote' | 'market_cap' | 'corporate_actions' | 'passages' | 'ownership';

interface Section {
  readonly write: (packet: EvidencePacket) => Piece;
  readonly isEmpty: (packet: EvidencePacket) => boolean;
}

const SECTIONS: Readonly<Record<SectionId, Section>> = {
  figures: { write: figuresSection, isEmpty: (p) => !hasFigures(p) },
  filter: { write: filterSection, isEmpty: (p) => !hasFigures(p) },
  cross_section: { write: crossSectionSection, isEmpty: (p) => !hasCrossSection(p) },
  screen: { write: screenSection, isEmpty: (p) => p.screen === null || p.screen.total === 0 },
  quote: { write: quoteSection, isEmpty: (p) => quotesOf(p).length === 0 },
  market_cap: { write: marketCapSection, isEmpty: (p) => !hasMarketCap(p) },
  corporate_actions: { write: corporateActionSection, isEmpty: (p) => !hasCorporateActions(p) },
  passages: { write: passageSection, isEmpty: (p) => p.passages.length === 0 },
  ownership: { write: ownershipSection, isEmpty: (p) => !hasOwnership(p) },
};

/** What each route answers with; other non-empty parts of the packet follow. */
const ROUTE_SECTIONS: Readonly<Record<PlanRoute, readonly SectionId[]>> = {
  exact: ['figures'],
  filter: ['filter'],
  semantic: ['passages'],
  hybrid: ['figures', 'passages'],
  hybrid_screen: ['screen'],
  quote: ['quote'],
};

const EXTRA_ORDER: readonly SectionId[] = ['figures', 'ownership', 'screen', 'quote', 'market_cap', 'corporate_actions', 'passages'];

/** The sections that answer the question first: ownership asked alone; corporate actions when asked (dividends, splits, ...), the route's own parts following when not empty. */
function primaryOf(packet: EvidencePacket): readonly SectionId[] {
  // Ownership asked alone ("promoter holding of TCS") answers with the pattern, not with facts.
  if (hasOwnership(packet) && !hasFigures(packet)) return ['ownership'];
  if (packet.corporate_actions !== undefined && asksCorporateActions(packet.plan)) return ['corporate_actions'];
  if (packet.cross_section) return ['cross_section'];
  return ROUTE_SECTIONS[packet.plan.route];
}

function body(packet: EvidencePacket): { readonly pieces: Piece[]; readonly empty: boolean } {
  const primary = primaryOf(packet);
  // The filter and cross-section parts state the facts themselves.
  const covers = (id: SectionId) =>
    primary.includes(id) || (id === 'figures' && (primary.includes('filter') || primary.includes('cross_section')));
  const extra = EXTRA_ORDER.filter((id) => !covers(id) && !SECTIONS[id].isEmpty(packet));
  return {
    pieces: [...[...primary, ...extra].map((id) => SECTIONS[id].write(packet)), restatementSection(packet)],
    empty: primary.some((id) => SECTIONS[id].isEmpty(packet)),
  };
}

/**
 * The answer prose, written from the evidence packet only, by route: exact (each fact and
 * metric with period, basis, value and filing), filter (the periods meeting the condition, or
 * for a cross-section how many companies had reported and the largest figures),
 * semantic (quoted passages with source and date), hybrid (both), hybrid_screen (the
 * companies passing, with their values) and quote (last price with time and source); then
 * the gaps, and when the route's result is empty, that this is not proof of absence.
 * Deterministic and pure. Citations name the fact, metric, quote, screen or threshold behind
 * each value; quoted passages are listed as quotations, and their figures are never cited as
 * values. Every number in the text occurs in the packet: the writer checks
 * its own text with `numbersNotInPacket` and `adviceTermsIn` and throws AnswerCheckError
 * (an internal error) if either finds anything.
 */
export function writeAnswer(packet: EvidencePacket): Answer {
  const { pieces, empty } = body(packet);
  const answer = joinPieces(
    [headerSection(packet), ...pieces, gapSection(packet), piece(empty ? ABSENCE_NOTE : ''), piece(CLOSING_NOTE)],
    '\n\n',
  );
  const numbers = numbersNotInPacket(answer.text, packet);
  const advice = adviceTermsIn(answer.text, packet);
  if (numbers.length > 0 || advice.length > 0) throw new AnswerCheckError(numbers, advice);
  return {
    text: answer.text,
    writer: 'deterministic',
    citations: [...answer.citations],
    quotations: quotedPassages(answer.text, packet),
  };
}
