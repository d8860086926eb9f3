import { startExchangeReplay } from './index.ts';

/**
 * `npx tsx test/support/exchange-replay/main.ts [--port N]`: starts the replay and prints its
 * base URLs as environment lines, then serves until interrupted.
 */
const portFlag = process.argv.indexOf('--port');
const port = portFlag >= 0 ? Number(process.argv[portFlag + 1]) : 0;
if (!Number.isInteger(port) || port < 0) {
  console.error('usage: main.ts [--port N]');
  process.exit(2);
}
const replay = await startExchangeReplay({ port });
for (const [name, url] of Object.entries(replay.urls)) console.log(`${name}=${url}`);
const stop = () => void replay.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
