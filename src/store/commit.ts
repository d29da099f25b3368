// Commit before talking: one action against one stored game, as a single transaction of the backend.
// The caller hears of an action (and so can tell anyone) only after its log row and the game's row
// (its version, deadline, status, and every SNAPSHOT_EVERY actions its snapshot) are committed
// together; a refused action leaves the database exactly as it was.
import { apply, type Action, type GameEvent, type GameState } from '../engine/index.js';
import type { Logger } from '../log.js';
import type { Repos, StoreBackend } from './backend.js';
import type { GameHead } from './games-repo.js';
import { NOT_OWNER, type Fence } from './leases.js';
import type { LiveGame } from './live-game.js';
import type { Owed } from './outbox.js';
import { clockAt, storedState } from './replay.js';
import { encodeSnapshot } from './snapshot.js';

export type { LiveGame };

/**
 * A game's snapshot is written with every this many actions and when it ends, not with each: the
 * state's JSON (about 1.1 KB) made for every action was 2.2% of the event loop at 150 live games
 * (0.1% since; docs/performance.md, 2026-12-07). What reads a game's state from the store applies the
 * log's rows after the snapshot (replay.ts storedState: 31 actions at most, about 0.1 ms here);
 * recovery replays every log anyway and checks the snapshot against the replay where it was written.
 */
export const SNAPSHOT_EVERY = 32;

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
  /** false: the commit stored no message it owes (no outbox row), so there is nothing new to deliver; unset: not known. */
  owed?: boolean;
}

export interface Refused {
  ok: false;
  gameId: number;
  /** The engine's refusal code, or one of the store's: noSuchGame, notOwner (leases.ts), gameNotActive, held, notHeld, timeoutNotDue, malformed, broken, engineError. */
  code: string;
  reason: string;
  params?: Record<string, string | number>;
}

export type SubmitResult = Committed | Refused;

export interface CommitContext {
  backend: StoreBackend;
  live: Map<number, LiveGame>;
  /** Every line about a game carries its gameId (a child logger per game would cost ~70 µs to make). */
  log: Logger;
  /** Called after a transaction that marked the game broken has committed. */
  onBroken(gameId: number, head: GameHead, reason: string): void;
  /** What a commit owes (DMs of its private events), worded from the commit and its stored rows: stored in its transaction. */
  owes?: Owes;
  /** Games whose last commit failed without an answer: the database is asked before their next action (resync). */
  unsure?: Set<number>;
  /** Running on a lease (leases.ts): every commit checks, in its transaction, that the game's shard is still this process's. */
  fence?: Fence;
}

/** The stored rows a commit's messages are worded from, read in its transaction. */
export interface OwedRows {
  guildId: string;
  channelId: string;
  /** Discord user id by seat; null for an AI seat. */
  users: (string | null)[];
  /** The server's language setting; null: each player's own. */
  language: string | null;
  /** Each seated user's remembered Discord language (null: never seen). */
  locales: Map<string, string | null>;
}

/**
 * What a committed action (or a game's creation) owes Discord: a pure function of the commit and
 * the stored rows, given to the store at construction (the bot's is src/discord/outbound/owed.ts).
 * The store never calls into the bot or its caches while a transaction is open.
 */
export interface Owes {
  /** Whether `c` may owe anything: when not, no row is read for it (most commits owe nothing). */
  any(c: Committed): boolean;
  word(c: Committed, rows: OwedRows): Owed[];
}

async function owedRows(tx: Repos, gameId: number, where: { guildId: string; channelId: string }): Promise<OwedRows> {
  const users = (await tx.games.seats(gameId)).map((s) => s.userId);
  const language = (await tx.settings.read(where.guildId)).language;
  const locales = new Map<string, string | null>();
  for (const u of users) if (u !== null && !locales.has(u)) locales.set(u, await tx.prefs.locale(u));
  return { guildId: where.guildId, channelId: where.channelId, users, language, locales };
}

