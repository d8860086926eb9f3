import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { DomainEvent, DomainEventData } from '#schemas/events/catalogue';
import type { EventMetadata } from '#schemas/events/metadata';
import type { NewEvent } from '#platform/event-store/event-store';
import { annualPeriod, givenFact, givenFinancialsReported, givenMetadata } from '../../test/support/builders.ts';
import { describeEachStore } from '../../test/support/databases.ts';
import { suiteHarness } from '../../test/support/suite-harness.ts';
import { getFiling, getSourceDocument, listFilings } from './queries.ts';

const sha = (n: number) => n.toString(16).padStart(64, '0');

type DocumentEventType = 'DocumentReceived' | 'DocumentDisseminated' | 'DocumentRejected' | 'DocumentParsed';

/** An event about the document `data` names by its SHA-256, with the test's metadata. */
function aboutDocument<T extends DocumentEventType>(
  type: T,
  data: DomainEventData<T> & { documentId: string },
  metadata: Partial<EventMetadata> = {},
): NewEvent<DomainEvent> {
  return { id: randomUUID(), type, data, metadata: givenMetadata({ sourceSha256: data.documentId, ...metadata }) } as NewEvent<DomainEvent>;
}

const received = (documentId: string, knownAt: string) =>
  aboutDocument(
    'DocumentReceived',
    {
      documentId,
      format: 'nse-results-xbrl',
      fileName: `${documentId.slice(-6)}.xml`,
      contentType: 'application/xml',
      byteLength: 1234,
      receivedAt: '2026-01-01T00:00:00.000Z',
      companyId: null,
    },
    { knownAt, sourceUrl: 'https://example.test/doc.xml' },
  );

const disseminated = (documentId: string, fileName: string, knownAt: string | null, sourceUrl: string | null) =>
  aboutDocument(
    'DocumentDisseminated',
    { documentId, fileName, sourceUrl, knownAt, receivedAt: '2026-01-02T00:00:00.000Z', attributes: {} },
    { knownAt: knownAt ?? '2026-01-02T00:00:00.000Z', sourceUrl },
  );

const rejected = (documentId: string, parserVersion: number) =>
  aboutDocument('DocumentRejected', {
    documentId,
    format: 'nse-results-xbrl',
    parserVersion,
    reason: 'no contexts found',
    problems: [{ where: 'xbrli:xbrl', message: 'no xbrli:context element' }],
  });

const parsed = (documentId: string, parserVersion: number) =>
  aboutDocument('DocumentParsed', {
    documentId,
    format: 'nse-results-xbrl',
    parserVersion,
    rows: 1,
    events: 1,
    problems: [{ where: 'element in-bse-fin:Foo', message: 'not a number' }],
    problemCount: 1,
  });

