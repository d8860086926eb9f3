import type { DisclosurePublished } from '#schemas/events/disclosure';

/**
 * The first announcement of fixtures/bse-announcements/BSE_2021-08-21_2021-08-21.csv (line 2):
 * Reliance Capital's Regulation 30 update, as DisclosurePublished data without its id. It is
 * what the parser reads there, and a real BSE disclosure for the specs of what is built on one.
 */
export const BSE_RELIANCE_CAPITAL_UPDATE = {
  companyId: null,
  company: { name: 'Reliance Capital Ltd', nseSymbol: null, bseCode: '500111', isin: null, cin: null },
  eventType: 'regulatory_update',
  category: 'Company Update',
  subject: 'Announcement Under Regulation 30 (LODR) - Updates',
  body: 'Disclosure regarding payment of interest / principal on Non-Convertible Debentures',
  documentType: null,
  attachmentUrl: 'https://www.bseindia.com/xml-data/corpfiling/AttachLive/5dc03e76-e9d2-44f7-9fbe-daacae52996f.pdf',
  publishedAt: '2021-08-21T16:32:39.000Z',
  parserVersion: 1,
} as const satisfies Record<Exclude<keyof DisclosurePublished, 'disclosureId'>, unknown>;
