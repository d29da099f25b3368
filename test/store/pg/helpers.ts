// The PostgreSQL store's tests: a fresh database on the run's throwaway server for each open; and for
// the tests that run on both backends, a new empty store of either kind with a way to read its rows.
import { randomInt } from 'node:crypto';
import type { Setup } from '../../../src/engine/index.js';
import { logger } from '../../../src/log.js';
import type { Committed } from '../../../src/store/commit.js';
import { startGame } from '../../../src/store/replay.js';
import { encodeSnapshot } from '../../../src/store/snapshot.js';
import { openPostgres, type PgConnection } from '../../../src/store/pg/connection.js';
import fs from 'node:fs';
import path from 'node:path';
import type { StoreBackend } from '../../../src/store/backend.js';
import type { AsyncCommitContext } from '../../../src/store/commit-async.js';
import { PgBackend } from '../../../src/store/pg/backend.js';
import { pgGamesRepo } from '../../../src/store/pg/games-repo.js';
import { SqliteBackend } from '../../../src/store/sqlite.js';
import { pgDatabase } from '../../support/pg-database.js';
import { tempDir } from '../helpers.js';

export const quiet = logger.child({}, { level: 'silent' });

const open: PgConnection[] = [];

/** A new empty database, migrated. */
export async function openPg(url?: string): Promise<PgConnection> {
  const conn = await openPostgres(url ?? (await pgDatabase()), { logger: quiet });
  open.push(conn);
  return conn;
}

const closers: (() => Promise<void>)[] = [];

/** For afterEach. */
export async function closeAllPg(): Promise<void> {
  for (const c of open.splice(0)) await c.close();
  for (const c of closers.splice(0)) await c();
}

export function commitContext(conn: PgConnection | StoreBackend): AsyncCommitContext {
  const backend = 'repos' in conn ? conn : new PgBackend(conn);
  return { backend, live: new Map(), log: quiet, onBroken: () => {} };
}

export type BackendKind = 'sqlite' | 'postgres';
export const BACKENDS: BackendKind[] = ['sqlite', 'postgres'];

/** A new, empty, migrated store of either kind, closed by closeAllPg; `rows` reads a table behind it. */
export async function openBackend(kind: BackendKind): Promise<{ backend: StoreBackend; rows: (sql: string) => Promise<Record<string, unknown>[]> }> {
  if (kind === 'postgres') {
    const conn = await openPg();
    return { backend: new PgBackend(conn), rows: async (q) => (await conn.pool.query(q)).rows };
  }
  const dir = tempDir();
  const b = SqliteBackend.open(path.join(dir, 'g.db'), { checkpointWorker: false, logger: quiet });
  closers.push(async () => {
    await b.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { backend: b, rows: async (q) => b.conn.sqlite.prepare(q).all() as Record<string, unknown>[] };
}

/** What GameStore.createGame stores, on any backend. */
export async function createGameOn(
  backend: StoreBackend,
  input: { guildId?: string; channelId?: string; seats: { userId: string | null; name: string }[]; seed?: number; now: number },
): Promise<Committed> {
  const setup = JSON.parse(JSON.stringify({ seed: input.seed ?? randomInt(2 ** 31), players: input.seats.map((s) => s.name) })) as Setup;
  const { state, events } = startGame({ setup, decisionMs: 60_000, windowMs: 8_000, createdAt: input.now });
  const gameId = await backend.transaction((tx) =>
    tx.games.insertGame({ guildId: input.guildId ?? 'g', channelId: input.channelId ?? 'c', setup, options: state.options, decisionMs: 60_000, windowMs: 8_000, snapshot: encodeSnapshot(state), deadline: state.pending?.deadline ?? null, createdAt: input.now, seats: input.seats }),
  );
  return { ok: true, gameId, version: 0, action: null, state, events, finished: false, at: input.now };
}

/** What GameStore.createGame stores, on PostgreSQL. */
export async function createPgGame(
  conn: PgConnection,
  input: { guildId?: string; channelId?: string; seats: { userId: string | null; name: string }[]; seed?: number; decisionMs?: number | null; windowMs?: number; now: number },
): Promise<Committed> {
  const setup = JSON.parse(JSON.stringify({ seed: input.seed ?? randomInt(2 ** 31), players: input.seats.map((s) => s.name) })) as Setup;
  const decisionMs = input.decisionMs !== undefined ? input.decisionMs : 60_000;
  const windowMs = input.windowMs ?? 8_000;
  const { state, events } = startGame({ setup, decisionMs, windowMs, createdAt: input.now });
  const gameId = await conn.db.transaction((tx) =>
    pgGamesRepo(tx).insertGame({
      guildId: input.guildId ?? 'g',
      channelId: input.channelId ?? 'c',
      setup,
      options: state.options,
      decisionMs,
      windowMs,
      snapshot: encodeSnapshot(state),
      deadline: state.pending?.deadline ?? null,
      createdAt: input.now,
      seats: input.seats,
    }),
  );
  return { ok: true, gameId, version: 0, action: null, state, events, finished: false, at: input.now };
}

/** Two connections (two processes' backends) to one new SQLite file, and how to close them and remove it. */
export function twoSqliteBackends(): { a: SqliteBackend; b: SqliteBackend; close: () => Promise<void> } {
  const dir = tempDir();
  const file = path.join(dir, 'g.db');
  const a = SqliteBackend.open(file, { checkpointWorker: false, logger: quiet });
  const b = SqliteBackend.open(file, { checkpointWorker: false, logger: quiet });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
