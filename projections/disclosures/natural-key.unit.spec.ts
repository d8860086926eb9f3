import { describe, expect, it } from 'vitest';
import { type DisclosurePublished, DisclosurePublishedSchema } from '#schemas/events/disclosure';
import { BSE_RELIANCE_CAPITAL_UPDATE } from '../../test/support/disclosure-samples.ts';
import { disclosureKey, normalisedAttachment } from './natural-key.ts';

function given(overrides: Partial<Record<keyof DisclosurePublished, unknown>> = {}): DisclosurePublished {
  return DisclosurePublishedSchema.parse({
    disclosureId: '6b9a5e22-6bad-5ea4-93ef-e2f76e5ec8b7',
    ...BSE_RELIANCE_CAPITAL_UPDATE,
    ...overrides,
  });
}

describe('disclosureKey', () => {
  it("is BSE's attachment GUID, whatever else differs between two downloads", () => {
    const key = disclosureKey(given());
    expect(key).toBe('bse:5dc03e76-e9d2-44f7-9fbe-daacae52996f');
    expect(
      disclosureKey(
        given({ disclosureId: '4d9c573e-14d3-5fe9-84d0-c3317f1d6481', companyId: '20bcb586-7bda-5039-88e4-412cfb94bb8a', body: null }),
      ),
    ).toBe(key);
    expect(
      disclosureKey(given({ attachmentUrl: 'http://bseindia.com/xml-data/corpfiling/AttachHis/5DC03E76-E9D2-44F7-9FBE-DAACAE52996F.pdf' })),
    ).toBe(key);
  });

  it('takes another attachment with its subject and body: one insider XBRL holds several records', () => {
    const xbrl = 'https://archives.nseindia.com/corporate/xbrl/IT_1075180_290843_18072020062253_WEB.xml';
    const praveen = given({
      company: { name: null, nseSymbol: 'DIVISLAB', bseCode: null, isin: null, cin: null },
      attachmentUrl: xbrl,
      subject: 'Insider trading disclosure (Reg 7(2)) by Praveen Lingamneni, Immediate relative',
    });
    const radhika = { ...praveen, subject: 'Insider trading disclosure (Reg 7(2)) by Radhika Dronavalli, Immediate relative' };
    expect(disclosureKey(praveen)).toMatch(/^url:[0-9a-f]{32}$/);
    expect(disclosureKey(radhika)).not.toBe(disclosureKey(praveen));
    expect(disclosureKey({ ...praveen, attachmentUrl: xbrl.replace('archives.', 'nsearchives.') })).toBe(disclosureKey(praveen));
  });

  it('without an attachment, is the stated company, the instant and the subject, not the resolved company', () => {
    const plain = given({ attachmentUrl: null });
    expect(disclosureKey(plain)).toMatch(/^stated:/);
    expect(disclosureKey({ ...plain, companyId: '20bcb586-7bda-5039-88e4-412cfb94bb8a' })).toBe(disclosureKey(plain));
    expect(disclosureKey({ ...plain, publishedAt: '2021-08-21T22:02:39+05:30' })).toBe(disclosureKey(plain));
    expect(disclosureKey({ ...plain, subject: 'ANNOUNCEMENT UNDER REGULATION 30 (LODR) - UPDATES ' })).toBe(disclosureKey(plain));
    expect(disclosureKey({ ...plain, publishedAt: '2021-08-21T16:32:40.000Z' })).not.toBe(disclosureKey(plain));
  });
});

describe('normalisedAttachment', () => {
  it('drops scheme and www., lower-cases the host only', () => {
    expect(normalisedAttachment('HTTPS://WWW.BSEindia.com/xml-data/A.pdf')).toBe('bseindia.com/xml-data/A.pdf');
    expect(normalisedAttachment('https://nsearchives.nseindia.com/corporate/X.pdf')).toBe('archives.nseindia.com/corporate/X.pdf');
  });
});
