import type { EvidencePacket } from '#schemas/query';
import type { Quote } from '#schemas/read-models';
import { formatInstant, istDateOf } from '#platform/time';
import { formatDay } from '#domain/indian-text';
import {
  decimalOf,
  renderInr,
  renderPercent,
  renderPlain,
  cite,
  joinPieces,
  piece,
  type Piece,
  type ValueSource,
  knownAtPhrase,
  codeOf,
  nameOf,
} from '#read/phrases';

type Field = 'open' | 'high' | 'low' | 'previous_close' | 'change' | 'value' | 'high_52' | 'low_52' | 'volume' | 'change_percent';

function sourceOf(quote: Quote): ValueSource {
  return { kind: 'quote', filing_id: null, source_url: quote.source_url, known_at: quote.known_at };
}

/** "open ₹2,010.00": a field's value with its words, or nothing when the source does not state it. */
function field(quote: Quote, name: Field, words: string, render: (v: string) => string): Piece {
  const value = quote[name];
  if (value === null) return piece('');
  const number = render(value);
  return piece(`${words} ${number}`, [cite(number, sourceOf(quote))]);
}

const price = (v: string): string => renderInr(decimalOf(v), 'rupees', 2);

/** Pieces as one sentence, capitalised; nothing when every piece is empty. */
function sentence(pieces: readonly Piece[], prefix = ''): Piece {
  const joined = joinPieces(pieces, ', ');
  const text = `${prefix}${joined.text}`;
  return joined.text ? piece(`${text.charAt(0).toUpperCase()}${text.slice(1)}.`, joined.citations) : joined;
}

/** The close of a day asked for ("close on 28 February 2020"): the day it is of, then its source. */
function datedHeadline(quote: Quote, security: string, last: string, notes: readonly string[]): string {
  const day = formatDay(istDateOf(quote.as_of));
  if (quote.source === 'candle') return `The close of ${security} on ${day} was ${last} (${['daily candle', ...notes].join('; ')}).`;
  const at = formatInstant(quote.as_of);
  const origin = quote.source === 'bar' ? 'close of an intraday bar' : 'quote snapshot';
  return `The last price of ${security} on ${day} was ${last}${at ? ` at ${at}` : ''} (${[origin, ...notes].join('; ')}).`;
}

function headline(quote: Quote, dated: boolean): Piece {
  const at = formatInstant(quote.as_of);
  const last = price(quote.last_price);
  const origin = { quote: 'quote snapshot', candle: 'close of the latest daily candle', bar: 'close of the latest intraday bar' }[
    quote.source
  ];
  const url = nameOf(quote.source_url);
  const notes = [knownAtPhrase(quote.known_at), url && `source ${url}`].filter((n): n is string => Boolean(n));
  const security = `${codeOf(`${quote.exchange}: `, quote.ticker) ?? `a ${quote.exchange} security`}`;
  const series = codeOf('series ', quote.series);
  const named = `${security}${series ? ` (${series})` : ''}`;
  const text = dated
    ? datedHeadline(quote, named, last, notes)
    : `The last price of ${named} was ${last}${at ? ` at ${at}` : ''} (${[origin, ...notes].join('; ')}).`;
  return piece(text, [cite(last, sourceOf(quote))]);
}

function previousClose(quote: Quote): Piece {
  const close = field(quote, 'previous_close', 'previous close', price);
  const from = quote.previous_close_at === null ? undefined : formatInstant(quote.previous_close_at);
  const gap = quote.previous_close_gap_weekdays ? '; weekdays in between have no candle in the data' : '';
  return from && close.text ? piece(`${close.text} (candle starting ${from}${gap})`, close.citations) : close;
}

/** The quotes of the packet: each company's when it compares companies (`quotes`), else the one quote. */
export const quotesOf = (packet: EvidencePacket): Quote[] => packet.quotes ?? (packet.quote ? [packet.quote] : []);

/** The latest price with its time and source, then the day's range, previous close, change and volume as stated; one paragraph per company compared. */
export function quoteSection(packet: EvidencePacket): Piece {
  const quotes = quotesOf(packet);
  if (quotes.length === 0) return piece('No price is available for this security.');
  const dated = Boolean(packet.plan.price_date);
  return joinPieces(
    quotes.map((q) => quoteLines(q, dated)),
    '\n',
  );
}

function quoteLines(quote: Quote, dated: boolean): Piece {
  return joinPieces(
    [
      headline(quote, dated),
      sentence([field(quote, 'open', 'open', price), field(quote, 'high', 'high', price), field(quote, 'low', 'low', price)], 'day: '),
      sentence([
        previousClose(quote),
        field(quote, 'change', 'change', price),
        field(quote, 'change_percent', 'percentage change', (v) => renderPercent(decimalOf(v))),
      ]),
      sentence([
        field(quote, 'volume', 'volume in shares', (v) => renderPlain(decimalOf(v))),
        field(quote, 'value', 'traded value', price),
      ]),
      sentence([field(quote, 'high_52', 'high', price), field(quote, 'low_52', 'low', price)], 'yearly range as the snapshot states it: '),
    ],
    ' ',
  );
}
