// The bot alone in a thread of its own, as in production: the stand-in and the simulated
// players run in the parent, so their work does not count against the bot's figures.
// An acknowledgement is timed from the interaction reaching the client (the gateway packet)
// to the moment its callback request leaves (handed to the HTTP client).
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { DefaultRestOptions } from 'discord.js';
import { GameClock, startBot } from '../bot/harness.js';

const { apiBase, token, dbPath } = workerData as { apiBase: string; token: string; dbPath: string };
const arrived = new Map<string, number>();
const bot = await startBot({ apiBase, token }, dbPath, new GameClock(), { editIntervalMs: 1000 }, {
  makeRequest: (url, init) => {
    const m = /\/interactions\/(\d+)\/[^/]+\/callback/.exec(url);
    const t0 = m && arrived.get(m[1]);
    if (m && t0 !== undefined && t0 !== null) {
      arrived.delete(m[1]);
      parentPort!.postMessage({ ack: performance.now() - t0 });
    }
    return DefaultRestOptions.makeRequest(url, init);
  },
});
bot.client.on('raw', (packet: { t?: string; d?: { id?: string } }) => {
  if (packet.t === 'INTERACTION_CREATE' && packet.d?.id) arrived.set(packet.d.id, performance.now());
});
parentPort!.postMessage({ ready: true });
parentPort!.on('message', async (m: { stop?: boolean }) => {
  if (m.stop) {
    await bot.stop();
    parentPort!.postMessage({ stopped: true });
  }
});
