import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixture, givenCompanies, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid, expectNoThrowOnDamagedBytes, expectParsed } from '../../../../test/support/parser-spec-kit.ts';
import { describeWithSharedData, SHARED_DATA } from '../../../../test/support/shared-data.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import type { ParseInput } from '#ingest/shared/parser/parser';
import { documentTextParser as parser } from './parser.ts';

const INFY =
  '20250802_132358_f3d4f7e8-a457-4885-ab30-710e3fc8e9ba_INFY_20250802_Infosys_02082025102207_Grant_of_RSUs_01082025__raw_ocr_output.txt';
const LTTS = '20250728_134554_bcf72888-dccd-4353-8452-14c514845af7_LTTS_20250728_LTTS_28072025100457_PressRelease__raw_ocr_output.txt';
const ROLEX = 'ROLEXRINGS_20250802_ROLEXRINGS_02082025114727_Intimation_of_Credit_Rating.pdf';
const bytesOf = (name: string) => fixture(`document-text/${name}`);

type Overrides = Parameters<typeof givenParseInput>[1];
const parseText = (name: string, overrides: Overrides = {}) =>
  expectParsed(parser.parse(givenParseInput(bytesOf(name), { fileName: name, ...overrides })));
/** Extraction then parsing, as the ingest pipeline runs them. */
async function parsePdf(bytes: Uint8Array, fileName: string, overrides: Overrides = {}) {
  const attributes = (await parser.extract?.(bytes)) ?? {};
  return parser.parse(givenParseInput(bytes, { fileName, attributes, ...overrides }));
}
const textOf = (outcome: ReturnType<typeof parseText>) => dataOf(outcome, 'DocumentTextExtracted')[0];

/**
 * A one-page PDF protected by a user password (standard security handler, revision 2). Its
 * O and U entries verify no password, so a reader must ask for one; pdfjs checks that before
 * it decrypts anything, so nothing else needs encrypting.
 */
function passwordProtectedPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] >>\n`;
  return new TextEncoder().encode(`${body}startxref\n${xref}\n%%EOF\n`);
}

describe('document-text', () => {
  it('reads the Infosys RSU intimation from its OCR text', () => {
    const outcome = parseText(INFY);
    expectEveryEventValid(outcome);
    expect(outcome.rows).toBe(1);
    expect(outcome.problems).toEqual([]);
    const data = textOf(outcome);
    expect(data).toEqual({
      documentId: outcome.events[0]?.metadata.sourceSha256,
      filingId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      companyId: null,
      company: { name: null, nseSymbol: 'INFY', bseCode: null, isin: null, cin: null },
      documentType: null,
      title: 'Grant of RSUs 01082025 (OCR text)',
      text: new TextDecoder().decode(bytesOf(INFY)),
      pageCount: null,
      extractor: 'ocr-text-file',
      // uploaded 02-08-2025 10:22:07 IST
      publishedAt: '2025-08-02T04:52:07.000Z',
      parserVersion: 2,
    });
    expect(data?.text).toContain('Grant of 2,400\nRestricted Stock Units (RSUs) to a new hire');
    // Nobody stated when it was known: the time it was received, not the upload time its name claims.
    expect(outcome.events[0]?.metadata).toMatchObject({ knownAt: '2026-01-01T00:00:00.000Z', source: 'nse' });
  });

  it('files the LTTS press release with investor material', () => {
    const data = textOf(parseText(LTTS));
    expect(data).toMatchObject({
      company: { nseSymbol: 'LTTS' },
      documentType: 'investor_presentation',
      title: 'PressRelease (OCR text)',
      publishedAt: '2025-07-28T04:34:57.000Z',
    });
    expect(data?.text).toContain('L&T Technology Services wins ~$60 million software');
  });

  it('extracts the text of the ROLEXRINGS credit-rating PDF with pdfjs', async () => {
    const outcome = expectParsed(await parsePdf(bytesOf(ROLEX), ROLEX));
    expectEveryEventValid(outcome);
    const data = textOf(outcome);
    expect(data).toMatchObject({
      company: { nseSymbol: 'ROLEXRINGS' },
      documentType: 'credit_rating',
      title: 'Intimation of Credit Rating',
      pageCount: 1,
      extractor: 'pdfjs-dist 5.6.205',
      // uploaded 02-08-2025 11:47:27 IST
      publishedAt: '2025-08-02T06:17:27.000Z',
    });
    expect(data?.text).toContain('the CareEdge Ratings on the bank facilities has been re-affirmed');
    expect(data?.text).toContain('Long Term Bank Facilities CARE A-; Stable Reaffirmed');
  });

  it('gives a PDF and the OCR text made from it two filings', async () => {
    const pdf = textOf(expectParsed(await parsePdf(bytesOf(ROLEX), ROLEX)));
    const ocrName = ROLEX.replace('.pdf', '__raw_ocr_output.txt');
    const ocr = textOf(
      expectParsed(parser.parse(givenParseInput('ROLEX RINGS LIMITED\nSub: Affirmation of Credit Rating', { fileName: ocrName }))),
    );
    expect(ocr?.filingId).not.toBe(pdf?.filingId);
    expect([pdf?.title, ocr?.title]).toEqual(['Intimation of Credit Rating', 'Intimation of Credit Rating (OCR text)']);
    // The same bytes give the same filing again.
    expect(textOf(expectParsed(await parsePdf(bytesOf(ROLEX), ROLEX)))?.filingId).toBe(pdf?.filingId);
  });

  it('takes knownAt from the one stated for the document, else the time received, never from its name', () => {
    expect(parseText(INFY, { knownAt: '2025-08-02T05:00:00.000Z' }).events[0]?.metadata.knownAt).toBe('2025-08-02T05:00:00.000Z');
    // A name dated in the past, received later from a sender nobody vouches for.
    const backdated = 'ACC_20240115_ACC_15012024101500_Financial_Results__raw_ocr_output.txt';
    const received = expectParsed(parser.parse(givenParseInput('Revenue Rs 99,999 crore', { fileName: backdated })));
    expect(textOf(received)?.publishedAt).toBe('2024-01-15T04:45:00.000Z');
    expect(received.events[0]?.metadata.knownAt).toBe('2026-01-01T00:00:00.000Z');
    const unnamed = expectParsed(parser.parse(givenParseInput('some text', { fileName: 'letter__raw_ocr_output.txt' })));
    expect(textOf(unnamed)).toMatchObject({
      publishedAt: null,
      company: { nseSymbol: null },
      title: 'letter (OCR text)',
      documentType: null,
    });
    expect(unnamed.events[0]?.metadata.knownAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it("reads the upload time of NSE's attachment name for nameKnownAt, for runs whose names are trusted", () => {
    expect(parser.nameKnownAt?.(INFY)).toBe('2025-08-02T04:52:07.000Z');
    expect(parser.nameKnownAt?.(`archive.zip/${ROLEX}`)).toBe('2025-08-02T06:17:27.000Z');
    expect(parser.nameKnownAt?.('letter__raw_ocr_output.txt')).toBeNull();
  });

  it('resolves the company from the symbol in the name when it is known', () => {
    const companyId = companyIdFromIsin('INE009A01021');
    expect(textOf(parseText(INFY, { companies: givenCompanies({ nse: { INFY: companyId } }) }))?.companyId).toBe(companyId);
  });

  it('rejects a truncated or password-protected PDF with the reason, and never lets extraction throw', async () => {
    const truncated = bytesOf(ROLEX).slice(0, 100_000);
    expect(await parsePdf(truncated, ROLEX)).toEqual({
      ok: false,
      reason: 'the PDF is damaged or truncated (pdfjs: Invalid Root reference.); download it again',
      problems: [],
    });
    expect(await parsePdf(passwordProtectedPdf(), 'x.pdf')).toEqual({
      ok: false,
      reason: 'the PDF is encrypted and needs a password (pdfjs: No password given); ingest an unprotected copy',
      problems: [],
    });
    expect(await parsePdf(new TextEncoder().encode('%PDF-1.4\nnot really'), 'x.pdf')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('pdfjs'),
    });
  });

  it('survives damaged PDFs: extract resolves and parse returns an outcome', async () => {
    const bytes = bytesOf(ROLEX);
    const damage = fc.record({
      cut: fc.integer({ min: 0, max: bytes.length }),
      edits: fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), { maxLength: 20 }),
    });
    await fc.assert(
      fc.asyncProperty(damage, async ({ cut, edits }) => {
        const damaged = bytes.slice(0, cut);
        for (const { at, byte } of edits) if (damaged.length > 0) damaged[at % damaged.length] = byte;
        const outcome = await parsePdf(damaged, ROLEX);
        expect(typeof outcome.ok).toBe('boolean');
        if (outcome.ok) expectEveryEventValid(outcome);
        else expect(outcome.reason).not.toBe('');
      }),
      { numRuns: 20 },
    );
  }, 60_000);

  it('rejects a PDF whose text was not extracted, an empty text and a binary file named as OCR text', () => {
    expect(parser.parse(givenParseInput(bytesOf(ROLEX), { fileName: ROLEX }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("the PDF's text was not extracted"),
    });
    expect(parser.parse(givenParseInput(' \n', { fileName: INFY }))).toMatchObject({ ok: false, reason: 'the OCR text file is empty' });
    expect(parser.parse(givenParseInput(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0]), { fileName: INFY }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a text file'),
    });
    expect(parser.parse(givenParseInput('a,b\n1,2\n', { fileName: 'x.csv' }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('neither a PDF'),
    });
  });

  it('reads OCR text that is not UTF-8 as Windows-1252, and still refuses binary data that has no NUL', () => {
    const latin1 = Buffer.from('Transcript of the call: Société Générale, 12 août 2025\n', 'latin1');
    const read = parser.parse(givenParseInput(latin1, { fileName: INFY }));
    expect(read.ok && read.events[0]?.data).toMatchObject({ text: 'Transcript of the call: Société Générale, 12 août 2025\n' });
    const binary = Uint8Array.from({ length: 4096 }, (_, i) => 1 + (i % 255));
    expect(parser.parse(givenParseInput(binary, { fileName: INFY }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a text file'),
    });
    expect(parser.isText?.(latin1)).toBe(true);
    expect(parser.isText?.(bytesOf(ROLEX))).toBe(false);
  });

  it('rejects a PDF without a text layer, saying to OCR it', () => {
    const input: Partial<ParseInput> = {
      fileName: ROLEX,
      attributes: { pdfText: { ok: true, text: '\f\n', pageCount: 2, extractor: 'pdfjs-dist 5.6.205' } },
    };
    expect(parser.parse(givenParseInput(bytesOf(ROLEX), input))).toMatchObject({
      ok: false,
      reason: 'the PDF has 2 page(s) but no text layer (a scan?): OCR it and ingest the text',
    });
  });

  it('keeps the first 5,000,000 characters of a longer text, and says so', () => {
    const outcome = expectParsed(parser.parse(givenParseInput('x'.repeat(5_000_010), { fileName: INFY })));
    expectEveryEventValid(outcome);
    expect(textOf(outcome)?.text).toHaveLength(5_000_000);
    expect(outcome.problems).toEqual([{ where: 'text', message: '5000010 characters: only the first 5000000 are kept' }]);
  });

  it('never throws on damaged OCR text', () => {
    expectNoThrowOnDamagedBytes(parser, bytesOf(LTTS), (bytes) => givenParseInput(bytes, { fileName: LTTS }));
  });
});

describeWithSharedData('document-text over the real corpus', () => {
  it('reads every real document: 5 PDFs with pdfjs and 10 OCR texts', async () => {
    const folder = path.join(SHARED_DATA, 'documents');
    const names = readdirSync(folder).filter((name) => !name.endsWith('.md'));
    const read = await Promise.all(
      names.map(async (name) => {
        const outcome = expectParsed(await parsePdf(readFileSync(path.join(folder, name)), name));
        expectEveryEventValid(outcome);
        const data = textOf(outcome);
        return [data?.company.nseSymbol, data?.extractor, data?.documentType, data?.publishedAt] as const;
      }),
    );
    expect(read).toHaveLength(15);
    expect(read.filter(([, extractor]) => extractor === 'pdfjs-dist 5.6.205')).toHaveLength(5);
    expect(read.filter(([, extractor]) => extractor === 'ocr-text-file')).toHaveLength(10);
    expect(read.every(([symbol, , , publishedAt]) => symbol && publishedAt)).toBe(true);
    expect(read.map(([symbol, extractor, type]) => `${symbol} ${extractor === 'ocr-text-file' ? 'ocr' : 'pdf'} ${type}`).sort()).toEqual([
      'BLUEJET ocr earnings_call_transcript',
      'BLUEJET pdf earnings_call_transcript',
      'CREDITACC pdf earnings_call_transcript',
      'DRREDDY ocr null',
      'GOKULAGRO pdf credit_rating',
      'HEXT ocr earnings_call_transcript',
      'HEXT ocr financial_results',
      'HEXT pdf earnings_call_transcript',
      'IGL ocr null',
      'INFY ocr null',
      'LTTS ocr investor_presentation',
      'PPLPHARMA ocr investor_presentation',
      'ROLEXRINGS pdf credit_rating',
      'SAREGAMA ocr null',
      'TORNTPHARM ocr null',
    ]);
  }, 60_000);

  it('finds in the BLUEJET transcript PDF what its OCR text says', async () => {
    const name = '20250728_210024_dc0822fa-9bae-4fc1-8202-624fbf4ea065_BLUEJET_20250728_BLUEJET_28072025112245_FinalUploadTranscript.pdf';
    const data = textOf(expectParsed(await parsePdf(readFileSync(path.join(SHARED_DATA, 'documents', name)), name)));
    expect(data).toMatchObject({ title: 'FinalUploadTranscript', pageCount: 19, publishedAt: '2025-07-28T05:52:45.000Z' });
    expect(data?.text).toContain('Scrip Code (BSE): 544009');
    expect(data?.text).toContain('Symbol: BLUEJET');
  });
});
