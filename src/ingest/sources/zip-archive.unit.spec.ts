import { randomBytes } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { IngestLimits } from '#platform/config/config';
import { openArchive } from './zip-archive.ts';

const MiB = 1024 * 1024;
// Lowered limits, so that a bomb of a few MB stands for one of gigabytes.
const LIMITS: IngestLimits = { maxDocumentBytes: 8 * MiB, maxArchiveBytes: 16 * MiB, maxCompressionRatio: 100, maxArchiveEntries: 1_000 };
const keepAll = () => true;

/** Rewrites a 32-bit field of the n-th central directory entry (20: compressed size, 24: size, 16: CRC-32). */
function patchDirectory(archive: Uint8Array, entry: number, field: number, value: number): Uint8Array {
  const patched = archive.slice();
  const view = new DataView(patched.buffer);
  let found = -1;
  for (let at = 0; at < patched.length - 4; at++) {
    if (view.getUint32(at, true) === 0x02014b50 && ++found === entry) {
      view.setUint32(at + field, value, true);
      return patched;
    }
  }
  throw new Error(`no directory entry ${entry}`);
}

const members = (archive: Uint8Array, limits = LIMITS) => {
  const read = openArchive(archive, limits, keepAll);
  if (read.kind !== 'members') throw new Error(`expected members, got ${JSON.stringify(read)}`);
  return read;
};

describe('openArchive: zip members within the limits', () => {
  it('reads the members as fflate does, deflated or stored, and names the empty ones', () => {
    const text = strToU8('SYMBOL,SERIES\nRELIANCE,EQ\n'.repeat(100));
    const archive = zipSync({
      'a.csv': text,
      'dir/b.csv': [text, { level: 0 }],
      'dir/': new Uint8Array(0),
      'empty.csv': new Uint8Array(0),
    });
    const read = members(archive);
    expect(read.members.map((m) => m.name)).toEqual(['a.csv', 'dir/b.csv']);
    expect(read.empty).toEqual(['empty.csv']);
    const fflate = unzipSync(archive);
    for (const member of read.members) {
      const expected = Buffer.from(fflate[member.name] ?? []);
      expect(Buffer.from(member.read()).equals(expected)).toBe(true);
      expect(Buffer.from(member.head).equals(expected.subarray(0, 16 * 1024))).toBe(true);
    }
  });

  it('refuses an archive of more files than INGEST_MAX_ARCHIVE_ENTRIES before expanding any, and reads one at the limit', () => {
    const files = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}.csv`, strToU8(`A,B\n${i},1\n`)]));
    const limits = { ...LIMITS, maxArchiveEntries: 50 };
    expect(members(zipSync(files(50)), limits).members).toHaveLength(50);
    // Empty entries count too: each would be a rejected document, with its events.
    expect(
      openArchive(
        zipSync({ ...files(40), ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`e${i}`, new Uint8Array(0)])) }),
        limits,
        keepAll,
      ),
    ).toEqual({
      kind: 'refused',
      rule: 'zip-entries>50',
      reason: 'the zip archive holds 51 files, over the limit of 50 (INGEST_MAX_ARCHIVE_ENTRIES): refused unexpanded',
    });
    // A member that is not even deflate is never expanded: the count refuses first.
    const corrupt = patchDirectory(zipSync({ ...files(50), 'x.csv': [randomBytes(100), { level: 0 }] }), 50, 16, 0);
    expect(openArchive(corrupt, limits, keepAll)).toMatchObject({ kind: 'refused', rule: 'zip-entries>50' });
  });

  it('refuses a member over the document limit from its declared size alone, without expanding it', () => {
    // The declared size says 1 GiB; the data is not even deflate: expanding it would fail
    // as unreadable, so a refusal shows the declared sizes were judged first.
    const archive = patchDirectory(zipSync({ 'big.csv': [randomBytes(1000), { level: 0 }] }), 0, 24, 1024 * MiB);
    expect(openArchive(archive, LIMITS, keepAll)).toEqual({
      kind: 'refused',
      rule: `zip-entry-bytes>${8 * MiB}`,
      reason: 'the zip entry big.csv expands to 1 GiB, over the document limit of 8 MiB (INGEST_MAX_DOCUMENT_BYTES): refused unexpanded',
    });
  });

  it('refuses a zip bomb: a few MB of zeros deflated, expanding about a thousand times', () => {
    const bomb = zipSync({ 'zeros.csv': new Uint8Array(6 * MiB) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    const read = openArchive(bomb, LIMITS, keepAll);
    expect(read).toMatchObject({ kind: 'refused', rule: 'zip-ratio>100' });
    expect(read.kind === 'refused' && read.reason).toMatch(
      /^the zip entry zeros\.csv expands \d+ times \(.* to 6 MiB\), over the limit of 100/,
    );
  });

  it('refuses an archive whose members together expand past the archive limit', () => {
    const part = () => randomBytes(6 * MiB);
    const read = openArchive(zipSync({ 'a.bin': part(), 'b.bin': part(), 'c.bin': part() }, { level: 0 }), LIMITS, keepAll);
    expect(read).toMatchObject({ kind: 'refused', rule: `zip-total-bytes>${16 * MiB}` });
  });

  it('refuses a bomb that declares a small size, having expanded it no further than that size', () => {
    const liar = patchDirectory(zipSync({ 'zeros.csv': new Uint8Array(6 * MiB) }, { level: 9 }), 0, 24, 1000);
    expect(openArchive(liar, LIMITS, keepAll)).toEqual({
      kind: 'refused',
      rule: 'zip-entry-beyond-declared-size',
      reason: 'the zip entry zeros.csv expands beyond the 1000 bytes its header declares: refused as a zip bomb, expanded no further',
    });
  });

  it('finds an archive unreadable when a member is shorter than declared, fails its CRC-32, or is cut off', () => {
    const archive = zipSync({ 'a.csv': strToU8('SYMBOL\nRELIANCE\n'.repeat(50)) });
    expect(openArchive(patchDirectory(archive, 0, 24, 2000), LIMITS, keepAll)).toEqual({
      kind: 'unreadable',
      message: 'a.csv is 800 bytes, not the 2000 its header declares',
    });
    expect(openArchive(patchDirectory(archive, 0, 16, 12345), LIMITS, keepAll)).toEqual({
      kind: 'unreadable',
      message: 'a.csv fails its CRC-32 check',
    });
    expect(openArchive(archive.subarray(0, archive.length - 30), LIMITS, keepAll)).toMatchObject({ kind: 'unreadable' });
    expect(openArchive(strToU8('PK\u0003\u0004 but nothing else'), LIMITS, keepAll)).toMatchObject({ kind: 'unreadable' });
  });
});
