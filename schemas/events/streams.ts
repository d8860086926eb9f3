/**
 * Stream names: `<category>-<natural key>`. A stream holds the history of one thing;
 * appends to one stream are ordered by its version.
 */
export const streams = {
  company: (companyId: string) => `company-${companyId}`,
  instrument: (instrumentId: string) => `instrument-${instrumentId}`,
  document: (sha256: string) => `document-${sha256}`,
  filing: (filingId: string) => `filing-${filingId}`,
  corporateAction: (actionId: string) => `corporate_action-${actionId}`,
  disclosure: (disclosureId: string) => `disclosure-${disclosureId}`,
  prices: (exchange: string, interval: string, sourceSha256: string) =>
    `prices-${exchange}-${interval}-${sourceSha256}`,
} as const;