describeEachStore('filings projection', (database) => {
  const harness = suiteHarness(database);

  it('records a received document, and marks it parsed with its problems when it was parsed', async () => {
    const documentId = sha(1);
    const companyId = randomUUID();
    const financials = givenFinancialsReported({
      companyId,
      knownAt: '2024-05-12T12:00:00.000Z',
      sourceSha256: documentId,
      facts: [givenFact('Revenue', '10', annualPeriod(2024))],
    });
    await harness.append(received(documentId, '2024-05-12T12:00:00.000Z'));
    await harness.project();
    expect(await getSourceDocument(harness.db, documentId)).toMatchObject({ status: 'received', byte_length: 1234 });

    await harness.append(financials, parsed(documentId, 1));
    await harness.project();
    expect(await getSourceDocument(harness.db, documentId)).toMatchObject({ status: 'parsed', reject_reason: null });
    const { rows } = await harness.db.query(`select problem_count from rm_documents_v5 where document_id = $1`, [documentId]);
    expect(rows[0]).toEqual({ problem_count: 1 });
    expect(await getFiling(harness.db, financials.data.filingId)).toEqual({
      id: financials.data.filingId,
      company_id: companyId,
      document_type: 'financial_results',
      title: 'Financial results for the period ended 2024-03-31',
      fiscal_year: 2024,
      period_end: '2024-03-31',
      is_revision: false,
      source_url: financials.metadata.sourceUrl,
      document_sha256: documentId,
      known_at: '2024-05-12T12:00:00.000Z',
      recorded_at: expect.any(String),
      disseminations: [{ known_at: '2024-05-12T12:00:00.000Z', source_url: 'https://example.test/doc.xml', file_name: '000001.xml' }],
    });
    expect((await listFilings(harness.db, { companyId, limit: 10 })).map((f) => f.id)).toEqual([financials.data.filingId]);
    expect(await listFilings(harness.db, { companyId, asOf: '2024-05-12T11:59:59Z', limit: 10 })).toEqual([]);
  });

  it('keeps a rejected document with its reason, and a later parser that succeeds wins', async () => {
    const documentId = sha(2);
    await harness.append(received(documentId, '2024-01-01T00:00:00.000Z'), rejected(documentId, 1));
    await harness.project();
    expect(await getSourceDocument(harness.db, documentId)).toMatchObject({
      status: 'rejected',
      reject_reason: 'no contexts found',
    });

    await harness.append(parsed(documentId, 2));
    await harness.project();
    expect(await getSourceDocument(harness.db, documentId)).toMatchObject({ status: 'parsed', reject_reason: null });
    // A late outcome of the older parser changes nothing.
    await harness.append(rejected(documentId, 1));
    await harness.project();
    expect(await getSourceDocument(harness.db, documentId)).toMatchObject({ status: 'parsed' });
  });

  it('keeps one filing per id: a re-parse with a higher parser version replaces it, a lower one does not', async () => {
    const filingId = randomUUID();
    const companyId = randomUUID();
    const parse = (parserVersion: number, isRevision: boolean) =>
      givenFinancialsReported({ companyId, filingId, parserVersion, isRevision, knownAt: '2024-02-01T00:00:00.000Z', facts: [] });
    await harness.append(parse(2, true), parse(1, false));
    await harness.project({ batchSize: 1 });
    expect(await getFiling(harness.db, filingId)).toMatchObject({ is_revision: true, title: expect.stringContaining('(revised)') });
    await harness.append(parse(3, false));
    await harness.project();
    expect(await getFiling(harness.db, filingId)).toMatchObject({ is_revision: false });
  });

  it('knows a document disseminated twice from its earlier copy and lists both, whichever copy came first', async () => {
    const [early, late] = ['2024-06-03T05:00:00.000Z', '2024-06-06T05:00:00.000Z'];
    const earlyCopy = { known_at: early, source_url: 'https://example.test/early.xml', file_name: 'early.xml' };
    const lateCopy = { known_at: late, source_url: 'https://example.test/late.xml', file_name: 'late.xml' };
    for (const [n, first, second] of [
      [3, earlyCopy, lateCopy],
      [4, lateCopy, earlyCopy],
    ] as const) {
      const documentId = sha(n);
      const companyId = randomUUID();
      const receipt = received(documentId, first.known_at);
      const copy = (c: typeof earlyCopy) => disseminated(documentId, c.file_name, c.known_at, c.source_url);
      const financials = givenFinancialsReported({ companyId, knownAt: early, sourceSha256: documentId, facts: [] });
      await harness.append(
        // A receipt is of the first copy: its name and context.
        {
          ...receipt,
          data: { ...receipt.data, fileName: first.file_name },
          metadata: { ...receipt.metadata, sourceUrl: first.source_url },
        } as NewEvent<DomainEvent>,
        copy(first),
        disseminated(documentId, 'unstated.xml', null, null),
        financials,
        copy(second),
      );
      await harness.project({ batchSize: 2 });
      expect(await getSourceDocument(harness.db, documentId)).toMatchObject({ known_at: early, source_url: earlyCopy.source_url });
      expect((await getFiling(harness.db, financials.data.filingId))?.disseminations).toEqual([earlyCopy, lateCopy]);
      const [asOfBetween] = await listFilings(harness.db, { companyId, asOf: '2024-06-04T00:00:00Z', limit: 10 });
      expect(asOfBetween?.disseminations).toEqual([earlyCopy]);
    }
  });
});
