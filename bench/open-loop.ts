/**
 * An open-loop read load: requests sent on a fixed schedule whatever is still in flight, so
 * a slow answer delays none of the requests after it and its wait is measured rather than
 * hidden (a closed loop would send fewer requests exactly when the service is slow).
 */

/** One request of the load; `label` groups its latency in the result. */
export interface ProbeRequest {
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly label?: string;
}

export interface OpenLoopResult {
  /** Milliseconds from sending to the whole body read, of every answered request. */
  readonly latencies: number[];
  /** The same, by the requests' labels. */
  readonly byLabel: Map<string, number[]>;
  /** Requests with no answer (refused, reset, or none within 30 s). */
  readonly failures: number;
  /** Answered requests by HTTP status. */
  readonly statuses: Map<number, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `next(i)` every `everyMs` (the i-th at start + i × everyMs) until `done` settles,
 * then waits for the requests in flight. Any answer counts as answered, whatever its status.
 */
export async function openLoop(next: (i: number) => ProbeRequest, everyMs: number, done: Promise<unknown>): Promise<OpenLoopResult> {
  const latencies: number[] = [];
  const byLabel = new Map<string, number[]>();
  const statuses = new Map<number, number>();
  let failures = 0;
  const inFlight: Promise<void>[] = [];
  let finished = false;
  void done.then(
    () => (finished = true),
    () => (finished = true),
  );
  const started = performance.now();
  for (let i = 0; !finished; i += 1) {
    const request = next(i);
    const sent = performance.now();
    inFlight.push(
      fetch(request.url, { headers: request.headers ?? {}, signal: AbortSignal.timeout(30_000) })
        .then(async (response) => {
          await response.arrayBuffer();
          return response;
        })
        .then(
          (response) => {
            const ms = performance.now() - sent;
            latencies.push(ms);
            const label = request.label ?? request.url;
            const same = byLabel.get(label);
            if (same) same.push(ms);
            else byLabel.set(label, [ms]);
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          },
          () => void (failures += 1),
        ),
    );
    await sleep(Math.max(0, started + (i + 1) * everyMs - performance.now()));
  }
  await Promise.all(inFlight);
  return { latencies, byLabel, failures, statuses };
}
