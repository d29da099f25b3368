// commit.ts's attempt on any StoreBackend, through its asynchronous repositories: load, apply, write
// in one transaction of the backend. On SQLite that transaction is BEGIN IMMEDIATE (one writer); on
// PostgreSQL its first read (games.statusOf: SELECT … FOR UPDATE) locks the game's row, so another
// process committing to the same game waits for this one and then reads its result. Memory follows
// the database: the live state changes only after the commit returned. (The synchronous commit.ts is
// what GameStore still calls on SQLite; this is the one a store on PostgreSQL needs.)
import { apply, type Action, type GameState } from '../engine/index.js';
import type { Logger } from '../log.js';
import type { Repos, StoreBackend } from './backend.js';
import type { Committed, LiveGame, Refused, SubmitResult } from './commit.js';
import type { GameHead } from './games-repo.js';
import type { Owed } from './outbox.js';
import { clockAt } from './replay.js';
import { decodeSnapshot, encodeSnapshot } from './snapshot.js';

export interface AsyncCommitContext {
  backend: StoreBackend;
  live: Map<number, LiveGame>;
  log: Logger;
  onBroken(gameId: number, head: GameHead, reason: string): void;
  effects?: (c: Committed) => Owed[];
}

const refused = (gameId: number, code: string, reason: string, params?: Record<string, string | number>): Refused =>
  params ? { ok: false, gameId, code, reason, params } : { ok: false, gameId, code, reason };

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

async function attempt(ctx: AsyncCommitContext, tx: Repos, gameId: number, action: Action, now: number): Promise<Attempt> {
  const repo = tx.games;
  const none = (result: SubmitResult): Attempt => ({ result, live: null, broken: null });
  const row = await repo.statusOf(gameId);
  if (!row) return none(refused(gameId, 'noSuchGame', `There is no game ${gameId}.`));
  const [status, version] = row;
  if (status !== 'active') return none(refused(gameId, 'gameNotActive', `Game ${gameId} is ${status}.`, { status }));

  let live = ctx.live.get(gameId);
  if (!live || live.state.version !== version) {
    const head = (await repo.head(gameId))!;
    try {
      if (!head.setup) throw new Error('stored setup is not valid JSON');
      let state: GameState;
      try {
        state = decodeSnapshot((await repo.snapshot(gameId))!, head.setup);
      } catch (err) {
        throw new Error(`stored snapshot cannot be decoded: ${(err as Error).message}`);
      }
      if (state.version !== version) throw new Error(`stored snapshot is at version ${state.version}, the game row says ${version}`);
      live = { head, state };
    } catch (err) {
      const reason = (err as Error).message;
      await repo.markBroken(gameId, reason, now);
      return { result: refused(gameId, 'broken', reason), live: null, broken: { head, reason } };
    }
  }
  const state = live.state;

  if (action.kind === 'timeout') {
    const deadline = state.pending?.deadline;
    if (deadline === undefined || deadline > now) return none(refused(gameId, 'timeoutNotDue', 'The pending decision has no deadline that has passed.'));
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
  await repo.appendAction(gameId, { version: next.version, seat, action: JSON.stringify(action), at: now });
  await repo.updateSnapshot({
    id: gameId,
    fromVersion: version,
    version: next.version,
    snapshot: encodeSnapshot(next),
    deadline: finished ? null : (next.pending?.deadline ?? null),
    status: finished ? 'finished' : 'active',
    updatedAt: now,
    finishedAt: finished ? now : null,
  });
  if (finished) await tx.stats.recordFinish(gameId, next, now);
  const result: Committed = { ok: true, gameId, version: next.version, action, state: next, events: r.events, finished, at: now };
  if (ctx.effects) {
    let owed: Owed[] | null = null;
    try {
      owed = ctx.effects(result);
    } catch (err) {
      ctx.log.error({ gameId, version: result.version, err }, 'could not word the messages of a commit; none stored');
    }
    if (owed) await tx.outbox.add(owed, now);
  }
  return { result, live, broken: null };
}

export async function applyAndCommitAsync(ctx: AsyncCommitContext, gameId: number, input: unknown, now: number): Promise<SubmitResult> {
  const action = normalize(input);
  if (!action) return refused(gameId, 'malformed', 'An action is a JSON object.');
  // A refusal wrote nothing, so its transaction commits nothing; only a throw rolls back.
  // On PostgreSQL: READ COMMITTED with the game's row locked by statusOf, not SERIALIZABLE: measured
  // (docs/scaling.md), SERIALIZABLE aborted about one commit in five with four games committing at
  // once (different games: its predicate locks are per index page), and with eight a commit failed
  // twenty retries in a row; the row lock never aborts and had the same p50. A refusal wrote
  // nothing, so its transaction commits nothing; only a throw rolls back (and the whole attempt runs
  // again while SQLite's write lock is held by another process: waitForLock).
  const { result, live, broken } = await ctx.backend.transaction((tx) => attempt(ctx, tx, gameId, action, now), { waitForLock: true });
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
