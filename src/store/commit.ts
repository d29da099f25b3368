// Commit before talking: one action against one stored game, as a single IMMEDIATE transaction.
// The caller hears of an action (and so can tell anyone) only after its log row and snapshot are
// committed together; a refused action leaves the database exactly as it was.
import { apply, type Action, type GameEvent, type GameState } from '../engine/index.js';
import type { Logger } from '../log.js';
import type { Connection } from './connection.js';
import type { GameHead, GamesStatements } from './games-repo.js';
import type { Owed, OutboxStatements } from './outbox.js';
import { clockAt } from './replay.js';
import { decodeSnapshot, encodeSnapshot } from './snapshot.js';
import { recordFinish } from './stats.js';

/** A game the process holds in memory: the last committed state, so the next action skips decoding. */
export interface LiveGame {
  head: GameHead;
  state: GameState;
}

export interface Committed {
  ok: true;
  gameId: number;
  version: number;
  /** null for the game's creation. */
  action: Action | null;
  state: GameState;
  events: GameEvent[];
  finished: boolean;
  at: number;
  /** What the submitter said of the action (e.g. that a person clicked it); not stored. */
  by?: number;
}

export interface Refused {
  ok: false;
  gameId: number;
  /** The engine's refusal code, or one of the store's: noSuchGame, gameNotActive, timeoutNotDue, malformed, broken, engineError. */
  code: string;
  reason: string;
  params?: Record<string, string | number>;
}

export type SubmitResult = Committed | Refused;

export interface CommitContext {
  conn: Connection;
  repo: GamesStatements;
  live: Map<number, LiveGame>;
  /** Every line about a game carries its gameId (a child logger per game would cost ~70 µs to make). */
  log: Logger;
  /** Called after a transaction that marked the game broken has committed. */
  onBroken(gameId: number, head: GameHead, reason: string): void;
  outbox: OutboxStatements;
  /** The messages a commit owes (DMs of its private events): stored in its transaction. */
  effects?: (c: Committed) => Owed[];
}

/**
 * Stores what `c` owes Discord, inside the commit's transaction. A failure to word the messages
 * must not refuse an action the engine accepted: it is logged and the action commits without them.
 */
export function oweEffects(ctx: CommitContext, c: Committed): void {
  if (!ctx.effects) return;
  let owed: Owed[];
  try {
    owed = ctx.effects(c);
  } catch (err) {
    ctx.log.error({ gameId: c.gameId, version: c.version, err }, 'could not word the messages of a commit; none stored');
    return;
  }
  ctx.outbox.add(owed, c.at);
}

const refused = (gameId: number, code: string, reason: string, params?: Record<string, string | number>): Refused =>
  params ? { ok: false, gameId, code, reason, params } : { ok: false, gameId, code, reason };

/**
 * The action is stored as JSON text and replayed from it, so the engine is given the text's reading:
 * whatever JSON would lose (undefined, NaN, extra prototypes) cannot make the replay differ.
 */
function normalize(action: unknown): Action | null {
  try {
    const text = JSON.stringify(action);
    if (typeof text !== 'string') return null;
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Action) : null;
  } catch {
    return null;
  }
}

type Attempt = { result: SubmitResult; live: LiveGame | null; broken: { head: GameHead; reason: string } | null };

/**
 * The body of the commit transaction: load, apply, write. Runs inside BEGIN IMMEDIATE, so from the
 * load to the write no other connection (another process) can write; on this connection nothing else
 * runs because it is synchronous from start to end.
 */
