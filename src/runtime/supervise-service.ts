import type { RunningService } from '#runtime/start-service';

/**
 * Stops the service cleanly on SIGINT or SIGTERM (a second signal exits at once), and
 * exits non-zero if the projector fails, so a supervisor restarts the process instead of
 * leaving an API whose read tables no longer move. Given the service still starting, it
 * listens for the signals at once: one that comes during the start (a first start answers
 * /health while it is still starting) stops the service as soon as it has started, instead
 * of killing the process with the database open. A start that fails is the caller's to
 * report; a signal during it then exits 1.
 */
export function superviseService(starting: RunningService | Promise<RunningService>): void {
  const service = Promise.resolve(starting);
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) process.exit(1);
    stopping = true;
    service
      .then((running) => running.stop())
      .then(
        () => process.exit(code),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
  service.then(
    (running) => running.projectorDone.catch(() => stop(1)),
    () => undefined,
  );
}
