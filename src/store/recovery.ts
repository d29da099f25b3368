// Start-up: every unfinished game is rebuilt from its setup and its log and must come out exactly as
// its stored snapshot where the snapshot was written (every SNAPSHOT_EVERY actions: commit.ts): the
// same values (the order of keys in the JSON text does not matter). A game
// that does not is marked broken with the reason, never resumed from a state nobody can vouch for;
// the other games go on. The reason tells a rules change (the game was stored by another
// ENGINE_VERSION, which replays it differently) from damage (same engine, other snapshot). A snapshot
// stored by an older engine is first brought to this engine's shape (upgrade.ts): a change of shape
// alone does not break a game.
import { ENGINE_VERSION, type Action, type GameState, type Setup } from '../engine/index.js';
import type { Logger } from '../log.js';
import type { LiveGame } from './live-game.js';
import type { StoreBackend } from './backend.js';
import type { GameHead } from './games-repo.js';
import { firstDifference, replay, type GameOrigin, type LoggedAction } from './replay.js';
import { snapshotText, snapshotTextOf } from './snapshot.js';
import { upgradeSnapshot } from './upgrade.js';

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

export type { RecoveryRepo, UnfinishedGame } from './recovery-repo.js';

/**
 * Replays one game and compares; returns the live state, or the reason it cannot be trusted.
 * `engineVersion`: the ENGINE_VERSION the game was stored with (null: before it was kept; undefined:
 * not known to the caller).
 */
export function verifyGame(
  origin: GameOrigin,
  version: number,
  snapshot: Uint8Array,
  log: LoggedAction[],
  engineVersion?: number | null,
  /** The version the snapshot is of: the state the log replays to there must be it. */
  snapshotVersion = version,
): { ok: true; state: GameState } | { ok: false; reason: string } {
  let stored: string;
  try {
    stored = snapshotTextOf(snapshot);
  } catch (err) {
    return { ok: false, reason: `stored snapshot cannot be decoded: ${(err as Error).message}` };
  }
  let atSnapshot = null as GameState | null;
  const r = replay(origin, log, (v, _at, _events, state) => {
    if (v === snapshotVersion) atSnapshot = state;
  });
  if (!r.ok) return { ok: false, reason: r.reason };
  if (r.state.version !== version)
    return { ok: false, reason: `the log replays to version ${r.state.version}, the game row says ${version}` };
  if (!atSnapshot) return { ok: false, reason: `the snapshot is said to be of version ${snapshotVersion}, the log replays to ${version}` };
  const replayed = snapshotText(atSnapshot);
  // Equal text is the common case and costs no parsing; otherwise the values decide.
  if (replayed === stored) return { ok: true, state: r.state };
  let storedValue: unknown;
  try {
    storedValue = JSON.parse(stored);
  } catch {
    return { ok: false, reason: 'stored snapshot cannot be decoded: it is not valid JSON' };
  }
  // A snapshot in an older engine's shape is compared in this engine's.
  if (engineVersion !== undefined && engineVersion !== ENGINE_VERSION) upgradeSnapshot(storedValue, engineVersion);
  const where = firstDifference(JSON.parse(replayed), storedValue);
  if (where === null) return { ok: true, state: r.state }; // the same values, keys in another order
  if (engineVersion !== undefined && engineVersion !== ENGINE_VERSION) {
    const then = engineVersion === null ? 'an engine before versions were kept' : `engine version ${engineVersion}`;
    return {
      ok: false,
      reason: `replays differently: stored by ${then}, this is engine version ${ENGINE_VERSION}, whose rules replay its ${snapshotVersion} actions to another state (${where})`,
    };
  }
  return { ok: false, reason: `stored differently: replaying ${snapshotVersion} actions with the engine that stored it does not give the stored snapshot (${where})` };
}

/** Rebuilds and checks every unfinished game of the store's shard; the broken ones are marked so, in one transaction. */
export async function recoverGames(backend: StoreBackend, log: Logger, now: number): Promise<{ report: RecoveryReport; live: Map<number, LiveGame> }> {
  const started = performance.now();
  const rows = await backend.repos.recovery.unfinished();

  const live = new Map<number, LiveGame>();
  const recovered: RecoveredGame[] = [];
  const broken: BrokenGame[] = [];
  let actionsReplayed = 0;

  for (const [id, guildId, channelId, setupText, decisionMs, windowMs, createdAt, version, snapshot, logText, engineVersion, snapshotVersion] of rows) {
    const fail = (reason: string) => broken.push({ gameId: id, guildId, channelId, reason });
    let setup: Setup;
    try {
      setup = JSON.parse(setupText) as Setup;
    } catch {
      fail('stored setup is not valid JSON');
      continue;
    }
    const entries = logText === null ? [] : (JSON.parse(logText) as [number, number | null, number, Action | string][]);
    const actions: LoggedAction[] = new Array(entries.length);
    let sorted = true;
    for (let i = 0; i < entries.length; i++) {
      const [v, seat, at, action] = entries[i];
      actions[i] = { version: v, seat, at, action };
      if (i > 0 && v < entries[i - 1][0]) sorted = false;
    }
    // group_concat keeps the order the index gives; should a future SQLite choose another, sort here.
    if (!sorted) actions.sort((a, b) => a.version - b.version);

    const v = verifyGame({ setup, decisionMs, windowMs, createdAt }, version, snapshot, actions, engineVersion, snapshotVersion);
    if (!v.ok) {
      fail(v.reason);
      continue;
    }
    actionsReplayed += actions.length;
    const head: GameHead = { status: 'active', version, snapshotVersion, decisionMs, windowMs, createdAt, setup, guildId, channelId };
    live.set(id, { head, state: v.state });
    recovered.push({ gameId: id, guildId, channelId, version, deadline: v.state.pending?.deadline ?? null });
  }

  if (broken.length) {
    await backend.transaction(async (tx) => {
      for (const b of broken) await tx.games.markBroken(b.gameId, b.reason, now);
    });
    for (const b of broken) log.error({ gameId: b.gameId, channelId: b.channelId, reason: b.reason }, 'game marked broken at recovery');
  }
  const ms = performance.now() - started;
  log.info({ recovered: recovered.length, broken: broken.length, actionsReplayed, ms: Math.round(ms) }, 'recovered unfinished games');
  for (const g of recovered) log.debug({ gameId: g.gameId, version: g.version, deadline: g.deadline }, 'game resumed');
  return { report: { recovered, broken, actionsReplayed, ms }, live };
}
