/** Messages between the service and the thread that runs embedded PGlite (./client.ts, ./thread.ts). */

/** What the thread is started with (`workerData`). */
export interface ThreadStart {
  readonly dataDir: string | undefined;
  readonly sharedBuffers: string | undefined;
  readonly templateDir: string | undefined;
}

/** One statement (`begin`, `commit` and `rollback` among them), or the end of the engine. */
export type ThreadRequest =
  { readonly id: number; readonly text: string; readonly params: readonly unknown[] } | { readonly id: number; readonly close: true };

/** The error the engine raised, with the server's fields (SQLSTATE `code`, `constraint`, ...) that callers read. */
export interface ThreadError {
  readonly message: string;
  readonly fields: Readonly<Record<string, string | number>>;
}

export type ThreadReply =
  | { readonly id: number; readonly rows: readonly object[]; readonly rowCount: number }
  | { readonly id: number; readonly error: ThreadError }
  | { readonly ready: true; readonly migrated: boolean }
  | { readonly failed: ThreadError };

/** An error's own string and number fields, which survive the structured clone between threads. */
export function threadErrorOf(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: error.message, fields };
}
