// The containers' health checks in docker-compose.yml (docs/deployment.md); exits 0 when healthy.
//   node scripts/healthcheck.mjs http <url>          the API answers below 500
//   node scripts/healthcheck.mjs connected <port>... this container holds an open TCP
//                                                    connection to each port
// The projector and the ingest workers serve no HTTP. What shows one of them at work is the
// long-lived connection it holds: the projector's subscription to the event store, a worker's
// membership of the bus's consumer group. A process that has exited needs no check (its
// container stops and is restarted); this finds one that lives on without its server.
/* global fetch, AbortSignal -- Node's own, as in a browser */
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const ESTABLISHED = '01';

/**
 * The remote ports of the established connections in a /proc/net/tcp or tcp6 table:
 * `sl local_address rem_address st ...`, addresses as hex `ADDRESS:PORT`.
 * @param {string} table
 * @returns {Set<number>}
 */
export function establishedRemotePorts(table) {
  /** @type {Set<number>} */
  const ports = new Set();
  for (const line of table.split('\n').slice(1)) {
    const [, , remote, state] = line.trim().split(/\s+/);
    const port = remote?.split(':')[1];
    if (state === ESTABLISHED && port) ports.add(Number.parseInt(port, 16));
  }
  return ports;
}

/**
 * Whether an answer of GET /health means the API is up: 200 whether `ok` or `degraded`
 * (ingesting, or the read tables lagging: normal while documents arrive), 5xx when it cannot
 * serve (docs/operations.md).
 * @param {number} status
 */
export const isUp = (status) => status < 500;

/** @param {string} url */
async function checkHttp(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(4_000) });
  return isUp(response.status);
}

/** @param {readonly number[]} wanted */
function checkConnected(wanted) {
  // The tables are this container's own: a network namespace shows only its connections.
  const tables = ['/proc/net/tcp', '/proc/net/tcp6'].map((file) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  });
  const open = new Set(tables.flatMap((table) => [...establishedRemotePorts(table)]));
  return wanted.every((port) => open.has(port));
}

async function main() {
  const [kind, ...args] = process.argv.slice(2);
  const ports = args.map(Number);
  if (kind === 'http' && args.length === 1) return checkHttp(args[0] ?? '');
  if (kind === 'connected' && ports.length > 0 && ports.every((port) => Number.isInteger(port) && port > 0)) return checkConnected(ports);
  process.stderr.write('usage: node scripts/healthcheck.mjs http <url> | connected <port>...\n');
  process.exit(2);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (healthy) => process.exit(healthy ? 0 : 1),
    (error) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    },
  );
}
