import { describe, expect, it } from 'vitest';
import { classifyDisclosure } from '#ingest/shared/disclosure-types/classify-disclosure';
import { scripStatus } from '#ingest/shared/bse-scrip/scrip-status';
import { holderCategory } from '#ingest/formats/shareholding-xbrl/holder-category';
import { contentTypeOf } from '#ingest/pipeline/content-type';
import { cleanName } from '#ingest/shared/reference-data/clean-name';
import { symbolOfShortName } from '#read/identity/company-abbreviations';
import { conditionValue } from '#read/phrases/number-forms';
import { thresholdFor } from '#read/query/fact-condition';
import { countOf } from '#read/query/planner/count-words';
import { snapshotExchangeOf } from '#projections/companies/current-claims';
import { lookupTable } from '#platform/lookup-table';

/** Every name a plain object answers without holding it: constructor, toString, __proto__ ... */
const INHERITED = Object.getOwnPropertyNames(Object.prototype);

describe('lookupTable', () => {
  it('finds its own entries and nothing Object.prototype holds', () => {
    const table = lookupTable({ crore: '1e7' });
    expect(table['crore']).toBe('1e7');
    expect(INHERITED.length).toBeGreaterThanOrEqual(10);
    for (const name of INHERITED) expect(table[name], name).toBeUndefined();
  });
});

describe('text named like Object.prototype is read as text, never as its function', () => {
  it.each(INHERITED)('%s', (name) => {
    expect(symbolOfShortName(name)).toBeUndefined();
    expect(contentTypeOf(`report.${name.replaceAll('_', '')}`)).toBe('application/octet-stream');
    expect(scripStatus(name)).toBeNull();
    expect(cleanName(`Acme &${name.replaceAll('_', '')}; Ltd`)).toBe(`Acme &${name.replaceAll('_', '')}; Ltd`);
    expect(classifyDisclosure(null, name)).toEqual({ eventType: 'other', documentType: null });
    expect(holderCategory(`Details${name}Axis`)).toMatch(/^[\w ]+$/);
    expect(countOf(name)).toBeUndefined();
    expect(snapshotExchangeOf(name)).toBeUndefined();
    const condition = { concept: 'Revenue', operator: '>' as const, value: 1, unit: name };
    expect(thresholdFor(condition, 'INR')).toBeUndefined();
    expect(conditionValue(condition)).toMatchObject({ kind: 'count' });
  });
});