function attempt(ctx: CommitContext, gameId: number, action: Action, now: number): Attempt {
  const none = (result: SubmitResult): Attempt => ({ result, live: null, broken: null });
  const row = ctx.repo.statusOf(gameId);
  if (!row) return none(refused(gameId, 'noSuchGame', `There is no game ${gameId}.`));
  const [status, version] = row;
  if (status !== 'active') return none(refused(gameId, 'gameNotActive', `Game ${gameId} is ${status}.`, { status }));

  let live = ctx.live.get(gameId);
  if (!live || live.state.version !== version) {
    // Not in memory, or another writer moved it on: the stored snapshot is the truth.
    const head = ctx.repo.head(gameId)!;
    try {
      if (!head.setup) throw new Error('stored setup is not valid JSON');
      let state: GameState;
      try {
        state = decodeSnapshot(ctx.repo.snapshot(gameId)!, head.setup);
      } catch (err) {
        throw new Error(`stored snapshot cannot be decoded: ${(err as Error).message}`);
      }
      if (state.version !== version) throw new Error(`stored snapshot is at version ${state.version}, the game row says ${version}`);
      live = { head, state };
    } catch (err) {
      const reason = (err as Error).message;
      ctx.repo.markBroken(gameId, reason, now);
      return { result: refused(gameId, 'broken', reason), live: null, broken: { head, reason } };
    }
  }
  const state = live.state;

  if (action.kind === 'timeout') {
    const deadline = state.pending?.deadline;
    if (deadline === undefined || deadline > now)
      return none(refused(gameId, 'timeoutNotDue', 'The pending decision has no deadline that has passed.'));
  }

  let r;
  try {
    r = apply(state, action, clockAt(now, live.head));
  } catch (err) {
    ctx.log.error({ gameId, err, action }, 'engine threw on an action; nothing stored');
    return none(refused(gameId, 'engineError', 'The rules engine failed on this action; nothing was changed.'));
  }
  if (!r.ok) return none(refused(gameId, r.code, r.reason, r.params));

  const next = r.state;
  const finished = next.result !== null;
  const seat = (action as { seat?: number }).seat ?? null;
  ctx.repo.appendAction(gameId, { version: next.version, seat, action: JSON.stringify(action), at: now });
  ctx.repo.updateSnapshot({
    id: gameId,
    fromVersion: version,
    version: next.version,
    snapshot: encodeSnapshot(next),
    deadline: finished ? null : (next.pending?.deadline ?? null),
    status: finished ? 'finished' : 'active',
    updatedAt: now,
    finishedAt: finished ? now : null,
  });
  if (finished) recordFinish(ctx.conn.db, gameId, next, now);
  const result: Committed = { ok: true, gameId, version: next.version, action, state: next, events: r.events, finished, at: now };
  oweEffects(ctx, result);
  return { result, live, broken: null };
}

// One transaction function per connection, made once: better-sqlite3's db.transaction() (which
// drizzle's db.transaction(fn, { behavior: 'immediate' }) calls on every use) builds new wrappers
// each time, and that garbage showed in the p99 of a commit.
const transactions = new WeakMap<CommitContext, (gameId: number, action: Action, now: number) => Attempt>();

function commitTransaction(ctx: CommitContext) {
  let tx = transactions.get(ctx);
  if (!tx) {
    const wrapped = ctx.conn.sqlite.transaction((gameId: number, action: Action, now: number) => attempt(ctx, gameId, action, now));
    tx = (gameId, action, now) => wrapped.immediate(gameId, action, now);
    transactions.set(ctx, tx);
  }
  return tx;
}

/**
 * Loads, applies and commits one action in a single IMMEDIATE transaction; the log row and the new
 * snapshot are written together or not at all, and a refusal writes nothing. Returns only after the
 * commit. Callers serialise per game with the KeyedQueue so that arrival order holds.
 */
export function applyAndCommit(ctx: CommitContext, gameId: number, input: unknown, now: number): SubmitResult {
  const action = normalize(input);
  if (!action) return refused(gameId, 'malformed', 'An action is a JSON object.');
  const { result, live, broken } = commitTransaction(ctx)(gameId, action, now);

  // Only now is the transaction committed; memory follows the database, never leads it.
  if (broken) {
    ctx.live.delete(gameId);
    ctx.log.error({ gameId, reason: broken.reason }, 'game marked broken');
    ctx.onBroken(gameId, broken.head, broken.reason);
  } else if (result.ok && live) {
    if (result.finished) {
      ctx.live.delete(gameId);
      ctx.log.info({ gameId, version: result.version, result: result.state.result }, 'game finished');
    } else {
      live.head.version = result.version;
      live.state = result.state;
      ctx.live.set(gameId, live);
      ctx.log.debug({ gameId, version: result.version, kind: action.kind }, 'action committed');
    }
  }
  return result;
}
