import type { EvidencePacket, MarketCap } from '#schemas/query';
import { formatDay } from '#domain/indian-text';
import {
  companyPhrase,
  decimalOf,
  renderInr,
  cite,
  joinPieces,
  piece,
  type Piece,
  filingPhrase,
  knownAtPhrase,
  type ValueSource,
} from '#read/phrases';

/** A market cap is derived: cited as a metric, to the share-capital filing it used. */
export function marketCapSource(cap: MarketCap): ValueSource {
  const capital = cap.inputs.find((i) => i.measure === 'EquityShareCapital');
  return { kind: 'metric', filing_id: capital?.filing_id ?? null, source_url: null, known_at: cap.known_at };
}

/** The close is a price. */
export const closeSource = (cap: MarketCap): ValueSource => ({
  kind: 'quote',
  filing_id: null,
  source_url: null,
  known_at: cap.inputs.find((i) => i.measure.startsWith('close'))?.known_at ?? null,
});

/** The share-capital or face-value fact the market cap used: its filing. */
export function inputSource(cap: MarketCap, measure: 'EquityShareCapital' | 'FaceValuePerShare'): ValueSource {
  const input = cap.inputs.find((i) => i.measure === measure);
  return { kind: 'fact', filing_id: input?.filing_id ?? null, source_url: null, known_at: input?.known_at ?? null };
}

/**
 * "× shares outstanding: the share capital (EquityShareCapital) of ₹547.70 crore at 31 December
 * 2019 (filing …, known at …) ÷ the face value of ₹1.00 per share stated for that date (filing
 * …), carried across the stock split of 14 July 2011"
 */
function inputsPiece(cap: MarketCap): Piece {
  const capital = cap.inputs.find((i) => i.measure === 'EquityShareCapital');
  if (!capital) return piece('');
  const filing = capital.filing_id ? ` (${filingPhrase(capital.filing_id, capital.known_at)})` : '';
  const amount = cap.share_capital === null ? null : renderInr(decimalOf(cap.share_capital), 'crore');
  const capitalText = `the share capital (EquityShareCapital)${amount ? ` of ${amount}` : ''} at ${formatDay(capital.period_end)}${filing}`;
  const stated = cap.inputs.find((i) => i.measure === 'FaceValuePerShare');
  const face = cap.face_value === null ? null : renderInr(decimalOf(cap.face_value), 'rupees', 2);
  const where =
    stated?.filing_id === capital.filing_id
      ? ' in the same filing'
      : stated?.filing_id
        ? ` (${filingPhrase(stated.filing_id, stated.known_at)})`
        : '';
  const faceText =
    face && stated
      ? ` ÷ the face value of ${face} per share (FaceValuePerShare) stated for that date${where}`
      : ' ÷ the face value per share on that date, from the splits and listings on record (no filing states it)';
  const actions = cap.inputs
    .filter((i) => i.measure === 'stock_split' || i.measure === 'bonus_issue')
    .map((i) => `the ${i.measure === 'stock_split' ? 'stock split' : 'bonus issue'} of ${formatDay(i.period_end)}`);
  const across = actions.length > 0 ? `, carried across ${actions.join(' and ')}` : '';
  return piece(` × shares outstanding: ${capitalText}${faceText}${across}`, [
    ...(amount ? [cite(amount, inputSource(cap, 'EquityShareCapital'))] : []),
    ...(face && stated ? [cite(face, inputSource(cap, 'FaceValuePerShare'))] : []),
  ]);
}

function capLine(cap: MarketCap): Piece {
  const who = companyPhrase(cap.company);
  const close = cap.close === null ? undefined : renderInr(decimalOf(cap.close), 'rupees', 2);
  const day = cap.close_date ? ` on ${formatDay(cap.close_date)}` : '';
  const closePiece = close ? piece(`NSE close ${close}${day}`, [cite(close, closeSource(cap))]) : piece('');
  if (cap.value === null) {
    const text = `The market capitalisation of ${who} is not available: ${cap.reason ?? 'an input is missing'}${close ? ` (${closePiece.text})` : ''}.`;
    return piece(text, closePiece.citations);
  }
  const value = renderInr(decimalOf(cap.value), 'crore');
  const inputs = inputsPiece(cap);
  const text = `The market capitalisation of ${who} was ${value}${day} (${closePiece.text}${inputs.text}; ${knownAtPhrase(cap.known_at)}).`;
  return piece(text, [cite(value, marketCapSource(cap)), ...closePiece.citations, ...inputs.citations]);
}

export const hasMarketCap = (packet: EvidencePacket): boolean => (packet.market_cap?.length ?? 0) > 0;

/** Each company's market capitalisation with its close, share-capital input and known_at; or why it is not available. */
export function marketCapSection(packet: EvidencePacket): Piece {
  return joinPieces((packet.market_cap ?? []).map(capLine), '\n');
}
