// src/ingest/bus: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { startKafkaBus } from './kafka/kafka-bus.ts';
export { openKafkajsLink } from './kafka/open-kafkajs-link.ts';
export { installPgBoss, type PgBossBusOptions, startPgBossBus } from './pg-boss-bus.ts';
export { countPendingJobs } from './pg-boss-pending.ts';
export { startReconciler, type StrandedDocument } from './reconcile.ts';
