/**
 * Loaded into a service process by a benchmark (`--import`): measures the process's own
 * event-loop delay with monitorEventLoopDelay (10 ms resolution) and writes the worst, the
 * 99th percentile and the mean to EVENT_LOOP_PROBE_FILE every second and at exit. SIGUSR2
 * starts the measurement afresh, so start-up is left out.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const write = () =>
    writeFileSync(
      file,
      JSON.stringify({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6, meanMs: delay.mean / 1e6, samples: delay.count }),
    );
  process.on('SIGUSR2', () => delay.reset());
  setInterval(write, 1000).unref();
  process.on('exit', write);
}
