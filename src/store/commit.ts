// Commit before talking: one action against one stored game, as a single IMMEDIATE transaction.
// The caller hears of an action (and so can tell anyone) only after its log row and snapshot are
// committed together; a refused action leaves the database exactly as it was.
import { apply, type Action, type GameEvent, type GameState } from '../engine/index.js';
import type { Logger } from '../log.js';
import type { Connection } from './connection.js';
import type { GameHead, GamesRepo } from './games-repo.js';
import { clockAt } from './replay.js';
import { decodeSnapshot, encodeSnapshot } from './snapshot.js';
import { recordFinish } from './stats.js';

/** A game the process holds in memory: the last committed state, so the next action skips decoding. */
export interface LiveGame {
  head: GameHead;
  state: GameState;
  log: Logger;
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
  repo: GamesRepo;
  live: Map<number, LiveGame>;
  log: Logger;
  /** Called after a transaction that marked the game broken has committed. */
  onBroken(gameId: number, head: GameHead, reason: string): void;
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

/**
 * Loads, applies and commits. Synchronous from start to end: nothing else can run on this connection
 * in between, and the IMMEDIATE transaction keeps other connections (another process) from writing
 * between the load and the write. Callers serialise per game with the KeyedQueue so arrival order holds.
 */
export function applyAndCommit(ctx: CommitContext, gameId: number, input: unknown, now: number): SubmitResult {
  const action = normalize(input);
  if (!action) return refused(gameId, 'malformed', 'An action is a JSON object.');
  let brokenHead: { head: GameHead; reason: string } | null = null;
  let live: LiveGame | undefined;

  const result = ctx.conn.db.transaction(
    (): SubmitResult => {
      const head = ctx.repo.head(gameId);
      if (!head) return refused(gameId, 'noSuchGame', `There is no game ${gameId}.`);
      if (head.status !== 'active')
        return refused(gameId, 'gameNotActive', `Game ${gameId} is ${head.status}.`, { status: head.status });

      live = ctx.live.get(gameId);
      let state: GameState;
      if (live && live.state.version === head.version) {
        state = live.state;
      } else {
        try {
          if (!head.setup) throw new Error('stored setup is not valid JSON');
          try {
            state = decodeSnapshot(ctx.repo.snapshot(gameId)!, head.setup);
          } catch (err) {
            throw new Error(`stored snapshot cannot be decoded: ${(err as Error).message}`);
          }
          if (state.version !== head.version) throw new Error(`stored snapshot is at version ${state.version}, the game row says ${head.version}`);
        } catch (err) {
          const reason = (err as Error).message;
          ctx.repo.markBroken(gameId, reason, now);
          brokenHead = { head, reason };
          return refused(gameId, 'broken', reason);
        }
        live = { head, state, log: ctx.log.child({ gameId }) };
      }

      if (action.kind === 'timeout') {
        const deadline = state.pending?.deadline;
        if (deadline === undefined || deadline > now)
          return refused(gameId, 'timeoutNotDue', 'The pending decision has no deadline that has passed.');
      }

      let r;
      try {
        r = apply(state, action, clockAt(now, head.decisionMs));
      } catch (err) {
        live.log.error({ err, action }, 'engine threw on an action; nothing stored');
        return refused(gameId, 'engineError', 'The rules engine failed on this action; nothing was changed.');
      }
      if (!r.ok) return refused(gameId, r.code, r.reason, r.params);

      const next = r.state;
      const finished = next.result !== null;
      const seat = (action as { seat?: number }).seat ?? null;
      ctx.repo.appendAction(gameId, { version: next.version, seat, action: JSON.stringify(action), at: now });
      ctx.repo.updateSnapshot({
        id: gameId,
        fromVersion: head.version,
        version: next.version,
        snapshot: encodeSnapshot(next),
        deadline: finished ? null : (next.pending?.deadline ?? null),
        status: finished ? 'finished' : 'active',
        updatedAt: now,
        finishedAt: finished ? now : null,
      });
      if (finished) recordFinish(ctx.conn.db, gameId, next, now);
      return { ok: true, gameId, version: next.version, action, state: next, events: r.events, finished, at: now };
    },
    { behavior: 'immediate' },
  );

  // Only now is the transaction committed; memory follows the database, never leads it.
  if (brokenHead) {
    const { head, reason } = brokenHead as { head: GameHead; reason: string };
    ctx.live.delete(gameId);
    ctx.log.child({ gameId }).error({ reason }, 'game marked broken');
    ctx.onBroken(gameId, head, reason);
  } else if (result.ok && live) {
    if (result.finished) {
      ctx.live.delete(gameId);
      live.log.info({ version: result.version, result: result.state.result }, 'game finished');
    } else {
      live.head = { ...live.head, version: result.version };
      live.state = result.state;
      ctx.live.set(gameId, live);
      live.log.debug({ version: result.version, kind: action.kind }, 'action committed');
    }
  }
  return result;
}
