import type { RunningService } from './start-service.ts';

/** Stops the service cleanly on SIGINT or SIGTERM; a second signal exits at once. */
export function stopOnSignal(service: RunningService): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    service.app?.log.info({ signal }, 'stopping');
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
