import { beforeAll, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../../test/support/databases.ts';
import { givenIngestion } from '../../../test/support/ingestion-harness.ts';
import { projectEverything } from '../../../test/support/project-everything.ts';
import { realPath } from '../../../test/support/real-corpus.ts';
import { describeWithSharedData } from '../../../test/support/shared-data.ts';
import { type RetrievalPlan, RetrievalPlanSchema } from '#schemas/query/plan';
import { findPlanPassages } from './find-plan-passages.ts';

// BSE's announcements of 21 Aug 2021 (297 announcement records, 255 published once each). Counted by hand
// with docs/event-types.md: 35 are board meetings, 26 of the 27 that BSE files under "Board Meeting" (Tarmat's
// "Board Meeting Outcome - Preferential Allotment ..." is securities_issue) and 9 filed under other categories
// (Vascon's and Advitiya's outcomes, Money Masters' revised outcome, Suratwwala's notice, Millennium Online's
// outcome, Dhenu Buildcon's, Jai Corp's update, Nouveau Global's two corrections of "Outcome Of BM").
// The first seven were published before 15:00 IST: Ashapuri Gold 13:11:41, Nouveau Global 13:47:21 and
// 13:52:45, Panth Infinity 14:04:24, Jai Corp 14:12:45, Evexia Lifecare 14:55:18, Lasa Supergenerics 14:58:05.
const FILE = 'announcements/BSE_2021-08-21_2021-08-21.csv';

const boardMeetings = (fields: Partial<RetrievalPlan> = {}): RetrievalPlan =>
  RetrievalPlanSchema.parse({
    route: 'semantic',
    search_text: 'board meetings',
    event_types: ['board_meeting'],
    date_from: '2021-08-21',
    date_to: '2021-08-21',
    ...fields,
  });

describeWithSharedData('research passages: an event-type filter over every company, on the real BSE file of 21 Aug 2021', () => {
  const database = TEST_DATABASES[TEST_DATABASES.length - 1];
  if (!database) throw new Error('no test database');
  const service = givenIngestion(database);
  const passages = (plan: RetrievalPlan, limit: number) =>
    findPlanPassages(service.harness.db, { question: 'board meetings on 21 August 2021', plan, company: null }, limit);

  beforeAll(async () => {
    const summary = await service.ingest([realPath(FILE)]);
    expect(summary).toMatchObject({ parsed: 1, rejected: 0, failed: 0 });
    await projectEverything(service.harness);
  });

  it('lists the 35 board meetings of the day and nothing else', async () => {
    const found = await passages(boardMeetings(), 50);
    expect(found.items).toHaveLength(35);
    expect(new Set(found.items.map((p) => p.event_type))).toEqual(new Set(['board_meeting']));
    expect(found.items.map((p) => p.title)).toEqual(
      expect.arrayContaining([
        'Correction In Outcome Of BM Dated 20Th August, 2021',
        'Board Meeting Outcome for Revised Outcome',
        'Update To Outcome Of Board Meeting Dated 13.08.2021',
        'Board Meeting Intimation for Fund Raising',
      ]),
    );
    expect(found.items.map((p) => p.title)).not.toContain(
      'Board Meeting Outcome for Board Meeting Outcome - Preferential Allotment Of Shares & Convertible Warrants',
    );
    expect(found.gaps).toEqual([]);
  });

  it('says when it shows a subset, and how many it leaves out', async () => {
    const found = await passages(boardMeetings(), 10);
    expect(found.items).toHaveLength(10);
    expect(found.gaps).toEqual([
      {
        kind: 'missing',
        subject: 'events',
        message: 'Only the newest 10 of 35 matching disclosures are listed; name a company or ask for a narrower window for the others.',
      },
    ]);
  });

  it('keeps to what was knowable at as_of, and a day without any proves nothing', async () => {
    const early = await passages(boardMeetings({ as_of: '2021-08-21T15:00:00+05:30' }), 50);
    expect(early.items.map((p) => p.published_at)).toEqual([
      '2021-08-21T09:28:05.000Z',
      '2021-08-21T09:25:18.000Z',
      '2021-08-21T08:42:45.000Z',
      '2021-08-21T08:34:24.000Z',
      '2021-08-21T08:22:45.000Z',
      '2021-08-21T08:17:21.000Z',
      '2021-08-21T07:41:41.000Z',
    ]);
    const nextDay = await passages(boardMeetings({ date_from: '2021-08-22', date_to: '2021-08-22' }), 50);
    expect(nextDay.items).toEqual([]);
    expect(nextDay.gaps).toEqual([
      expect.objectContaining({ kind: 'absence_not_proven', message: expect.stringMatching(/by any company/) }),
    ]);
  });
});
