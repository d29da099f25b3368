// Store figures for `npm run bench` (README: commands for checks and tools). Runs on a real file in a temp folder with the
// production settings (WAL, synchronous=FULL), so the latency includes the fsync of every commit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { apply, type GameState } from '../engine/index.js';
import { seedRng } from '../engine/rng.js';
import { gameSeed, randomAction } from '../sim/random-play.js';
import { encodeSnapshot } from './snapshot.js';
import { gamesStatements } from './sqlite/games-repo.js';
import { startGame } from './replay.js';
import { sqliteConnection } from './sqlite.js';
import { GameStore } from './store.js';

type Figures = Record<string, { value: number; unit: string }>;

const PLAYERS = [
  { userId: '100000000000000001', name: 'Player A' },
  { userId: '100000000000000002', name: 'Player B' },
  { userId: '100000000000000003', name: 'Player C' },
  { userId: '100000000000000004', name: 'Player D' },
  { userId: '100000000000000005', name: 'Player E' },
];
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const silent = { level: 'silent' } as const;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Plays whole 5-player games through GameStore.submit, timing each call until its commit resolves. */
async function persistedActions(dir: string, games: number) {
  const file = path.join(dir, 'latency.db');
  const pino = (await import('pino')).default;
  const store = await GameStore.open({ path: file, logger: pino(silent) });
  const emptyBytes = fileBytes(store);
  const latencies: number[] = [];
  for (let i = 0; i < games; i++) {
    const g = await store.createGame({ guildId: 'bench', channelId: `c${i}`, seats: PLAYERS, seed: gameSeed(7, i) });
    const rng = seedRng(gameSeed(7, i) ^ 0x5bd1e995);
    let state: GameState = g.state;
    while (!state.result) {
      const a = randomAction(state, rng);
      const t = performance.now();
      const r = await store.submit(g.gameId, a);
      latencies.push(performance.now() - t);
      if (!r.ok) throw new Error(`bench: legal action refused: ${r.reason}`);
      state = r.state;
    }
  }
  const perGame = (fileBytes(store) - emptyBytes) / games;
  const actionsPerGame = latencies.length / games;
  await store.close();
  latencies.sort((a, b) => a - b);
  return { p99: quantile(latencies, 0.99), p50: quantile(latencies, 0.5), perGame, actionsPerGame };
}

/** Bytes the database needs, after moving the WAL into it and dropping free pages. */
function fileBytes(store: GameStore): number {
  const conn = sqliteConnection(store.backend);
  conn.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  conn.sqlite.exec('VACUUM');
  conn.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  return fs.statSync(conn.path).size;
}

/** The timers of the bench's games. */
const TIMERS = { decisionMs: 60_000, windowMs: 8_000 };

/**
 * Seed `seed`'s random game (gameSeed(11, seed)) played `actions` actions on from its start, one a
 * second from `t0`, with the log rows a store keeps of them; null if it ended before: the recovery
 * benches (SQLite here, PostgreSQL in test/bench/pg-bench.ts) write such games in bulk.
 */
export function unfinishedGame(seed: number, actions: number, players: string[], t0: number) {
  const setup = { seed: gameSeed(11, seed), players };
  const start = startGame({ setup, ...TIMERS, createdAt: t0 });
  const rng = seedRng(setup.seed);
  let state = start.state;
  const rows: { version: number; seat: number | null; action: string; at: number }[] = [];
  for (let v = 1; v <= actions && !state.result; v++) {
    const a = randomAction(state, rng);
    const r = apply(state, a, { now: t0 + v * 1000, ...TIMERS });
    if (!r.ok) throw new Error(r.reason);
    rows.push({ version: v, seat: (a as { seat?: number }).seat ?? null, action: JSON.stringify(a), at: t0 + v * 1000 });
    state = r.state;
  }
  return state.result ? null : { setup, timers: TIMERS, start, state, rows };
}

/**
 * Writes `games` unfinished games of exactly `actions` actions each, the rows the commit path would
 * write, in one transaction (the commit path would take minutes for 200,000 fsyncs), then times a
 * start-up: open, migrate check, and recovery of every game.
 */
async function recovery(dir: string, games: number, actions: number) {
  const file = path.join(dir, 'recovery.db');
  const pino = (await import('pino')).default;
  const filler = await GameStore.open({ path: file, logger: pino(silent) });
  // SQLite's own statements in one transaction: a filler of the file, not the store's path.
  const conn = sqliteConnection(filler.backend);
  const repo = gamesStatements(conn.db);
  const t0 = 1_700_000_000_000;
  conn.db.transaction(() => {
    let written = 0;
    for (let seed = 0; written < games; seed++) {
      const g = unfinishedGame(seed, actions, PLAYERS.map((p) => p.name), t0);
      if (!g) continue; // a game that ended early is not an unfinished game
      const { setup, timers, start, state, rows } = g;
      const id = repo.insertGame({
        guildId: 'bench',
        channelId: `c${seed}`,
        setup,
        options: state.options,
        ...timers,
        snapshot: encodeSnapshot(start.state),
        deadline: null,
        createdAt: t0,
        seats: PLAYERS,
      });
      for (const row of rows) repo.appendAction(id, row);
      repo.updateSnapshot({
        id,
        fromVersion: 0,
        version: state.version,
        snapshot: encodeSnapshot(state),
        deadline: state.pending?.deadline ?? null,
        status: 'active',
        updatedAt: t0 + actions * 1000,
        finishedAt: null,
      });
      written++;
    }
  });
  await filler.close();

  // Best of three start-ups: the first also pays for reading the file into the page cache.
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const store = await GameStore.open({ path: file, logger: pino(silent) });
    const ms = performance.now() - t;
    const n = store.recovery.recovered.length;
    if (n !== games || store.recovery.broken.length) throw new Error(`bench: recovered ${n} of ${games}, ${store.recovery.broken.length} broken`);
    await store.close();
    best = Math.min(best, ms);
  }
  return { gamesPerSecond: games / (best / 1000) };
}

export async function storeBenchmarks(): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fengsheng-bench-'));
  try {
    const lat = await persistedActions(dir, 20);
    const rec = await recovery(dir, 2000, 100);
    return {
      persistedActionP99Ms: { value: round(lat.p99, 3), unit: 'ms (target <= 2)' },
      persistedActionP50Ms: { value: round(lat.p50, 3), unit: 'ms' },
      recoverGamesPerSecond: { value: Math.round(rec.gamesPerSecond), unit: 'games of 100 actions/s (target >= 2000)' },
      bytesPerStoredGame: { value: Math.round(lat.perGame), unit: `bytes per finished 5-player game (${Math.round(lat.actionsPerGame)} actions)` },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
