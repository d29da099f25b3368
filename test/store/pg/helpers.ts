// The PostgreSQL store's tests: a fresh database on the run's throwaway server for each open.
import { randomInt } from 'node:crypto';
import type { Setup } from '../../../src/engine/index.js';
import { logger } from '../../../src/log.js';
import type { Committed } from '../../../src/store/commit.js';
import { startGame } from '../../../src/store/replay.js';
import { encodeSnapshot } from '../../../src/store/snapshot.js';
import { openPostgres, type PgConnection } from '../../../src/store/pg/connection.js';
import type { PgCommitContext } from '../../../src/store/pg/commit.js';
import { pgGamesRepo } from '../../../src/store/pg/games-repo.js';
import { pgDatabase } from '../../support/pg-database.js';

export const quiet = logger.child({}, { level: 'silent' });

const open: PgConnection[] = [];

/** A new empty database, migrated. */
export async function openPg(url?: string): Promise<PgConnection> {
  const conn = await openPostgres(url ?? (await pgDatabase()), { logger: quiet });
  open.push(conn);
  return conn;
}

/** For afterEach. */
export async function closeAllPg(): Promise<void> {
  for (const c of open.splice(0)) await c.close();
}

export function commitContext(conn: PgConnection): PgCommitContext {
  return { db: conn.db, live: new Map(), log: quiet, onBroken: () => {} };
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
