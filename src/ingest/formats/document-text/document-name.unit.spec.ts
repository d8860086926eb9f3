import { describe, expect, it } from 'vitest';
import { documentKindOf, stemOf } from './document-kind.ts';
import { documentTitle } from './document-title.ts';
import { documentTypeFromName } from './document-type-from-name.ts';
import { parseNseAttachmentName } from './nse-attachment-name.ts';

describe('NSE attachment names', () => {
  it('reads symbol, date, upload time (IST) and name, with or without the downloader prefix', () => {
    expect(
      parseNseAttachmentName(
        stemOf('20250728_210024_dc0822fa-9bae-4fc1-8202-624fbf4ea065_BLUEJET_20250728_BLUEJET_28072025112245_FinalUploadTranscript.pdf'),
      ),
    ).toEqual({
      symbol: 'BLUEJET',
      date: '2025-07-28',
      uploadedAt: '2025-07-28T05:52:45.000Z',
      attachment: 'BLUEJET_28072025112245_FinalUploadTranscript',
      name: 'FinalUploadTranscript',
    });
    expect(
      parseNseAttachmentName(stemOf('GOKULAGRO_20250802_GOKULAGRO_02082025105810_GARL-_Credit_Rating_Intimation_02-Aug-2025.pdf')),
    ).toEqual({
      symbol: 'GOKULAGRO',
      date: '2025-08-02',
      uploadedAt: '2025-08-02T05:28:10.000Z',
      attachment: 'GOKULAGRO_02082025105810_GARL-_Credit_Rating_Intimation_02-Aug-2025',
      name: 'GARL-_Credit_Rating_Intimation_02-Aug-2025',
    });
    // The uploader is not the symbol (HEXT uploads as HEXAWARETECH); "usfda__002_" keeps its underscores.
    expect(
      parseNseAttachmentName(
        stemOf(
          '20250802_195105_171a0bd9-4a16-4b17-9cbf-a196b4b86bab_TORNTPHARM_20250802_TORNTPHARM_02082025130357_usfda__002___raw_ocr_output.txt',
        ),
      ),
    ).toMatchObject({ symbol: 'TORNTPHARM', name: 'usfda__002_', uploadedAt: '2025-08-02T07:33:57.000Z' });
  });

  it('gives no upload time for an impossible stamp, and null for other names', () => {
    expect(parseNseAttachmentName('INFY_20250802_Infosys_32082025102207_Grant')?.uploadedAt).toBeNull();
    expect(parseNseAttachmentName('annual report 2025')).toBeNull();
    expect(parseNseAttachmentName('Corporate_Actions')).toBeNull();
  });
});

describe('document kind, type and title from the name', () => {
  it('claims PDFs by their magic number and text files only by the OCR suffix', () => {
    expect(documentKindOf('anything.bin', '%PDF-1.7\r%')).toBe('pdf');
    expect(documentKindOf('X_20250101_X_01012025101010_A__raw_ocr_output.txt', 'Infosys')).toBe('ocr-text');
    expect(documentKindOf('notes.txt', 'Infosys')).toBeNull();
    expect(documentKindOf('results.pdf', ' %PDF-1.7')).toBeNull();
    expect(documentKindOf('EQUITY_L.csv', 'SYMBOL,NAME OF COMPANY')).toBeNull();
  });

  it.each([
    ['FinalUploadTranscript', 'earnings_call_transcript'],
    ['CAGL_InvestorCallOutcome_Transcript_28072025', 'earnings_call_transcript'],
    ['Transcript', 'earnings_call_transcript'],
    ['Intimation_of_Credit_Rating', 'credit_rating'],
    ['GARL-_Credit_Rating_Intimation_02-Aug-2025', 'credit_rating'],
    ['PressRelease', 'investor_presentation'],
    ['PRandInvestorPresentationQ126', 'investor_presentation'],
    ['Outcome_and_Financials', 'financial_results'],
    ['SE_Intimation_of_Outcome_of_AGM_signed', null],
    ['Grant_of_RSUs_01082025', null],
    ['Analystcall_signed', null],
    ['Earningcall31072025', null],
    ['usfda__002_', null],
  ])('%s is %s', (name, type) => {
    expect(documentTypeFromName(name)).toBe(type);
  });

  it('titles a document by its name, and marks OCR text', () => {
    expect(documentTitle('Intimation_of_Credit_Rating', 'pdf')).toBe('Intimation of Credit Rating');
    expect(documentTitle('usfda__002_', 'ocr-text')).toBe('usfda 002 (OCR text)');
    expect(documentTitle('x'.repeat(600), 'pdf')).toHaveLength(500);
  });
});
