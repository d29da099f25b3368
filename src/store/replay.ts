// Rebuilding a game from its setup and its log: what recovery checks and what an export reproduces.
import { apply, newGame, type Action, type Clock, type GameEvent, type GameState, type Setup } from '../engine/index.js';
import { decodeSnapshot } from './snapshot.js';

export interface LoggedAction {
  version: number;
  seat: number | null;
  /** The action as stored (JSON text), or already parsed by the reader. */
  action: string | Action;
  at: number;
}

/** A log row as the actions table holds it. */
export interface StoredAction extends LoggedAction {
  action: string;
}

export interface GameOrigin {
  setup: Setup;
  /** null: the game runs without timers, so the engine is given no clock. */
  decisionMs: number | null;
  /** The response clock of response windows; null or absent: windows get the decision timer. */
  windowMs?: number | null;
  createdAt: number;
}

/** What the engine is given as the time of one action of a game with these timers. */
export function clockAt(now: number, timers: Pick<GameOrigin, 'decisionMs' | 'windowMs'>): Clock | undefined {
  if (timers.decisionMs === null) return undefined;
  return timers.windowMs == null ? { now, decisionMs: timers.decisionMs } : { now, decisionMs: timers.decisionMs, windowMs: timers.windowMs };
}

/** The state before any action; newGame gets the creation time so the first decision has its deadline. */
export function startGame(origin: GameOrigin): { state: GameState; events: GameEvent[] } {
  return newGame(origin.setup, clockAt(origin.createdAt, origin));
}

export type ReplayResult =
  | { ok: true; state: GameState }
  /** `state`: the last good state before the failure, null when even the start failed. */
  | { ok: false; state: GameState | null; reason: string };

/**
 * Applies the log in order. Stops at the first row that is damaged, out of sequence, or refused:
 * such a log cannot have been written by the commit path, so the game is broken.
 */
export function replay(
  origin: GameOrigin,
  log: Iterable<LoggedAction>,
  /** Called after the deal (version 0) and after each row, with the state it left. */
  onEvents?: (version: number, at: number, events: GameEvent[], state: GameState) => void,
): ReplayResult {
  let state: GameState;
  try {
    const start = startGame(origin);
    state = start.state;
    onEvents?.(0, origin.createdAt, start.events, state);
  } catch (err) {
    return { ok: false, state: null, reason: `setup cannot start a game: ${(err as Error).message}` };
  }
  return replayFrom(origin, state, log, onEvents);
}

/** Applies the log's rows after `from`'s version to it, in order, as replay does from the start. */
export function replayFrom(
  origin: GameOrigin,
  from: GameState,
  log: Iterable<LoggedAction>,
  onEvents?: (version: number, at: number, events: GameEvent[], state: GameState) => void,
): ReplayResult {
  let state = from;
  for (const row of log) {
    if (row.version !== state.version + 1)
      return { ok: false, state, reason: `log row ${row.version} follows version ${state.version}: the log has a gap or a duplicate` };
    let action: Action;
    try {
      action = typeof row.action === 'string' ? (JSON.parse(row.action) as Action) : row.action;
    } catch {
      return { ok: false, state, reason: `log row ${row.version} is not valid JSON` };
    }
    const seat = (action as { seat?: unknown }).seat ?? null;
    if (seat !== row.seat) return { ok: false, state, reason: `log row ${row.version}: seat column ${row.seat} disagrees with the action's seat ${String(seat)}` };
    let r: ReturnType<typeof apply>;
    try {
      r = apply(state, action, clockAt(row.at, origin));
    } catch (err) {
      return { ok: false, state, reason: `log row ${row.version}: the engine failed on it (${(err as Error).message})` };
    }
    if (!r.ok) return { ok: false, state, reason: `log row ${row.version} is refused by the engine: ${r.code} (${r.reason})` };
    state = r.state;
    onEvents?.(row.version, row.at, r.events, state);
  }
  return { ok: true, state };
}

/**
 * A game's state at its row's version, from what is stored: the snapshot (of `snapshotVersion`, written
 * every SNAPSHOT_EVERY actions: commit.ts) with the log's rows after it applied. Throws with the reason
 * when they do not make that version.
 */
export async function storedState(
  repo: { snapshot(id: number): Promise<Buffer | undefined>; log(id: number, after?: number): Promise<LoggedAction[]> },
  gameId: number,
  head: GameOrigin & { version: number; snapshotVersion: number },
): Promise<GameState> {
  const blob = await repo.snapshot(gameId);
  if (!blob) throw new Error('the game has no stored snapshot');
  let state: GameState;
  try {
    state = decodeSnapshot(blob, head.setup);
  } catch (err) {
    throw new Error(`stored snapshot cannot be decoded: ${(err as Error).message}`);
  }
  if (state.version !== head.snapshotVersion) throw new Error(`stored snapshot is at version ${state.version}, the game row says ${head.snapshotVersion}`);
  if (head.snapshotVersion === head.version) return state;
  const r = replayFrom(head, state, await repo.log(gameId, head.snapshotVersion));
  if (!r.ok) throw new Error(r.reason);
  if (r.state.version !== head.version) throw new Error(`the log replays to version ${r.state.version}, the game row says ${head.version}`);
  return r.state;
}

/** A short pointer to where two JSON values first differ, for the broken-game reason. */
export function firstDifference(a: unknown, b: unknown, at = '$'): string | null {
  if (a === b) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b))
    return `${at}: ${JSON.stringify(a)?.slice(0, 40)} ≠ ${JSON.stringify(b)?.slice(0, 40)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], Array.isArray(a) ? `${at}[${k}]` : `${at}.${k}`);
    if (d) return d;
  }
  return null;
}
