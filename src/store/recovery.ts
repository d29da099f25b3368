// Start-up: every unfinished game is rebuilt from its setup and its log and must come out exactly as
// its stored snapshot. A game that does not is marked broken with the reason, never resumed from a
// state nobody can vouch for; the other games go on.
import type { GameState, Setup } from '../engine/index.js';
import type { Logger } from '../log.js';
import type { LiveGame } from './commit.js';
import type { Connection } from './connection.js';
import type { GameHead, GamesRepo } from './games-repo.js';
import { firstDifference, replay, type LoggedAction } from './replay.js';
import { snapshotText, snapshotTextOf } from './snapshot.js';

export interface RecoveredGame {
  gameId: number;
  guildId: string;
  channelId: string;
  version: number;
  /** Absolute time the pending decision runs out, if it has a timer. */
  deadline: number | null;
}

export interface BrokenGame {
  gameId: number;
  guildId: string;
  channelId: string;
  reason: string;
}

export interface RecoveryReport {
  recovered: RecoveredGame[];
  broken: BrokenGame[];
  actionsReplayed: number;
  ms: number;
}

type GameRowRaw = [id: number, guildId: string, channelId: string, setup: string, decisionMs: number | null, createdAt: number, version: number, snapshot: Buffer];
type ActionRowRaw = [gameId: number, version: number, seat: number | null, action: string, at: number];

/** Replays one game and compares; returns the live state, or the reason it cannot be trusted. */
export function verifyGame(
  origin: { setup: Setup; decisionMs: number | null; createdAt: number },
  version: number,
  snapshot: Uint8Array,
  log: LoggedAction[],
): { ok: true; state: GameState } | { ok: false; reason: string } {
  let stored: string;
  try {
    stored = snapshotTextOf(snapshot);
  } catch (err) {
    return { ok: false, reason: `stored snapshot cannot be decoded: ${(err as Error).message}` };
  }
  const r = replay(origin, log);
  if (!r.ok) return { ok: false, reason: r.reason };
  if (r.state.version !== version)
    return { ok: false, reason: `the log replays to version ${r.state.version}, the game row says ${version}` };
  const replayed = snapshotText(r.state);
  if (replayed !== stored) {
    let where = 'unknown place';
    try {
      where = firstDifference(JSON.parse(replayed), JSON.parse(stored)) ?? where;
    } catch {
      where = 'the stored snapshot is not JSON';
    }
    return { ok: false, reason: `replaying ${log.length} actions does not give the stored snapshot (${where})` };
  }
  return { ok: true, state: r.state };
}

/**
 * Reads with raw better-sqlite3 statements (arrays, no row objects) and one ordered pass over the
 * log of all active games: this is the path that must do thousands of games a second.
 */
export function recoverGames(conn: Connection, repo: GamesRepo, log: Logger, now: number): { report: RecoveryReport; live: Map<number, LiveGame> } {
  const started = performance.now();
  const gameRows = conn.sqlite
    .prepare(
      `SELECT id, guild_id, channel_id, setup, decision_ms, created_at, version, snapshot
         FROM games WHERE status = 'active' ORDER BY id`,
    )
    .raw()
    .all() as GameRowRaw[];
  const actionRows = conn.sqlite
    .prepare(
      `SELECT game_id, version, seat, action, at FROM actions
        WHERE game_id IN (SELECT id FROM games WHERE status = 'active')
        ORDER BY game_id, version`,
    )
    .raw()
    .iterate() as IterableIterator<ActionRowRaw>;

  const live = new Map<number, LiveGame>();
  const recovered: RecoveredGame[] = [];
  const broken: BrokenGame[] = [];
  let actionsReplayed = 0;
  let pendingRow: ActionRowRaw | undefined = actionRows.next().value;

  for (const [id, guildId, channelId, setupText, decisionMs, createdAt, version, snapshot] of gameRows) {
    const rows: LoggedAction[] = [];
    // Both queries are ordered by game id, so this game's log is the run of rows at the cursor.
    while (pendingRow && pendingRow[0] < id) pendingRow = actionRows.next().value;
    while (pendingRow && pendingRow[0] === id) {
      rows.push({ version: pendingRow[1], seat: pendingRow[2], action: pendingRow[3], at: pendingRow[4] });
      pendingRow = actionRows.next().value;
    }
    let setup: Setup;
    try {
      setup = JSON.parse(setupText) as Setup;
    } catch {
      broken.push({ gameId: id, guildId, channelId, reason: 'stored setup is not valid JSON' });
      continue;
    }
    const origin = { setup, decisionMs, createdAt };
    const v = verifyGame(origin, version, snapshot, rows);
    if (!v.ok) {
      broken.push({ gameId: id, guildId, channelId, reason: v.reason });
      continue;
    }
    actionsReplayed += rows.length;
    const head: GameHead = { status: 'active', version, decisionMs, createdAt, setup, guildId, channelId };
    live.set(id, { head, state: v.state, log: log.child({ gameId: id }) });
    recovered.push({ gameId: id, guildId, channelId, version, deadline: v.state.pending?.deadline ?? null });
  }

  if (broken.length) {
    conn.db.transaction(
      () => {
        for (const b of broken) repo.markBroken(b.gameId, b.reason, now);
      },
      { behavior: 'immediate' },
    );
    for (const b of broken) log.error({ gameId: b.gameId, channelId: b.channelId, reason: b.reason }, 'game marked broken at recovery');
  }
  const ms = performance.now() - started;
  log.info({ recovered: recovered.length, broken: broken.length, actionsReplayed, ms: Math.round(ms) }, 'recovered unfinished games');
  for (const g of recovered) log.debug({ gameId: g.gameId, version: g.version, deadline: g.deadline }, 'game resumed');
  return { report: { recovered, broken, actionsReplayed, ms }, live };
}
