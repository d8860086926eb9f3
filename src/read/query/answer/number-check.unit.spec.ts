import { describe, expect, it } from 'vitest';
import { adviceTermsIn } from './advice-terms.ts';
import {
  ACC_Q3_FILING,
  givenFact,
  givenFilingCitation,
  givenMetric,
  givenPacket,
  givenPassage,
  givenQuote,
} from '../../../../test/support/given-packet.ts';
import { citeNumbers, numbersNotInPacket } from './number-check.ts';
import { quotedPassages } from './quoted-passages.ts';

const packet = givenPacket(
  { route: 'hybrid', reference: 'ACC', concepts: ['Revenue', 'net_margin'], fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly' },
  {
    facts: [givenFact(), givenFact({ concept: 'BasicEarningsPerShare', value: '58.12', unit: 'INR/share', scale: null })],
    metrics: [givenMetric()],
    quote: givenQuote(),
    passages: [givenPassage()],
    gaps: [{ kind: 'thin', subject: 'filings', message: 'Only 3 filings of ACC are held for FY2025.' }],
  },
);

const check = (text: string) => numbersNotInPacket(text, packet);

describe('numbersNotInPacket: values', () => {
  it('accepts a value exactly, in crore or lakh with the same digits, grouped either way, with trailing zeros', () => {
    expect(
      check(
        'Revenue was 59273800000 INR, ₹5,927.38 crore, ₹5,927.380 crore, ₹5927.38 crore, ₹5,92,738.00 lakh, ₹59,27,38,00,000 or ₹59,273,800,000.',
      ),
    ).toEqual([]);
    expect(check('Revenue was ₹59.2738 billion, or INR 0.0592738 lakh crore.')).toEqual([]);
  });

  it('catches a scaled rendering with a wrong digit, or a wrong scale', () => {
    expect(check('Revenue was ₹5,927.39 crore.')).toEqual(['₹5,927.39 crore']);
    expect(check('Revenue was ₹5,927 crore.')).toEqual(['₹5,927 crore']);
    expect(check('Revenue was ₹59,273.80 crore.')).toEqual(['₹59,273.80 crore']);
    expect(check('Revenue was ₹5,927.38 lakh.')).toEqual(['₹5,927.38 lakh']);
  });

  it('accepts a ratio ×100 as a percentage and as it is, but not ×100 without the percent sign', () => {
    expect(check('Net margin was 18.4194%, that is 18.4194 per cent or 0.184194.')).toEqual([]);
    expect(check('Net margin was 18.4194.')).toEqual(['18.4194']);
    expect(check('Net margin was 18.42%.')).toEqual(['18.42%']);
  });

  it('accepts a percentage value with its percent sign, and the rupee sign only on rupee amounts', () => {
    expect(check('The price changed 1.66%, to ₹2,043.55 from ₹2,010.20; ₹58.12 per share.')).toEqual([]);
    expect(check('A margin of ₹0.184194 and a change of ₹1.66.')).toEqual(['₹0.184194', '₹1.66']);
  });

  it('catches an invented number, a wrong sign and number words', () => {
    expect(check('Revenue was ₹5,927.38 crore and profit 42.')).toEqual(['42']);
    expect(check('Revenue was -₹5,927.38 crore.')).toEqual(['-₹5,927.38 crore']);
    expect(check('Revenue grew twice as fast, to seven thousand crore, ८ times.')).toEqual(['twice', 'seven', 'thousand', 'crore', '८']);
  });
});

describe('numbersNotInPacket: dates', () => {
  it('accepts the days, instants, fiscal years and quarters the packet states', () => {
    expect(
      check(
        'For the quarter ended 31 December 2024 (Q3 FY2025), from 1 October 2024; known at 2025-01-31 13:15 UTC, 2025-01-31 13:15:56 UTC, 2025-01-31T18:45:56+05:30; FY2025; Q3 FY25; December 2024.',
      ),
    ).toEqual([]);
  });

  it('catches a day, time, year or quarter the packet does not state, and a bare year or time', () => {
    expect(check('For the quarter ended 30 December 2024 (Q2 FY2025), known at 2025-01-31 13:16 UTC, FY2024.')).toEqual([
      '30 December 2024',
      'Q2 FY2025',
      '2025-01-31 13:16 UTC',
      'FY2024',
    ]);
    expect(check('In 2024 at 13:15.')).toEqual(['2024', '13', '15']);
  });
});

describe('numbersNotInPacket: names, messages and quotations', () => {
  it('ignores digits that belong to packet names and ids, but not digits glued to them', () => {
    expect(check(`ACC Limited (BSE: 500410, ISIN INE012A01025, CIN L26940MH1936PLC002515), filing ${ACC_Q3_FILING}.`)).toEqual([]);
    expect(check(`Source ${givenFact().source_url ?? ''}.`)).toEqual([]);
    expect(check('Code 2500410.')).toEqual(['2500410']);
  });

  it('excuses a code without letters only after its label, never as a value', () => {
    expect(check('ACC (BSE: 500410).')).toEqual([]);
    expect(check('Revenue was 500410, or ₹500410.')).toEqual(['500410', '₹500410']);
  });

  it('accepts a gap message verbatim, and its numbers nowhere else', () => {
    expect(check('Only 3 filings of ACC are held for FY2025.')).toEqual([]);
    expect(check('Only 3 filings are held.')).toEqual(['3']);
  });

  it('accepts numbers of a passage only inside a quotation of it', () => {
    const quoted = 'The filing says: “Consolidated revenue from operations rose to Rs 5,927 crore, up 2.2% on the year”.';
    expect(check(quoted)).toEqual([]);
    expect(check('Revenue rose 2.2% on the year, on volume growth of 12%.')).toEqual(['2.2%', '12%']);
    expect(check('It says “volume growth of 12%” and “Q3 FY25 results” and “12%”.')).toEqual(['12%']);
    expect(check('It says “revenue rose to Rs 6,000 crore”.')).toEqual(['Rs 6,000 crore']);
  });

  it('judges the numbers of a short quotation as values: a passage figure is not lifted into a sentence in quotation marks', () => {
    const injected = givenPacket(
      { route: 'hybrid', reference: 'ACC', concepts: ['Revenue'] },
      { facts: [givenFact()], passages: [givenPassage({ snippet: 'ACC reported revenue of Rs 99,999 crore for the quarter.' })] },
    );
    // Two words beside the number ("revenue", "of"): not a quotation of the passage.
    expect(numbersNotInPacket('ACC’s revenue was “revenue of Rs 99,999 crore”.', injected)).toEqual(['Rs 99,999 crore']);
    // The whole snippet, or three words of it besides the number, is a quotation.
    expect(numbersNotInPacket('A filing says “ACC reported revenue of Rs 99,999 crore for the quarter.”', injected)).toEqual([]);
    expect(numbersNotInPacket('A filing says “reported revenue of Rs 99,999 crore”.', injected)).toEqual([]);
  });

  it('reads quotations with the match markers dropped and double quotes as apostrophes', () => {
    const passage = givenPassage({ snippet: 'Management said "capacity rose to **48.9** MTPA" in the quarter.' });
    const withQuotes = givenPacket({ route: 'semantic' }, { passages: [passage] });
    expect(numbersNotInPacket("From the filing: “Management said 'capacity rose to 48.9 MTPA' in the quarter.”", withQuotes)).toEqual([]);
    expect(numbersNotInPacket('Capacity rose to 48.9 MTPA.', withQuotes)).toEqual(['48.9']);
  });
});

describe('citeNumbers and adviceTermsIn', () => {
  it('cites each value to the facts, metrics or quote it matches, never a figure of a quoted passage; dates are not cited', () => {
    const text = 'Revenue was ₹5,927.38 crore (known at 2025-01-31 13:15 UTC); margin 18.4194%; last ₹2,043.55; “up 2.2% on the year”.';
    const { source_url: quoteUrl, known_at: quoteKnownAt } = givenQuote();
    expect(citeNumbers(text, packet)).toEqual([
      givenFilingCitation('₹5,927.38 crore', 'fact'),
      givenFilingCitation('18.4194%', 'metric'),
      { value: '₹2,043.55', kind: 'quote', filing_id: null, source_url: quoteUrl, known_at: quoteKnownAt },
    ]);
    const { id, source_url, known_at } = givenPassage();
    expect(quotedPassages(text, packet)).toEqual([{ kind: 'document', id, source_url, known_at }]);
  });

  it('a passage figure equal to a fact value is cited to the fact outside quotations and to nothing inside one', () => {
    const echo = givenPacket(
      { route: 'hybrid', reference: 'ACC', concepts: ['Revenue'] },
      { facts: [givenFact()], passages: [givenPassage({ snippet: 'Revenue from operations stood at Rs 5,927.38 crore in the quarter.' })] },
    );
    const cited = citeNumbers('Revenue was ₹5,927.38 crore; the filing says “Revenue from operations stood at Rs 5,927.38 crore”.', echo);
    expect(cited.map((c) => [c.value, c.kind, c.filing_id])).toEqual([['₹5,927.38 crore', 'fact', ACC_Q3_FILING]]);
  });

  it('finds advice words outside quotations and names', () => {
    expect(adviceTermsIn('ACC looks undervalued; investors should buy. Analysts recommend it.', packet)).toEqual([
      'undervalued',
      'should buy',
      'recommend',
    ]);
    const advising = givenPacket({ route: 'semantic' }, { passages: [givenPassage({ snippet: 'Brokers recommend a buy on the stock.' })] });
    expect(adviceTermsIn('A passage reads: “Brokers recommend a buy on the stock.”', advising)).toEqual([]);
  });
});
