import { createRequire } from 'node:module';
import type Koffi from 'koffi';

/**
 * glibc's `malloc_trim(0)`, run on a thread of libuv's pool: gives back to the system the free
 * pages inside the C heap's arenas, which `free` keeps. Resolves to whether any memory was
 * given back.
 */
export type TrimFreeMemory = () => Promise<boolean>;

let bound: TrimFreeMemory | null | undefined;

/** `malloc_trim` through koffi, bound once; undefined where there is no glibc (macOS, Windows, musl) or the FFI cannot load. */
export function mallocTrim(): TrimFreeMemory | undefined {
  if (bound === undefined) bound = process.platform === 'linux' ? bind() : null;
  return bound ?? undefined;
}

function bind(): TrimFreeMemory | null {
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    return () =>
      new Promise<boolean>((resolve, reject) => {
        trim.async(0, (error: unknown, released: unknown) => {
          if (error) reject(error instanceof Error ? error : new Error('malloc_trim failed'));
          else resolve(released === 1);
        });
      });
  } catch {
    return null; // no glibc (musl's libc is not libc.so.6), or no koffi build for this platform
  }
}

export interface FreeMemoryReturner {
  stop(): void;
}

/**
 * Returns the C heap's free memory to the system every `everyMs` (docs/database.md#memory).
 * The engine's compilation and a parse thread's work leave tens of megabytes free but resident
 * in glibc's arenas after an ingest; `free` returns only what lies at an arena's top. The FFI
 * is loaded at the first turn, off the way to the service's first answer; where there is no
 * glibc the timer ends there.
 */
export function startReturningFreeMemory(everyMs: number, trimmer: () => TrimFreeMemory | undefined = mallocTrim): FreeMemoryReturner {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    const trim = trimmer();
    if (!trim) {
      clearInterval(timer);
      return;
    }
    running = true;
    trim()
      .catch(() => false)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
