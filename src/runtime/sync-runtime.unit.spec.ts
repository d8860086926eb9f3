import { describe, expect, it } from 'vitest';
import { loadConfig } from '#platform/config/config';
import { followedDatasets } from '#runtime/sync-runtime';
import { syncDatasetHealth } from '#runtime/sync-status';

describe('followedDatasets', () => {
  it('is every dataset when SYNC_DATASETS is unset, and those named when it is set', () => {
    expect(followedDatasets(loadConfig({ SYNC: 'on' })).length).toBeGreaterThan(2);
    const named = followedDatasets(loadConfig({ SYNC: 'on', SYNC_DATASETS: 'nse-reference,bse-bhavcopy' }));
    expect(named.map((d) => d.name).sort()).toEqual(['bse-bhavcopy', 'nse-reference']);
  });

  it('refuses a name that is no dataset as a configuration error naming it and the datasets there are', () => {
    const config = loadConfig({ SYNC: 'on', SYNC_DATASETS: 'nse-reference,nse-bhavcopies,bse-bhav' });
    expect(() => followedDatasets(config)).toThrow(
      /^invalid configuration:\n {2}SYNC_DATASETS: not datasets: nse-bhavcopies, bse-bhav \(the datasets: nse-reference, /,
    );
  });
});

describe('syncDatasetHealth', () => {
  const now = Date.parse('2025-03-10T12:00:00.000Z');
  const standing = {
    dataset: 'nse-bhavcopy-udiff',
    lastUnitDone: '2025-03-07',
    lastFetchedAt: '2025-03-07T13:00:00.000Z',
    nextDue: null,
    units: 3,
    done: 3,
    failing: 0,
    lastError: null,
  };

  it('has no lag to tell for a dataset followed but never tried', () => {
    expect(syncDatasetHealth(undefined, 'nse-reference', now)).toEqual({
      dataset: 'nse-reference',
      lastSuccess: null,
      lastUnit: null,
      nextDue: null,
      lagSeconds: null,
      failing: 0,
      lastError: null,
    });
  });

  it('is on schedule (lag 0) when no unit waits, or the earliest waits until later', () => {
    expect(syncDatasetHealth(standing, standing.dataset, now)).toMatchObject({ lagSeconds: 0, lastSuccess: '2025-03-07T13:00:00.000Z' });
    const later = { ...standing, nextDue: '2025-03-10T12:15:00.000Z', failing: 1, lastError: 'HTTP 503' };
    expect(syncDatasetHealth(later, standing.dataset, now)).toMatchObject({ lagSeconds: 0, failing: 1, lastError: 'HTTP 503' });
  });

  it('lags by the whole seconds since its earliest waiting unit fell due', () => {
    const overdue = { ...standing, nextDue: '2025-03-10T10:59:59.500Z', failing: 2 };
    expect(syncDatasetHealth(overdue, standing.dataset, now)).toMatchObject({ nextDue: '2025-03-10T10:59:59.500Z', lagSeconds: 3600 });
  });
});