/**
 * Stores what `c` owes Discord, inside the commit's transaction. A failure to word the messages
 * must not refuse an action the engine accepted: it is logged and the action commits without them.
 * A failure to read their rows is the database's (a failover, a timeout): it fails the commit, to be
 * tried again with its messages, as any other statement of the transaction would.
 */
export async function oweEffects(ctx: CommitContext, tx: Repos, c: Committed, where: { guildId: string; channelId: string }): Promise<void> {
  c.owed = false;
  if (!ctx.owes?.any(c)) return;
  const rows = await owedRows(tx, c.gameId, where);
  let owed: Owed[];
  try {
    owed = ctx.owes.word(c, rows);
  } catch (err) {
    ctx.log.error({ gameId: c.gameId, version: c.version, err }, 'could not word the messages of a commit; none stored');
    return;
  }
  await tx.outbox.add(owed, c.at);
  c.owed = owed.length > 0;
}

/** Whether this process may commit to a game (by id) or a new game of a guild (by its id): always without a fence. */
export function mayCommit(ctx: CommitContext, tx: Repos, game: number | string): Promise<boolean> | boolean {
  const f = ctx.fence;
  if (!f) return true;
  return typeof game === 'number' ? tx.leases.fence(f.count, f.holder, game) : tx.leases.fenceGuild(f.count, f.holder, game);
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

/** `snapshotAt`: the version whose snapshot the commit wrote, null when it wrote none. */
type Attempt = { result: SubmitResult; live: LiveGame | null; broken: { head: GameHead; reason: string } | null; snapshotAt: number | null };

/**
 * The body of the commit transaction: load, apply, write. Runs inside the backend's write
 * transaction (SQLite's BEGIN IMMEDIATE), so from the load to the write no other writer can change
 * the game, and nothing else of this process runs in between on the same backend.
 */
async function attempt(ctx: CommitContext, tx: Repos, gameId: number, action: Action, now: number): Promise<Attempt> {
  const none = (result: SubmitResult): Attempt => ({ result, live: null, broken: null, snapshotAt: null });
  const row = await tx.games.statusOf(gameId);
  if (!row) return none(refused(gameId, 'noSuchGame', `There is no game ${gameId}.`));
  // Fencing: a process whose lease of the game's shard was taken over commits nothing more to it.
  if (!(await mayCommit(ctx, tx, gameId))) return none(refused(gameId, NOT_OWNER, `Game ${gameId}'s shard is driven by another process now.`));
  const [status, version, heldSince] = row;
  if (status !== 'active') return none(refused(gameId, 'gameNotActive', `Game ${gameId} is ${status}.`, { status }));
  // A held game (the bot may not post in its channel) takes nothing but the resume that ends the hold.
  if (heldSince !== null && action.kind !== 'resume') return none(refused(gameId, 'held', `Game ${gameId} is held.`));
  if (heldSince === null && action.kind === 'resume') return none(refused(gameId, 'notHeld', `Game ${gameId} is not held.`));

  let live = ctx.live.get(gameId);
  if (!live || live.state.version !== version) {
    // Not in memory, or another writer moved it on: the stored snapshot is the truth.
    const head = (await tx.games.head(gameId))!;
    try {
      const setup = head.setup;
      if (!setup) throw new Error('stored setup is not valid JSON');
      live = { head, state: await storedState(tx.games, gameId, { ...head, setup }) };
    } catch (err) {
      const reason = (err as Error).message;
      await tx.games.markBroken(gameId, reason, now);
      return { result: refused(gameId, 'broken', reason), live: null, broken: { head, reason }, snapshotAt: null };
    }
  }
  const state = live.state;

  if (action.kind === 'timeout') {
    const deadline = state.pending?.deadline;
    if (deadline === undefined || deadline > now)
      return none(refused(gameId, 'timeoutNotDue', 'The pending decision has no deadline that has passed.'));
  }

  let r: ReturnType<typeof apply>;
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
  await tx.games.appendAction(gameId, { version: next.version, seat, action: JSON.stringify(action), at: now });
  // The snapshot every SNAPSHOT_EVERY actions and at the end; in between the log's rows carry the state.
  const snapshot = finished || next.version - live.head.snapshotVersion >= SNAPSHOT_EVERY ? encodeSnapshot(next) : null;
  await tx.games.updateSnapshot({
    id: gameId,
    fromVersion: version,
    version: next.version,
    snapshot,
    deadline: finished ? null : (next.pending?.deadline ?? null),
    status: finished ? 'finished' : 'active',
    updatedAt: now,
    finishedAt: finished ? now : null,
  });
  if (finished) await tx.stats.recordFinish(gameId, next, now);
  const result: Committed = { ok: true, gameId, version: next.version, action, state: next, events: r.events, finished, at: now };
  await oweEffects(ctx, tx, result, live.head);
  return { result, live, broken: null, snapshotAt: snapshot ? next.version : null };
}

/**
 * Loads, applies and commits one action in a single write transaction of the backend; the log row and the new
 * snapshot are written together or not at all, and a refusal writes nothing. Returns only after the
 * commit. Callers serialise per game with the KeyedQueue so that arrival order holds.
 */
export async function applyAndCommit(ctx: CommitContext, gameId: number, input: unknown, now: number): Promise<SubmitResult> {
  const action = normalize(input);
  if (!action) return refused(gameId, 'malformed', 'An action is a JSON object.');
  // On PostgreSQL: READ COMMITTED with the game's row locked by statusOf (SELECT … FOR NO KEY UPDATE: the foreign keys of its outbox and ping rows only share it), not
  // SERIALIZABLE: measured (docs/scaling.md), SERIALIZABLE aborted about one commit in five with four
  // games committing at once, and with eight a commit failed twenty retries in a row; the row lock
  // never aborts and had the same p50. A refusal wrote nothing, so its transaction commits nothing;
  // only a throw rolls back (and the whole attempt runs again while SQLite's write lock is held by
  // another process: backend.ts).
  const { result, live, broken, snapshotAt } = await ctx.backend.transaction((tx) => attempt(ctx, tx, gameId, action, now)).catch((err: unknown) => {
    // Its answer may be what was lost, the commit made all the same (resync asks before the next).
    ctx.unsure?.add(gameId);
    throw err;
  });

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
      if (snapshotAt !== null) live.head.snapshotVersion = snapshotAt;
      live.state = result.state;
      ctx.live.set(gameId, live);
      ctx.log.debug({ gameId, version: result.version, kind: action.kind }, 'action committed');
    }
  }
  return result;
}

/**
 * A commit of the game failed without an answer (the server died with the COMMIT sent, and a
 * synchronous standby that is now the primary has it): if the database has the game further on than
 * memory, memory takes what is stored and it is returned as a commit for every subscriber to follow
 * (its events are not known: the log's lines for it are missing). Empty when memory was right; a
 * database still failing throws and leaves the game in `unsure`.
 */
export async function resync(ctx: CommitContext, gameId: number, now: number): Promise<Committed[]> {
  if (!ctx.unsure?.has(gameId)) return [];
  const live = ctx.live.get(gameId);
  const head = await ctx.backend.repos.games.head(gameId);
  ctx.unsure.delete(gameId);
  if (!live || !head?.setup || head.version === live.state.version) return [];
  const state = await storedState(ctx.backend.repos.games, gameId, { ...head, setup: head.setup });
  const finished = state.result !== null;
  if (finished) ctx.live.delete(gameId);
  else ctx.live.set(gameId, { head, state });
  ctx.log.warn({ gameId, version: state.version, was: live.state.version }, 'a commit whose answer was lost had gone through: the game goes on from the database');
  return [{ ok: true, gameId, version: state.version, action: null, state, events: [], finished, at: now }];
}
