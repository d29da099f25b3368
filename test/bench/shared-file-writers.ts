// One of several processes committing random 5-player games into one SQLite file for a while, as
// shards do (docs/scaling.md). Run two at once on the same file:
//   npx tsx test/bench/shared-file-writers.ts FILE 0 2 5000 & npx tsx test/bench/shared-file-writers.ts FILE 1 2 5000
// Prints {id, commits, perSecond, p50, p99} (milliseconds from submit to its commit).
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { seedRng } from '../../src/engine/rng.js';
import { gameSeed, randomAction } from '../../src/sim/random-play.js';
import { GameStore } from '../../src/store/index.js';

const [file, idText, countText, msText] = process.argv.slice(2);
const id = Number(idText);
const count = Number(countText);
const ms = Number(msText);
const store = await GameStore.open({ path: file, logger: pino({ level: 'silent' }), shard: { id, count } });
const players = [1, 2, 3, 4, 5].map((k) => ({ userId: `10000000000000000${k}`, name: `P${k}` }));
// A guild id of this writer's shard.
const guild = ((((BigInt(Date.now()) << 22n) / BigInt(count)) * BigInt(count)) + (BigInt(id) << 22n)).toString();
const latencies: number[] = [];
const end = performance.now() + ms;
for (let i = 0; performance.now() < end; i++) {
  const g = store.createGame({ guildId: guild, channelId: `c${id}-${i}`, seats: players, seed: gameSeed(id + 1, i) });
  const rng = seedRng(gameSeed(id + 1, i));
  let state = g.state;
  while (!state.result && performance.now() < end) {
    const t = performance.now();
    const r = await store.submit(g.gameId, randomAction(state, rng));
    latencies.push(performance.now() - t);
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
  }
}
latencies.sort((a, b) => a - b);
const q = (p: number) => Math.round(latencies[Math.floor(latencies.length * p)] * 1000) / 1000;
console.log(JSON.stringify({ id, commits: latencies.length, perSecond: Math.round(latencies.length / (ms / 1000)), p50: q(0.5), p99: q(0.99) }));
await store.close();
