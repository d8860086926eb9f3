import type { SnapshotManifest } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import type { SnapshotTarget } from './snapshot-arguments.ts';
import { type EarlierSnapshot, type SnapshotPlan, writeSnapshot } from './write-snapshot.ts';

/**
 * Writes a snapshot per target in order (one, or one per month end), each reusing the files of
 * the one before whose rows did not change between the two instants (`writeSnapshot`).
 */
export async function writeSnapshots(
  db: SqlExecutor,
  targets: readonly SnapshotTarget[],
  plan: Omit<SnapshotPlan, 'dir' | 'asOf' | 'earlier'>,
): Promise<SnapshotManifest[]> {
  const manifests: SnapshotManifest[] = [];
  let earlier: EarlierSnapshot | undefined;
  for (const target of targets) {
    const manifest = await writeSnapshot(db, { ...plan, ...target, earlier });
    manifests.push(manifest);
    earlier = { dir: target.dir, manifest };
  }
  return manifests;
}
