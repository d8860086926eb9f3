// src/runtime/snapshot: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { parseSnapshotArguments, SNAPSHOT_USAGE } from './snapshot-arguments.ts';
export { writeSnapshots } from './write-snapshots.ts';
