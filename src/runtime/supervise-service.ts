import type { RunningService } from '#runtime/start-service';

/**
 * Stops the service cleanly on SIGINT or SIGTERM (a second signal exits at once), and
 * exits non-zero if the projector fails, so a supervisor restarts the process instead of
 * leaving an API whose read tables no longer move.
 */
export function superviseService(service: RunningService): void {
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) process.exit(1);
    stopping = true;
    service.stop().then(
      () => process.exit(code),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
  service.projectorDone.catch(() => stop(1));
}
