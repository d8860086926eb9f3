import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DomainEvent } from '#schemas/events/catalogue';
import { DisclosurePublishedSchema } from '#schemas/events/disclosure';
import type { NewEvent } from '#platform/event-store/event-store';
import { givenMetadata } from '../../test/support/builders.ts';
import { describeEachStore } from '../../test/support/databases.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { listEvents } from './queries.ts';

const sha = () => randomUUID().replace(/-/g, '').padEnd(64, '0');

interface Copy {
  readonly disclosureId: string;
  readonly knownAt: string;
  readonly sourceSha256: string;
  readonly parserVersion?: number;
  readonly subject?: string;
}

/** One copy of an NSE announcement whose attachment is `attachment`, as one download states it. */
function copyOf(attachment: string, copy: Copy): NewEvent<DomainEvent> {
  return {
    id: randomUUID(),
    type: 'DisclosurePublished',
    data: DisclosurePublishedSchema.parse({
      disclosureId: copy.disclosureId,
      companyId: null,
      company: { name: 'Britannia Industries Limited', nseSymbol: 'BRITANNIA', bseCode: null, isin: null, cin: null },
      eventType: 'agm_egm',
      category: 'Shareholders meeting',
      subject: copy.subject ?? 'Shareholders meeting',
      body: 'Pursuant to Regulation 30, the notice of the AGM is enclosed.',
      documentType: null,
      attachmentUrl: attachment,
      publishedAt: '2024-08-07T18:22:08.000Z',
      parserVersion: copy.parserVersion ?? 1,
    }),
    metadata: givenMetadata({ knownAt: copy.knownAt, source: 'nse', sourceSha256: copy.sourceSha256 }),
  };
}

const permutations = <T>(items: readonly T[]): T[][] =>
  items.length <= 1
    ? [[...items]]
    : items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));

describeEachStore('disclosures: which copy of a re-delivered announcement is served', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());

  const served = async (attachment: string) =>
    (await listEvents(harness.db, { limit: 50 })).items.filter((e) => e.attachment_url === attachment);

  it('serves the copy known first, whatever order the copies arrive in', async () => {
    const knownAts = ['2024-08-07T18:22:09.000Z', '2024-08-07T18:22:08.000Z', '2024-08-08T00:00:00.000Z'];
    for (const [n, order] of permutations([0, 1, 2]).entries()) {
      const attachment = `https://nsearchives.nseindia.com/corporate/BRITANNIA_${n}.pdf`;
      const copies = knownAts.map((knownAt) => ({ disclosureId: randomUUID(), knownAt, sourceSha256: sha() }));
      for (const i of order) {
        await harness.append(copyOf(attachment, copies[i] as Copy));
        await harness.project({ batchSize: 1 + (n % 2) });
      }
      const visible = await served(attachment);
      expect(visible.map((e) => [e.id, e.known_at])).toEqual([[copies[1]?.disclosureId, '2024-08-07T18:22:08.000Z']]);
    }
  });

  it('treats the two archive hosts of NSE as one attachment', async () => {
    // Known at once and possibly recorded in the same millisecond: the lower id is served then, so the first gets it.
    const [firstId, secondId] = [randomUUID(), randomUUID()].sort() as [string, string];
    const first = { disclosureId: firstId, knownAt: '2024-08-07T18:22:08.000Z', sourceSha256: sha() };
    await harness.append(
      copyOf('https://archives.nseindia.com/corporate/BRITANNIA_hosts.pdf', first),
      copyOf('https://nsearchives.nseindia.com/corporate/BRITANNIA_hosts.pdf', {
        ...first,
        disclosureId: secondId,
        sourceSha256: sha(),
      }),
    );
    await harness.project();
    const all = (await listEvents(harness.db, { limit: 50 })).items.filter((e) => e.attachment_url?.endsWith('BRITANNIA_hosts.pdf'));
    expect(all.map((e) => e.id)).toEqual([first.disclosureId]);
  });

  it('follows a re-parse that changes the subject: the copies part, and an older parse changes nothing', async () => {
    const attachment = 'https://nsearchives.nseindia.com/corporate/BRITANNIA_reparse.pdf';
    const a = { disclosureId: randomUUID(), knownAt: '2024-08-07T18:22:08.000Z', sourceSha256: sha() };
    const b = { disclosureId: randomUUID(), knownAt: '2024-08-07T18:22:09.000Z', sourceSha256: sha() };
    await harness.append(copyOf(attachment, a), copyOf(attachment, b));
    await harness.project();
    expect((await served(attachment)).map((e) => e.id)).toEqual([a.disclosureId]);

    // Parser version 2 reads copy A's subject differently: A and B no longer name one announcement.
    await harness.append(copyOf(attachment, { ...a, parserVersion: 2, subject: 'Shareholders meeting - notice' }));
    await harness.project();
    expect((await served(attachment)).map((e) => [e.id, e.subject]).sort()).toEqual(
      [
        [a.disclosureId, 'Shareholders meeting - notice'],
        [b.disclosureId, 'Shareholders meeting'],
      ].sort(),
    );

    await harness.append(copyOf(attachment, a));
    await harness.project();
    expect((await served(attachment)).map((e) => e.id).sort()).toEqual([a.disclosureId, b.disclosureId].sort());
  });
});
