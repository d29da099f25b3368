// What the bot does with each commit, and with the games it finds at start-up: the session follows,
// the table, the panels and the pings show it, and the seat drivers play the seats the bot plays.
import { t, type MessageKey } from '../i18n/index.js';
import type { Committed, Owed } from '../store/index.js';
import type { Context } from './context.js';
import { dmOwed } from './outbound/owed.js';

/** A commit of a prepared game (Sessions.whenReady): every part follows it. */
export function followCommit(ctx: Context, c: Committed): void {
  const { sessions, publisher, drivers } = ctx;
  const before = sessions.last(c.gameId);
  if (c.action?.kind === 'timeout' && before && drivers.timedOut(c.gameId, before)) publisher.tableChanged(c.gameId);
  sessions.setLast(c.gameId, c.state);
  sessions.events.note(c.gameId, c.version, c.events);
  ctx.pauses.saved(c.gameId);
  // A held game went on: its decision's ping and warning go again (those of the hold could not be posted).
  if (c.action?.kind === 'resume') ctx.pings.resumed(c.gameId);
  publisher.committed(c.gameId, c.state, c.events, c.owed);
  ctx.panels.changed(c.gameId, c.state.pending?.opened ?? null, c.finished ? c.state : undefined);
  ctx.pings.committed(c.gameId, c.state, c.by ?? null);
  if (c.finished) {
    sessions.forget(c.gameId);
    ctx.pauses.forget(c.gameId);
  }
  else drivers.poke(c.gameId, c.state);
}

/** Every recovered game: what it owed delivered, its table refreshed, its bot seats poked; broken ones announced. */
export async function resumeGames(ctx: Context): Promise<void> {
  const { store, sessions, publisher } = ctx;
  // First what was owed when the last process stopped (or was killed), in the order it was owed.
  const owed = await store.repos.outbox.owedGames();
  for (const gameId of owed) await sessions.prepare(gameId);
  void publisher.sender.resume();
  // A game that ended before its last table was up (a kill just after the last action) gets it now.
  for (const gameId of await store.repos.outbox.finishedTableOwed()) {
    await sessions.prepare(gameId);
    publisher.tableChanged(gameId);
    // Its last ping goes too (it was deleted after the commit, not in it).
    const state = publisher.stateOf(gameId);
    if (state) ctx.pings.committed(gameId, state);
  }
  // Games held when the last process stopped are held before their tables are drawn again.
  await ctx.holds.restore();
  for (const gameId of await store.activeGameIds()) {
    // Its log is read once: the secrets kept from it, the table's recent lines written from it.
    const stored = await sessions.events.all(gameId);
    sessions.events.adopt(gameId, stored);
    await sessions.prepare(gameId);
    const state = store.liveState(gameId);
    if (!state) continue;
    sessions.setLast(gameId, state);
    if (store.known(gameId)) publisher.noteRecent(gameId, ctx.locales.table(gameId), stored.events, state);
    publisher.tableChanged(gameId);
    ctx.pings.committed(gameId, state);
    // Panels opened before the restart go on updating (their tokens were stored), starting now.
    (await store.repos.prefs.panels(gameId)).forEach((p, seat) => p && ctx.panels.restore(gameId, seat, p));
    ctx.panels.changed(gameId, state.pending?.opened ?? null);
    ctx.drivers.poke(gameId, state);
  }
  // They go on if their channel opened meanwhile.
  ctx.holds.changed();
  for (const b of store.recovery.broken) {
    await sessions.prepare(b.gameId);
    publisher.notice(b.gameId, b.channelId, t(ctx.locales.table(b.gameId), 'err.broken', { reason: b.reason }));
  }
}

/** The active game of a channel the bot has seen a message in, prepared; null for none. */
export async function channelGame(ctx: Context, guildId: string | null, channelId: string): Promise<number | null> {
  const gameId = guildId ? await ctx.store.activeGameIn(guildId, channelId) : null;
  if (gameId !== null) await ctx.sessions.prepare(gameId);
  return gameId;
}

/**
 * Stops an active game for good, without a result (/fengsheng abort, its channel deleted or held too long): the
 * status and what it owes (`owed`) in one transaction, then every part lets the game go. Where the
 * channel is gone, its last ping is not deleted (there is nothing left to delete it from).
 */
export async function stopGame(ctx: Context, gameId: number, reason: string, owed: () => Owed[], channelLives = true): Promise<void> {
  await ctx.sessions.prepare(gameId);
  await ctx.store.abortGame(gameId, reason, owed);
  ctx.drivers.forget(gameId);
  ctx.holds.forget(gameId);
  if (channelLives) ctx.pings.closed(gameId);
  else ctx.pings.forget(gameId);
  ctx.panels.forget(gameId);
  await ctx.publisher.deliver(gameId);
  // Closed in words by what it owed; a game /fengsheng abort stopped gets its picture as it stood.
  if (channelLives) ctx.publisher.tableChanged(gameId);
}

/** One DM to each of the game's players (not its AI seats), each in their own language. */
export function playerDms(ctx: Pick<Context, 'sessions' | 'locales'>, gameId: number, guildId: string, key: MessageKey, params: Record<string, string | number> = {}): Owed[] {
  return ctx.sessions.users.of(gameId).flatMap((userId) => (userId ? [dmOwed(gameId, userId, t(ctx.locales.user(guildId, userId), key, params))] : []));
}

/**
 * A channel or thread is gone (Discord said it was deleted, or answered Unknown Channel): its open
 * lobby is closed, and its game stopped as aborted (no result, nothing in /stats), each player told
 * by DM, so no timer or AI seat plays it on to an end nobody sees.
 */
export async function channelGone(ctx: Context, guildId: string, channelId: string): Promise<void> {
  const lobby = await ctx.lobbies.inChannel(guildId, channelId);
  if (lobby) await ctx.lobbies.remove(lobby.id);
  const gameId = await ctx.store.activeGameIn(guildId, channelId);
  if (gameId === null) return;
  ctx.log.info({ gameId }, "the game's channel is gone; the game is stopped");
  await stopGame(
    ctx,
    gameId,
    'channel deleted',
    () => playerDms(ctx, gameId, guildId, 'dm.channelGone'),
    false,
  );
}
