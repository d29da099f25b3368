// What the bot owes Discord is sent exactly once (src/store/outbox.ts, src/discord/outbox-sender.ts):
// through 5xx answers that lost a delivered message, 5xx bursts that delivered nothing, DMs that
// never get through, and a table posted whose id was not saved.
import { sqliteConnection } from '../../src/store/sqlite.js';
import { afterEach, describe, expect, it } from 'vitest';
import { advanceTo, gameOf, openBotTable, tableMessage, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { actOnPanel, isOver, nextMoment, openPanel, peopleAsked, playToEnd } from './play.js';
import { seedRng } from '../../src/engine/rng.js';
import { MAX_ATTEMPTS, backoffMs } from '../../src/discord/outbound/outbox-sender.js';
import { TOKEN_MS } from '../../src/discord/outbound/tokens.js';
import type { UserRecord } from '../support/discord/index.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const WELCOME = /风声开局了|A game of 风声 began/;
const dmsOf = (t: BotTable, u: UserRecord) => t.discord.seenBy(u).filter((m) => m.where === 'DM');
const outboxRows = (t: BotTable) =>
  sqliteConnection(t.bot.store.backend).sqlite.prepare('SELECT id, kind, target, nonce, outcome, done_at AS doneAt, attempts FROM outbox ORDER BY id').all() as {
    id: number;
    kind: string;
    target: string;
    nonce: string;
    outcome: string | null;
    doneAt: number | null;
    attempts: number;
  }[];
/** Table messages in the channel that still have buttons: the ones a player can click. */
const liveTables = (t: BotTable) =>
  t.discord
    .seenBy(t.users[0], { channel: t.general })
    .filter((m) => m.author.bot && m.embeds[0]?.title?.startsWith('风声 ·') && !m.embeds[0].title.includes('大厅') && m.buttons.length > 0);

/** Pings still up in the channel. */
const livePings = (t: BotTable) =>
  [...t.discord.world.messages.values()].filter((m) => !m.deleted && !m.ephemeralFor && m.channelId === t.general.id && m.authorId === t.discord.world.bot.id && /轮到你|your move|还剩|left:/.test(m.content));

/** Every message the stand-in holds with a nonce: no nonce twice. */
function nonceCounts(t: BotTable): Map<string, number> {
  const n = new Map<string, number>();
  for (const m of t.discord.world.messages.values()) if (m.nonce && !m.deleted) n.set(m.nonce, (n.get(m.nonce) ?? 0) + 1);
  return n;
}

describe('the outbox', () => {
  it('a 5xx after a DM was delivered does not send it again', async () => {
    t = await openBotTable(3);
    // The first two DM creates are made, and their answers lost (discord.js retries a 5xx three times).
    t.discord.failMessages({ channelId: 'dm', count: 2, afterCreate: true });
    await openLobbyAndBegin(t);
    for (const u of t.users) expect(dmsOf(t, u).filter((m) => WELCOME.test(m.content)), u.username).toHaveLength(1);
    const rows = outboxRows(t).filter((r) => r.kind === 'dm');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.outcome === 'sent')).toBe(true);
    // One message per row, none without one.
    const counts = nonceCounts(t);
    for (const r of rows) expect(counts.get(r.nonce), `row ${r.id}`).toBe(1);
    expect([...t.discord.world.messages.values()].filter((m) => !m.deleted && t!.discord.world.channels.get(m.channelId)?.kind === 'dm')).toHaveLength(rows.length);
  }, 60_000);

  it('DMs a 5xx burst did not deliver are sent after back-off, once each and in order', async () => {
    t = await openBotTable(3);
    // Each player's DMs have a lane of their own: the first attempt at each of the three (four
    // requests each: discord.js retries a 5xx three times) fails before anything is made.
    t.discord.failMessages({ channelId: 'dm', count: 12 });
    await openLobbyAndBegin(t);
    const first = outboxRows(t).find((r) => r.kind === 'dm' && r.outcome === null);
    expect(first, 'a DM is still owed after the burst').toBeDefined();
    for (let k = 1; k <= 3; k++) await advanceTo(t, t.clock.now() + backoffMs(k));
    for (const u of t.users) {
      const dms = dmsOf(t, u);
      expect(dms.filter((m) => WELCOME.test(m.content)), u.username).toHaveLength(1);
      // The welcome is the first DM a player reads, however late it came.
      expect(dms[0]!.content).toMatch(WELCOME);
    }
    const rows = outboxRows(t).filter((r) => r.kind === 'dm');
    expect(rows.filter((r) => r.outcome !== 'sent')).toEqual([]);
    // Tried again, not given up: the burst cost some rows a second (or third) attempt.
    expect(Math.max(...rows.map((r) => r.attempts))).toBeGreaterThanOrEqual(2);
    for (const [nonce, n] of nonceCounts(t)) expect(n, nonce).toBe(1);
  }, 60_000);

  it('a player whose DMs never get through is told in the channel once, after the retries', async () => {
    t = await openBotTable(3);
    const [, bob] = t.users;
    t.discord.failMessages({ channelId: t.discord.dmChannel(bob).id, count: 100_000 });
    await openLobbyAndBegin(t);
    const told = () => t!.discord.seenBy(t!.users[0], { channel: t!.general }).filter((m) => m.content.includes(`<@${bob.id}>`) && /私信|DM/.test(m.content));
    expect(told()).toHaveLength(0);
    for (let k = 1; k < MAX_ATTEMPTS; k++) await advanceTo(t, t.clock.now() + backoffMs(k));
    expect(told()).toHaveLength(1);
    expect(outboxRows(t).find((r) => r.kind === 'dm' && r.target === bob.id)!.outcome).toBe('failed');
    // Once a game, across a restart and more DMs that fail the same way.
    await t.restart();
    for (let k = 1; k <= MAX_ATTEMPTS; k++) await advanceTo(t, t.clock.now() + backoffMs(k));
    expect(told()).toHaveLength(1);
    for (const u of [t.users[0], t.users[2]]) expect(dmsOf(t, u!).filter((m) => WELCOME.test(m.content))).toHaveLength(1);
  }, 120_000);

  it('a table posted whose id was not saved becomes the table after a restart: one live table', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t);
    const gameId = await gameOf(t);
    const old = (await t.bot.store.game(gameId))!.tableMessageId;
    expect(liveTables(t).map((m) => m.id)).toEqual([old]);
    // /fengsheng table posts anew; the post is made but every answer to it is lost, so its id is not saved.
    t.discord.failMessages({ channelId: t.general.id, count: 1_000, afterCreate: true });
    await t.discord.runCommand(t.users[1], t.general, 'fengsheng table', {}).settled();
    await t.bot.idle();
    expect((await t.bot.store.game(gameId))!.tableMessageId).toBe(old);
    // The message that was made carries no buttons yet: nobody can click a table the bot does not know.
    expect(liveTables(t).map((m) => m.id)).toEqual([old]);
    t.discord.world.messageFaults.splice(0);
    await t.restart();
    // The new process sends the post again once its back-off is over, with the same nonce.
    await advanceTo(t, t.clock.now() + backoffMs(1));
    const now = (await t.bot.store.game(gameId))!.tableMessageId;
    expect(now).not.toBe(old);
    expect(liveTables(t).map((m) => m.id)).toEqual([now]);
    for (const [nonce, n] of nonceCounts(t)) expect(n, nonce).toBe(1);
  }, 60_000);

  it('a game that ended just before a kill gets its final table after the restart, and its last ping goes', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false, timer: 3600 });
    const gameId = await gameOf(t);
    // The process "dies" right after the last action is committed: neither its table nor its ping follows it.
    const table = t.bot.publisher.committed.bind(t.bot.publisher);
    t.bot.publisher.committed = (id, s, events) => void (s.result || table(id, s, events));
    const ping = t.bot.pings.committed.bind(t.bot.pings);
    t.bot.pings.committed = (id, s, actor) => void (s.result || ping(id, s, actor));
    // Players who look away for a quarter of an hour before each move (their panels can no longer be
    // refreshed): each decision of one player that another's move or a clock opened is pinged in the
    // channel at once (on these seeds, the last one too).
    const rng = seedRng(196);
    while ((await t.bot.store.game(gameId))!.status === 'active') {
      const [u] = await peopleAsked(t);
      if (!u) {
        await advanceTo(t, (await nextMoment(t))!);
        continue;
      }
      await advanceTo(t, t.clock.now() + TOKEN_MS);
      await actOnPanel(t, u, await openPanel(t, u, tableMessage(t, u)!), rng);
      await t.bot.idle();
    }
    expect(isOver(tableMessage(t, t.users[0])!)).toBe(false);
    expect(livePings(t)).toHaveLength(1);
    expect(await t.bot.store.repos.outbox.finishedTableOwed()).toEqual([gameId]);
    await t.restart();
    const shown = tableMessage(t, t.users[0])!;
    expect(isOver(shown)).toBe(true);
    expect(shown.id).toBe((await t.bot.store.game(gameId))!.tableMessageId);
    expect(livePings(t)).toEqual([]);
    // Stored as shown: the next start does not show it again.
    expect(await t.bot.store.repos.outbox.finishedTableOwed()).toEqual([]);
  }, 60_000);

  /**
   * Plays until a ping is posted whose answer is lost (the message made, a 5xx back): the row stays
   * owed, in back-off. Returns the ping's message as the stand-in holds it.
   */
  async function pingWithLostAnswer(t: BotTable) {
    const before = new Set(livePings(t).map((m) => m.id));
    const fresh = () => livePings(t).filter((m) => !before.has(m.id));
    for (let k = 0; k < 40 && fresh().length === 0; k++) {
      if (!(await peopleAsked(t)).length) await advanceTo(t, (await nextMoment(t))!);
      else {
        t.discord.failMessages({ channelId: t.general.id, count: 1_000, afterCreate: true });
        // In steps, so the row's retries (1 s, 2 s, 4 s … apart) do not run out before the ping is seen.
        for (let s = 0; s < 25 && fresh().length === 0; s++) await advanceTo(t, t.clock.now() + 5_000);
        if (fresh().length === 0) t.discord.world.messageFaults.splice(0);
      }
    }
    const [ping] = fresh();
    expect(ping).toBeDefined();
    expect(outboxRows(t).filter((r) => r.nonce === ping!.nonce && r.doneAt === null)).toHaveLength(1);
    return ping!;
  }

  /** Players move (their panels answer through interactions, not message creates) until the decision `ping` was for has ended; then creates work again. */
  async function endPingedDecision(t: BotTable, ping: { nonce: string | null }, seed: number) {
    const purpose = (sqliteConnection(t.bot.store.backend).sqlite.prepare('SELECT purpose FROM outbox WHERE nonce = ?').get(ping.nonce) as { purpose: string }).purpose;
    const opened = Number(purpose.split(':')[1]);
    for (let k = 0; k < 20 && (await t.bot.store.state(await gameOf(t)))!.pending?.opened === opened; k++) await playToEnd(t, seed + k, { maxSteps: 1 });
    expect((await t.bot.store.state(await gameOf(t)))!.pending?.opened).not.toBe(opened);
    t.discord.world.messageFaults.splice(0);
  }

  it('a ping whose post was made but whose answer was lost, and whose decision then ended, is deleted without notifying anyone again', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false, timer: 600 });
    const ping = await pingWithLostAnswer(t);
    const notified = t.discord.world.notifications.length;
    // The player answers: the decision the ping was for has ended before the row's next attempt.
    await endPingedDecision(t, ping, 77);
    await advanceTo(t, t.clock.now() + backoffMs(1));
    expect(t.discord.world.messages.get(ping.id)!.deleted).toBe(true);
    expect(livePings(t)).toEqual([]);
    // The row's nonce made one message, the first one: nobody was notified of anything for it again.
    expect([...t.discord.world.messages.values()].filter((m) => m.nonce === ping.nonce)).toHaveLength(1);
    expect(t.discord.world.notifications.slice(notified).filter((n) => n.messageId === ping.id)).toEqual([]);
    expect(outboxRows(t).filter((r) => r.doneAt === null)).toEqual([]);
  }, 60_000);

  it('a ping posted just before a kill, whose decision ended meanwhile, is deleted by the next process', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false, timer: 600 });
    const ping = await pingWithLostAnswer(t);
    await endPingedDecision(t, ping, 78);
    // The process died between the request and noting it: the row looks never tried.
    sqliteConnection(t.bot.store.backend).sqlite.prepare('UPDATE outbox SET attempts = 0, next_at = 0 WHERE nonce = ?').run(ping.nonce);
    await t.restart();
    await advanceTo(t, t.clock.now() + 1);
    expect(t.discord.world.messages.get(ping.id)!.deleted).toBe(true);
    expect(livePings(t)).toEqual([]);
    expect([...t.discord.world.messages.values()].filter((m) => m.nonce === ping.nonce)).toHaveLength(1);
  }, 60_000);

  it('owed DMs the database would not read (a failover) go out after a back-off, with no commit of their game to wake them', async () => {
    t = await openBotTable(3);
    const repo = t.bot.store.repos.outbox;
    const real = repo.nextOwedTo.bind(repo);
    let failing = true;
    repo.nextOwedTo = (gameId, target, now) => (failing ? Promise.reject(new Error('timeout exceeded when trying to connect')) : real(gameId, target, now));
    await openLobbyAndBegin(t, 3, { characters: false, timer: 600 });
    await t.bot.idle();
    const gameId = await gameOf(t);
    const version = (await t.bot.store.state(gameId))!.version;
    const owed = outboxRows(t).filter((r) => r.kind === 'dm' && r.doneAt === null);
    expect(owed.length).toBeGreaterThan(0);
    // The database answers again: within the longest back-off (a minute) every one of them is delivered, and no move was made meanwhile.
    failing = false;
    await advanceTo(t, t.clock.now() + 60_000);
    expect(outboxRows(t).filter((r) => r.doneAt === null)).toEqual([]);
    for (const u of t.users) expect(dmsOf(t, u).filter((m) => WELCOME.test(m.content)), u.username).toHaveLength(1);
    expect((await t.bot.store.state(gameId))!.version).toBe(version);
  }, 60_000);

  it('a panel that cannot be refreshed after a committed click does not tell the player to try again', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t);
    const gameId = await gameOf(t);
    for (let k = 0; k < 40 && !((await t.bot.store.state(gameId))!.pending?.kind === 'window' && (await peopleAsked(t)).length); k++) await playToEnd(t, 290 + k, { maxSteps: 1 });
    const [u] = await peopleAsked(t);
    const panel = await openPanel(t, u!, liveTables(t)[0]!);
    const pass = panel.buttons.find((b) => b.customId?.endsWith(':pass'))!;
    const v0 = (await t.bot.store.state(gameId))!.version;
    // The player dismisses the panel just as their click is committed: its refresh finds no message.
    const stop = t.bot.store.subscribe(() => void (t!.discord.world.messages.get(panel.id)!.deleted = true));
    await t.discord.click(u!, { customId: pass.customId!, messageId: panel.id }).settled();
    await t.bot.idle();
    stop();
    expect((await t.bot.store.state(gameId))!.version).toBeGreaterThan(v0);
    const said = t.discord.seenBy(u!).filter((m) => m.ephemeral).map((m) => m.content);
    expect(said.filter((c) => /再试一次|Try again/.test(c))).toEqual([]);
    expect(said.filter((c) => /已生效|your move counts/.test(c))).toHaveLength(1);
  }, 120_000);
});
