// commit.ts's attempt for PostgreSQL: load, apply, write in one transaction, the game's row locked by
// the first read (SELECT … FOR UPDATE in statusOf) so that another process committing to the same
// game waits for this one and then reads its result. Memory follows the database: the live state
// changes only after COMMIT returned.
import { apply, type Action, type GameState } from '../../engine/index.js';
import type { Logger } from '../../log.js';
import type { Committed, LiveGame, Refused, SubmitResult } from '../commit.js';
import type { GameHead } from '../games-repo.js';
import type { Owed } from '../outbox.js';
import { clockAt } from '../replay.js';
import { decodeSnapshot, encodeSnapshot } from '../snapshot.js';
import type { PgDb, PgExec } from './connection.js';
import { pgGamesRepo } from './games-repo.js';
import { pgOutboxRepo } from './outbox.js';
import { pgRecordFinish } from './stats.js';

export interface PgCommitContext {
  db: PgDb;
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

async function attempt(ctx: PgCommitContext, tx: PgExec, gameId: number, action: Action, now: number): Promise<Attempt> {
  const repo = pgGamesRepo(tx);
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
  if (finished) await pgRecordFinish(tx, gameId, next, now);
  const result: Committed = { ok: true, gameId, version: next.version, action, state: next, events: r.events, finished, at: now };
  if (ctx.effects) {
    let owed: Owed[] | null = null;
    try {
      owed = ctx.effects(result);
    } catch (err) {
      ctx.log.error({ gameId, version: result.version, err }, 'could not word the messages of a commit; none stored');
    }
    if (owed) await pgOutboxRepo(tx).add(owed, now);
  }
  return { result, live, broken: null };
}

export async function pgApplyAndCommit(ctx: PgCommitContext, gameId: number, input: unknown, now: number): Promise<SubmitResult> {
  const action = normalize(input);
  if (!action) return refused(gameId, 'malformed', 'An action is a JSON object.');
  // A refusal wrote nothing, so its transaction commits nothing; only a throw rolls back.
  // READ COMMITTED with the game's row locked by statusOf (SELECT … FOR UPDATE), not SERIALIZABLE:
  // measured on this machine (docs/scaling.md), SERIALIZABLE aborted about one commit in five with
  // four games committing at once (different games: its predicate locks are per index page), and
  // with eight a commit failed twenty retries in a row; the row lock never aborts and had the same p50.
  // A refusal wrote nothing, so its transaction commits nothing; only a throw rolls back.
  const { result, live, broken } = await ctx.db.transaction((tx) => attempt(ctx, tx, gameId, action, now));
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
