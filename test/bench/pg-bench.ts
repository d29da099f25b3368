// The PostgreSQL store's figures for `npm run bench`: against a throwaway server the bench starts
// (test/support/postgres.ts) with fsync on, as a deployment runs it, on a unix socket of this machine.
// Managed PostgreSQL adds a network round trip to each statement: docs/scaling.md.
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import type { GameState } from '../../src/engine/index.js';
import { seedRng } from '../../src/engine/rng.js';
import { gameSeed, randomAction } from '../../src/sim/random-play.js';
import { openPostgres, type PgConnection } from '../../src/store/pg/connection.js';
import { applyAndCommitAsync, type AsyncCommitContext } from '../../src/store/commit-async.js';
import { pgGamesRepo } from '../../src/store/pg/games-repo.js';
import { PgBackend } from '../../src/store/pg/backend.js';
import { recoverGames } from '../../src/store/recovery.js';
import { actions as actionsTable, games as gamesTable, seats as seatsTable } from '../../src/store/pg/schema.js';
import { startGame } from '../../src/store/replay.js';
import { encodeSnapshot } from '../../src/store/snapshot.js';
import { unfinishedGame } from '../../src/store/bench.js';
import { ENGINE_VERSION } from '../../src/engine/index.js';
import { startPostgres } from '../support/postgres.js';

type Figures = Record<string, { value: number; unit: string }>;
const silent = pino({ level: 'silent' });
const PLAYERS = [1, 2, 3, 4, 5].map((i) => ({ userId: `10000000000000000${i}`, name: `Player ${i}` }));
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Whole 5-player games, each commit timed until it resolves (the row lock, one transaction each). */
async function persistedActions(conn: PgConnection, games: number) {
  const ctx: AsyncCommitContext = { backend: new PgBackend(conn), live: new Map(), log: silent, onBroken: () => {} };
  const latencies: number[] = [];
  const t0 = 1_700_000_000_000;
  for (let i = 0; i < games; i++) {
    const setup = { seed: gameSeed(7, i), players: PLAYERS.map((p) => p.name) };
    const { state: first } = startGame({ setup, decisionMs: 60_000, windowMs: 8_000, createdAt: t0 });
    const id = await conn.db.transaction((tx) =>
      pgGamesRepo(tx).insertGame({ guildId: 'bench', channelId: `c${i}`, setup, options: first.options, decisionMs: 60_000, windowMs: 8_000, snapshot: encodeSnapshot(first), deadline: first.pending?.deadline ?? null, createdAt: t0, seats: PLAYERS }),
    );
    const rng = seedRng(gameSeed(7, i) ^ 0x5bd1e995);
    let state: GameState = first;
    while (!state.result) {
      const a = randomAction(state, rng);
      const t = performance.now();
      const r = await applyAndCommitAsync(ctx, id, a, t0);
      latencies.push(performance.now() - t);
      if (!r.ok) throw new Error(`bench: legal action refused: ${r.reason}`);
      state = r.state;
    }
  }
  latencies.sort((a, b) => a - b);
  return { p99: quantile(latencies, 0.99), p50: quantile(latencies, 0.5), commits: latencies.length };
}

/** `games` unfinished games of `actions` actions each, written in bulk, then start-ups timed (best of three). */
async function recovery(conn: PgConnection, url: string, games: number, actions: number) {
  const t0 = 1_700_000_000_000;
  let written = 0;
  for (let seed = 0; written < games; seed++) {
    const g = unfinishedGame(seed, actions, PLAYERS.map((p) => p.name), t0);
    if (!g) continue;
    const { setup, timers, state, rows } = g;
    await conn.db.transaction(async (tx) => {
      const [{ id }] = await tx
        .insert(gamesTable)
        .values({ guildId: 'bench', channelId: `c${seed}`, setup: JSON.stringify(setup), options: JSON.stringify(state.options), ...timers, engineVersion: ENGINE_VERSION, snapshot: encodeSnapshot(state), version: state.version, snapshotVersion: state.version, deadline: state.pending?.deadline ?? null, createdAt: t0, updatedAt: t0 })
        .returning({ id: gamesTable.id });
      await tx.insert(seatsTable).values(PLAYERS.map((p, seat) => ({ gameId: id, seat, userId: p.userId, name: p.name })));
      await tx.insert(actionsTable).values(rows.map((r) => ({ gameId: id, ...r })));
    });
    written++;
  }
  await conn.pool.query('VACUUM ANALYZE');
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const c = await openPostgres(url, { logger: silent });
    const { report } = await recoverGames(new PgBackend(c), silent, t0);
    const ms = performance.now() - t;
    await c.close();
    if (report.recovered.length !== games || report.broken.length) throw new Error(`bench: recovered ${report.recovered.length} of ${games}, ${report.broken.length} broken`);
    best = Math.min(best, ms);
  }
  return { gamesPerSecond: games / (best / 1000) };
}

export async function postgresBenchmarks(opts: { games?: number; recoverGames?: number } = {}): Promise<Figures> {
  const server = startPostgres({ fsync: true });
  try {
    const latUrl = await server.createDatabase('bench_latency');
    const lat = await (async () => {
      const c = await openPostgres(latUrl, { logger: silent });
      try {
        return await persistedActions(c, opts.games ?? 4);
      } finally {
        await c.close();
      }
    })();
    const recUrl = await server.createDatabase('bench_recovery');
    const c = await openPostgres(recUrl, { logger: silent });
    let rec: Awaited<ReturnType<typeof recovery>>;
    try {
      rec = await recovery(c, recUrl, opts.recoverGames ?? 1000, 100);
    } finally {
      await c.close();
    }
    return {
      postgresPersistedActionP99Ms: { value: round(lat.p99, 3), unit: `ms (PostgreSQL on a local unix socket, fsync on; ${lat.commits} commits)` },
      postgresPersistedActionP50Ms: { value: round(lat.p50, 3), unit: 'ms' },
      postgresRecoverGamesPerSecond: { value: Math.round(rec.gamesPerSecond), unit: 'games of 100 actions/s (PostgreSQL, open + recover)' },
    };
  } finally {
    server.stop();
  }
}

// `node --import tsx test/bench/pg-bench.ts`: the PostgreSQL figures alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(JSON.stringify(await postgresBenchmarks()) + '\n');
}
