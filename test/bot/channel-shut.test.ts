// A game's channel closed to the bot (docs/operations.md): a server's admin took its 发送消息 or
// 查看频道 there, and Discord answers its next post with Missing Permissions or Missing Access. The game
// is held: no timer, bot seat or click moves it, and each player is told once by DM. When the bot may
// post there again, the game goes on with its decision timed afresh; held HOLD_LIMIT_MS, it is stopped
// without a result.
import { afterEach, describe, expect, it } from 'vitest';
import { HOLD_LIMIT_MS } from '../../src/discord/outbound/holds.js';
import type { UserRecord } from '../support/discord/index.js';
import { advanceTo, gameOf, openBotTable, tableMessage, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { openPanel, peopleAsked } from './play.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const dmsOf = (t: BotTable, u: UserRecord) => t.discord.seenBy(u).filter((m) => m.where === 'DM');
const HELD = /已暂停：机器人无法在|Your game of 风声 is paused/;

/**
 * A game begun, then the bot denied `what` in its channel; the clock runs on, alarm after alarm, until
 * Discord has refused a post and the game is held. Its id and version then.
 */
async function heldGame(t: BotTable, what: 'view' | 'send'): Promise<{ gameId: number; version: number }> {
  await openLobbyAndBegin(t);
  const gameId = await gameOf(t);
  t.discord.denyBot(t.general, what);
  for (let k = 0; k < 10; k++) {
    if ((await t.bot.store.repos.games.held()).some((h) => h.id === gameId)) return { gameId, version: t.bot.store.liveState(gameId)!.version };
    const next = t.clock.nextAlarm();
    if (next === null) break;
    await advanceTo(t, next);
  }
  throw new Error('the game was not held');
}

/** Runs the game's clock `ms` on, alarm after alarm. */
async function runFor(t: BotTable, ms: number): Promise<void> {
  const end = t.clock.now() + ms;
  for (let next = t.clock.nextAlarm(); next !== null && next <= end; next = t.clock.nextAlarm()) await advanceTo(t, next);
  await advanceTo(t, end);
}

describe("a game's channel closed to the bot", () => {
  it('holds the game, tells each player once, refuses moves, and goes on when the bot may post again, its decision timed afresh', async () => {
    t = await openBotTable(3);
    const { gameId } = await heldGame(t, 'send');
    await t.bot.idle();
    const held = t.bot.store.liveState(gameId)!;
    expect(t.bot.store.known(gameId)?.status).toBe('active');
    // Its own messages the bot may still edit: the table says the game is paused, and no deadline.
    const paused = (u: UserRecord) => tableMessage(t!, u)?.content.startsWith('⏸ 本局暂停');
    await t.discord.waitFor(() => paused(t!.users[0]), { description: 'the table paused' });
    expect(tableMessage(t, t.users[0])!.content).not.toMatch(/<t:\d+:R>/);
    t.users.forEach((u) => {
      const fresh = dmsOf(t!, u).filter((m) => HELD.test(m.content));
      expect(fresh, u.username).toHaveLength(1);
      expect(fresh[0].content).toContain(`<#${t!.general.id}>`);
    });

    // Fourteen minutes: no deadline, bot seat or warning moves it, nobody is DMed again.
    await runFor(t, HOLD_LIMIT_MS - 60_000);
    expect((await t.bot.store.state(gameId))!.version).toBe(held.version);
    t.users.forEach((u) => expect(dmsOf(t!, u).filter((m) => HELD.test(m.content))).toHaveLength(1));

    // A player who is asked something clicks through their panel to a move: told why nothing happens.
    const [asked] = await peopleAsked(t);
    const refusal = () => t!.discord.seenBy(asked).find((m) => m.ephemeral && /本局已暂停/.test(m.content));
    let panel = await openPanel(t, asked, tableMessage(t, asked)!);
    for (let k = 0; k < 4 && !refusal(); k++) {
      const select = panel.selects.find((x) => x.options.length > 0 && !/:respond/.test(x.customId));
      const button = panel.buttons.find((x) => x.customId && !/:(back|respond|info)/.test(x.customId));
      if (select) panel = await t.discord.choose(asked, { customId: select.customId, messageId: panel.id }, [select.options[0].value]).response();
      else if (button) panel = await t.discord.click(asked, { customId: button.customId!, messageId: panel.id }).response();
      await t.bot.idle();
    }
    expect(refusal()).toBeDefined();
    expect((await t.bot.store.state(gameId))!.version).toBe(held.version);

    // The admin gives the permission back: Discord's CHANNEL_UPDATE lets the game go on at once.
    const now = t.clock.now();
    t.discord.denyBot(t.general, null);
    await t.discord.waitFor(() => t!.discord.seenBy(t!.users[0], { channel: t!.general }).find((m) => /本局继续：机器人又能在本频道发言了/.test(m.content)), { description: 'the resumed notice' });
    await t.bot.idle();
    const after = (await t.bot.store.state(gameId))!;
    expect(after.version).toBe(held.version + 1);
    expect(after.pending?.opened).toBe(held.pending?.opened);
    expect(after.pending!.deadline!).toBeGreaterThanOrEqual(now + 3_000);
    expect(await t.bot.store.repos.games.held()).toEqual([]);
    await t.discord.waitFor(() => !paused(t!.users[0]), { description: 'the table live again' });
    // And it plays on: its next deadline times out as before.
    await advanceTo(t, after.pending!.deadline!);
    expect((await t.bot.store.state(gameId))!.version).toBeGreaterThan(after.version);
  }, 120_000);

  it('held past the limit (查看频道 taken, never given back): stopped without a result, each player told', async () => {
    t = await openBotTable(3);
    const { gameId, version } = await heldGame(t, 'view');
    await runFor(t, HOLD_LIMIT_MS);
    await t.bot.idle();
    expect(t.bot.store.known(gameId)?.status).toBe('aborted');
    expect((await t.bot.store.state(gameId))!.version).toBe(version);
    for (const u of t.users) {
      const dms = dmsOf(t, u).map((m) => m.content);
      expect(dms.filter((c) => HELD.test(c)), u.username).toHaveLength(1);
      expect(dms.filter((c) => /分钟内仍无法在|still could not post/.test(c)), u.username).toHaveLength(1);
    }
    const stats = await t.discord.runCommand(t.users[0], t.discord.createChannel(t.guild, 'elsewhere'), 'fengsheng stats').response();
    expect(stats.embeds[0].description).toBe('还没有战绩。');
  }, 120_000);

  it('stays held across a restart, and goes on after it when the bot may post again', async () => {
    t = await openBotTable(3);
    const { gameId, version } = await heldGame(t, 'send');
    await t.restart();
    await t.bot.idle();
    // The table drawn again after the restart says the game is paused.
    await t.discord.waitFor(() => tableMessage(t!, t!.users[0])?.content.startsWith('⏸ 本局暂停'), { description: 'the table paused after the restart' });
    await runFor(t, 5 * 60_000);
    expect((await t.bot.store.state(gameId))!.version).toBe(version);
    expect((await t.bot.store.repos.games.held()).map((h) => h.id)).toEqual([gameId]);
    t.discord.denyBot(t.general, null);
    await t.discord.waitFor(() => t!.discord.seenBy(t!.users[0], { channel: t!.general }).find((m) => /本局继续：机器人又能在本频道发言了/.test(m.content)), { description: 'the resumed notice' });
    await t.bot.idle();
    expect((await t.bot.store.state(gameId))!.version).toBe(version + 1);
  }, 120_000);
});
