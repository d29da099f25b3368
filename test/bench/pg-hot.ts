// Where commits queue on PostgreSQL (issue 37, hot spots): `--games` live games on one server (fsync
// on, a unix socket), each committing its next move as soon as the last one is in, while what the bot
// does beside its commits runs on the same game rows: the ping bookkeeping after a decision changes
// hands (prefs.setPing), and every owed message marked sent (outbox.sent). The commits owe what the
// bot's owe (src/discord/outbound/owed.ts), so their outbox rows and their foreign keys are real.
// Prints commits a second and the commit's p50/p99 (submit → committed). Not part of `npm run bench`:
//
//   npx tsx test/bench/pg-hot.ts --games 200 --seconds 20
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { parseCommand } from '../../src/cli/args.js';
import { owes } from '../../src/discord/outbound/owed.js';
import { waitingOn, type GameState } from '../../src/engine/index.js';
import { seedRng } from '../../src/engine/rng.js';
import { randomAction } from '../../src/sim/random-play.js';
import { GameStore } from '../../src/store/index.js';
import { startPostgres } from '../support/postgres.js';

const { values } = parseCommand({
  usage: 'npx tsx test/bench/pg-hot.ts',
  summary: 'Commits a second and commit latency on PostgreSQL with many games committing at once, beside the ping and outbox bookkeeping.',
  options: {
    games: { type: 'string', help: 'live games', value: 'N', default: '200', int: [1, 5000] },
    seconds: { type: 'string', help: 'how long to measure', value: 'S', default: '20', int: [1, 600] },
  } as const,
});

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const seats = [1, 2, 3, 4, 5].map((i) => ({ userId: `20000000000000000${i}`, name: `P${i}` }));

const server = startPostgres({ fsync: true });
let exitCode = 0;
try {
  const url = await server.createDatabase('hot');
  const store = await GameStore.open({ url, logger: pino({ level: 'silent' }), owes });
  const latencies: number[] = [];
  let side = 0;
  let stop = false;
  let seed = 1;
  const play = async (g: number) => {
    while (!stop) {
      const created = await store.createGame({ guildId: `${1_000_000_000_000 + g}`, channelId: `${2_000_000_000_000 + seed}`, seats, seed: seed++, decisionMs: 60_000 });
      const rng = seedRng(created.gameId * 7919);
      let state: GameState = created.state;
      let holder = "";
      while (!stop && !state.result) {
        const t = performance.now();
        const r = await store.submit(created.gameId, randomAction(state, rng)!);
        latencies.push(performance.now() - t);
        if (!r.ok) throw new Error(`a legal move was refused: ${r.reason}`);
        state = r.state;
        // Beside the commit, as the bot does it: the ping when the decision changes hands, the owed messages marked sent.
        const now = waitingOn(state).join(",");
        const work: Promise<unknown>[] = [];
        if (now !== holder) {
          holder = now;
          work.push(store.repos.prefs.setPing(created.gameId, { messageId: `${3_000_000_000_000 + r.version}`, key: `${r.version}:turn` }));
        }
        for (const row of await store.repos.outbox.owed(created.gameId)) work.push(store.repos.outbox.sent(row.id, null, Date.now()));
        side += work.length;
        void Promise.all(work);
      }
    }
  };
  const players = Array.from({ length: values.games }, (_, g) => play(g));
  // Warm up (every game created, its first DMs owed), then measure.
  await new Promise((r) => setTimeout(r, 3_000));
  latencies.length = 0;
  side = 0;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, values.seconds * 1000));
  const commits = latencies.length;
  const seconds = (performance.now() - t0) / 1000;
  stop = true;
  await Promise.all(players);
  const sorted = [...latencies].sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({ games: values.games, seconds: round(seconds, 1), commitsPerSecond: round(commits / seconds, 1), commitP50Ms: round(quantile(sorted, 0.5)), commitP99Ms: round(quantile(sorted, 0.99)), sideWritesPerSecond: round(side / seconds, 1) })}\n`,
  );
  await store.close();
} catch (err) {
  process.stderr.write(`${(err as Error).stack}\n`);
  exitCode = 1;
} finally {
  server.stop();
}
process.exit(exitCode);
