import type { EvidencePacket } from '#schemas/query';
import type { CorporateAction } from '#schemas/read-models';
import { formatDay } from '#domain/indian-text';
import {
  companyPhrase,
  decimalOf,
  renderInr,
  renderPlain,
  cite,
  joinPieces,
  piece,
  type Piece,
  filingPhrase,
  nameOf,
  type ValueSource,
} from '#read/phrases';

const TYPE_LABELS: Readonly<Record<NonNullable<CorporateAction['action_type']>, string>> = {
  dividend: 'Dividend',
  stock_split: 'Stock split',
  bonus_issue: 'Bonus issue',
  rights_issue: 'Rights issue',
  buyback: 'Buyback',
};

/** An action's figures are cited to the action itself: its id is its filing id (GET /v1/filings). */
export const actionSource = (action: CorporateAction): ValueSource => ({
  kind: 'fact',
  filing_id: action.id,
  source_url: action.source_url,
  known_at: action.known_at,
});

const rupees = (value: string): string => renderInr(decimalOf(value), 'rupees');

/** The figures the read model parsed: cash per share, the ratio, or the face values of a split. */
function figures(action: CorporateAction): Piece {
  const source = actionSource(action);
  const { amount_per_share: amount, ratio_new: ratioNew, ratio_existing: ratioOld } = action;
  const { face_value_from: faceFrom, face_value_to: faceTo } = action;
  const parts: Piece[] = [];
  if (amount !== null) {
    const number = rupees(amount);
    parts.push(piece(`${number} per share`, [cite(number, source)]));
  }
  if (ratioNew !== null && ratioOld !== null) {
    const [n, o] = [renderPlain(decimalOf(ratioNew)), renderPlain(decimalOf(ratioOld))];
    parts.push(piece(`${n} new shares for every ${o} held`, [cite(n, source), cite(o, source)]));
  }
  if (faceFrom !== null && faceTo !== null) {
    const [from, to] = [rupees(faceFrom), rupees(faceTo)];
    parts.push(piece(`face value from ${from} to ${to} per share`, [cite(from, source), cite(to, source)]));
  }
  return joinPieces(parts, ', ');
}

function datesOf(action: CorporateAction): string {
  const days = [
    action.ex_date ? `ex-date ${formatDay(action.ex_date)}` : 'no ex-date stated',
    action.record_date ? `record date ${formatDay(action.record_date)}` : undefined,
  ];
  return days.filter((d) => d !== undefined).join(', ');
}

/** The company a line is about, named when the packet compares companies. */
function companyOf(packet: EvidencePacket, action: CorporateAction): string {
  if ((packet.companies?.length ?? 0) < 2) return '';
  const company = packet.companies?.find((c) => c.company?.id === action.company_id)?.company;
  return company ? `${companyPhrase(company)}: ` : '';
}

/** "- Stock split, ex-date 14 July 2011, record date 16 July 2011: face value from ₹10 to ₹2 per share (purpose as published: "…"; source bse, filing …, known at …)." */
function actionLine(packet: EvidencePacket, action: CorporateAction): Piece {
  const label = action.action_type ? TYPE_LABELS[action.action_type] : 'Corporate action';
  const shown = figures(action);
  const purpose = nameOf(action.purpose);
  const basis = action.known_at_basis === 'implied' ? ' (implied by its dates: no earlier announcement time is known)' : '';
  const notes = [
    purpose && `purpose as published: "${purpose}"`,
    `source ${action.source}`,
    `${filingPhrase(action.id, action.known_at)}${basis}`,
  ];
  const head = `- ${companyOf(packet, action)}${label}, ${datesOf(action)}`;
  const text = `${head}${shown.text ? `: ${shown.text}` : ''} (${notes.filter((n) => n).join('; ')}).`;
  return piece(text, shown.citations);
}

export const hasCorporateActions = (packet: EvidencePacket): boolean => (packet.corporate_actions?.length ?? 0) > 0;

/** Each corporate action of the packet, newest ex-date first, with its dates, figures, purpose, source and known_at. */
export function corporateActionSection(packet: EvidencePacket): Piece {
  const actions = packet.corporate_actions ?? [];
  if (actions.length === 0) return piece('No corporate action matching the question is recorded here.');
  const head = piece('Corporate actions on record (newest ex-date first):');
  return joinPieces([head, ...actions.map((a) => actionLine(packet, a))], '\n');
}
