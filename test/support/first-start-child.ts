/**
 * `npm start`'s service in a child process, for killing or stopping during its first sample
 * ingest: starts it on the data folder argv[2] with the sample folder argv[3], supervised as
 * `npm start` is (SIGTERM stops it cleanly), prints "starting" once it is starting and
 * "part-way" once the sample ingest has parsed some documents and not finished, and runs
 * until killed or stopped.
 */
import { loadConfig } from '#platform/config/config';
import { readStep } from '#platform/db/service-steps';
import { SAMPLE_STEP } from '#runtime/sample-ingest';
import { startService } from '#runtime/start-service';
import { superviseService } from '#runtime/supervise-service';

const [dataDir, sampleDir] = process.argv.slice(2);
if (!dataDir || !sampleDir) throw new Error('usage: first-start-child.ts <data-dir> <sample-dir>');
const starting = startService(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', SAMPLE_DATA_DIR: sampleDir }), {
  api: true,
  projector: true,
  worker: true,
});
superviseService(starting);
// Told to stop, the database closes under the watch below: its failing then is no error.
let stopping = false;
process.once('SIGTERM', () => (stopping = true));
process.stdout.write('starting\n');
const service = await starting;

async function watchPartWay(): Promise<void> {
  while (!stopping) {
    const { rows } = await service.db.query<{ parsed: number }>(
      `select count(*)::int as parsed from es_events where event_type = 'DocumentParsed'`,
    );
    const step = await readStep(service.db, SAMPLE_STEP);
    if ((rows[0]?.parsed ?? 0) > 0 && step?.finishedAt === null) {
      process.stdout.write('part-way\n');
      return;
    }
    if (step?.finishedAt) throw new Error('the sample ingest finished before this child saw it part way');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
await watchPartWay().catch((error: unknown) => {
  if (!stopping) throw error;
});
