import { describe, expect, it } from 'vitest';
import { SNAPSHOT_DATASETS } from '#schemas/read-models/snapshot';
import { endOfIndianDay, monthEnds } from './month-ends.ts';
import { instantOf, parseSnapshotArguments } from './snapshot-arguments.ts';

describe('npm run snapshot arguments', () => {
  it('takes --as-of as the API takes as_of: a date alone is its midnight UTC', () => {
    expect(instantOf('2025-01-29')).toBe('2025-01-29T00:00:00.000Z');
    expect(instantOf('2025-01-29T11:50:00+05:30')).toBe('2025-01-29T06:20:00.000Z');
    expect(instantOf('2025-01-29T06:20')).toBe('2025-01-29T06:20:00.000Z');
    expect(instantOf('yesterday')).toBeUndefined();
    expect(instantOf('2025-02-30')).toBeUndefined();
  });

  it('writes every dataset unless --datasets names some, in their own order', () => {
    const all = parseSnapshotArguments(['--as-of', '2025-01-29', '--out', 'out']);
    expect(all).toEqual({
      ok: true,
      value: { targets: [{ dir: 'out', asOf: '2025-01-29T00:00:00.000Z' }], datasets: SNAPSHOT_DATASETS, adjust: 'all', help: false },
    });
    const some = parseSnapshotArguments(['--as-of=2025-01-29', '--out=out', '--datasets', 'prices,facts', '--adjust', 'splits']);
    expect(some.ok && some.value.datasets).toEqual(['facts', 'prices']);
    expect(some.ok && some.value.adjust).toBe('splits');
  });

  it('refuses an unknown dataset by name, and other bad arguments, with a message', () => {
    const unknown = parseSnapshotArguments(['--as-of', '2025-01-29', '--out', 'out', '--datasets', 'facts,trades,nope']);
    expect(unknown).toEqual({ ok: false, message: expect.stringMatching(/unknown dataset 'trades', 'nope'; known: companies, facts/) });
    expect(parseSnapshotArguments(['--as-of', '2025-01-29'])).toMatchObject({ ok: false, message: '--out <dir> is required' });
    expect(parseSnapshotArguments(['--out', 'out'])).toMatchObject({ ok: false, message: /either --as-of or --monthly/ });
    expect(parseSnapshotArguments(['--as-of', 'soon', '--out', 'out'])).toMatchObject({ ok: false, message: /not an ISO 8601 time/ });
    expect(parseSnapshotArguments(['--as-of', '2025-01-29', '--out', 'o', '--adjust', 'x'])).toMatchObject({ ok: false });
    expect(parseSnapshotArguments(['--monthly', '2025-01', '--out', 'o'])).toMatchObject({ ok: false, message: /two days/ });
    expect(parseSnapshotArguments(['--as-of', '2025-01-29', '--out', 'o', '--frobnicate'])).toMatchObject({ ok: false });
  });

  it('--monthly: each month end from <from> to <to> in a folder of its day, as of the end of that day in India', () => {
    expect(monthEnds('2024-11-15', '2025-02-27')).toEqual(['2024-11-30', '2024-12-31', '2025-01-31']);
    expect(monthEnds('2024-02-01', '2024-02-29')).toEqual(['2024-02-29']);
    expect(endOfIndianDay('2025-01-31')).toBe('2025-01-31T18:29:59.999Z');
    const parsed = parseSnapshotArguments(['--monthly', '2024-11', '2025-01', '--out', 'out']);
    expect(parsed.ok && parsed.value.targets).toEqual([
      { dir: 'out/2024-11-30', asOf: '2024-11-30T18:29:59.999Z' },
      { dir: 'out/2024-12-31', asOf: '2024-12-31T18:29:59.999Z' },
      { dir: 'out/2025-01-31', asOf: '2025-01-31T18:29:59.999Z' },
    ]);
    expect(parseSnapshotArguments(['--monthly', '2025-01-02', '2025-01-30', '--out', 'o'])).toMatchObject({
      ok: false,
      message: /no month ends/,
    });
  });
});
