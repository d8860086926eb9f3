import type { EvidencePacket } from '../../../../schemas/query/evidence.ts';
import type { MarketCap } from '../../../../schemas/query/market-cap.ts';
import { formatDay } from '../../../domain/indian-text/date-expressions.ts';
import { companyPhrase } from '../../phrases/company-phrase.ts';
import { decimalOf, renderInr } from '../../phrases/number-forms.ts';
import { cite, joinPieces, piece, type Piece } from '../../phrases/piece.ts';
import { filingPhrase, knownAtPhrase } from '../../phrases/provenance-phrase.ts';
import type { ValueSource } from '../../phrases/value-source.ts';

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

/** "shares outstanding from the share capital of 31 March 2024 (filing …, known at …), carried across the stock split of 14 July 2011" */
function inputsPhrase(cap: MarketCap): string {
  const capital = cap.inputs.find((i) => i.measure === 'EquityShareCapital');
  if (!capital) return '';
  const filing = capital.filing_id ? ` (${filingPhrase(capital.filing_id, capital.known_at)})` : '';
  const actions = cap.inputs
    .filter((i) => i.measure === 'stock_split' || i.measure === 'bonus_issue')
    .map((i) => `the ${i.measure === 'stock_split' ? 'stock split' : 'bonus issue'} of ${formatDay(i.period_end)}`);
  const across = actions.length > 0 ? `, carried across ${actions.join(' and ')}` : '';
  return ` × shares outstanding from the share capital (EquityShareCapital) of ${formatDay(capital.period_end)}${filing}${across}`;
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
  const text = `The market capitalisation of ${who} was ${value}${day} (${closePiece.text}${inputsPhrase(cap)}; ${knownAtPhrase(cap.known_at)}).`;
  return piece(text, [cite(value, marketCapSource(cap)), ...closePiece.citations]);
}

export const hasMarketCap = (packet: EvidencePacket): boolean => (packet.market_cap?.length ?? 0) > 0;

/** Each company's market capitalisation with its close, share-capital input and known_at; or why it is not available. */
export function marketCapSection(packet: EvidencePacket): Piece {
  return joinPieces((packet.market_cap ?? []).map(capLine), '\n');
}
