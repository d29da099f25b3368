// One person and four AI seats: the lobby's 添加AI, AI seats acting by themselves, and a seat
// that keeps timing out being played by the bot until its owner clicks again.
import { afterEach, describe, expect, it } from 'vitest';
import { openBotTable, tableMessage, waitedOn, type BotTable } from './harness.js';
import { seedRng } from '../../src/engine/rng.js';
import { actOnPanel, isOver, openPanel, playToEnd } from './play.js';
import { renderLobby } from '../../src/discord/render/lobby.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('AI seats and timers', () => {
  it('a 5-player game of one human and four AIs runs to its end', async () => {
    t = await openBotTable(1);
    const [me] = t.users;
    const lobby = await t.discord.runCommand(me, t.general, 'fengsheng start', {}).response();
    for (let k = 0; k < 4; k++) await t.discord.click(me, { label: '添加AI', messageId: lobby.id }).response();
    const seen = t.discord.seenBy(me, { channel: t.general }).find((m) => m.id === lobby.id)!;
    expect(seen.embeds[0].description).toContain('AI-4');
    // A new lobby's level is 困难 (the expert); one stored before levels reads 普通, as its games play.
    expect(seen.embeds[0].description).toContain('AI 难度：困难');
    const stored = await t.bot.lobbies.inChannel(t.guild.id, t.general.id);
    const { ai: _ai, ...before } = stored!.options;
    expect(renderLobby('zh-CN', { ...stored!, options: before }).embeds[0].description).toContain('AI 难度：普通');
    await t.discord.click(me, { label: '开始', messageId: lobby.id }).response();
    await t.bot.idle();
    const { leaks } = await playToEnd(t, 11);
    expect(leaks).toEqual([]);
    const table = tableMessage(t, me)!;
    expect(isOver(table)).toBe(true);
    expect(table.embeds[0].description).toContain('AI-1');
  }, 300_000);

  it('困难 AI seats (the expert) think in the search thread and play a game to its end', async () => {
    t = await openBotTable(1, { aiBudgetMs: 4 });
    const [me] = t.users;
    const lobby = await t.discord.runCommand(me, t.general, 'fengsheng start', { characters: false, ai: 'expert' }).response();
    for (let k = 0; k < 2; k++) await t.discord.click(me, { label: '添加AI', messageId: lobby.id }).response();
    const seen = t.discord.seenBy(me, { channel: t.general }).find((m) => m.id === lobby.id)!;
    expect(seen.embeds[0].description).toContain('AI 难度：困难');
    await t.discord.click(me, { label: '开始', messageId: lobby.id }).response();
    await t.bot.idle();
    const { leaks } = await playToEnd(t, 5);
    expect(leaks).toEqual([]);
    expect(isOver(tableMessage(t, me)!)).toBe(true);
  }, 300_000);

  it('timeouts apply the default; after two in a row the bot plays the seat until its owner clicks', async () => {
    t = await openBotTable(3);
    const [host, b, c] = t.users;
    const lobby = await t.discord.runCommand(host, t.general, 'fengsheng start', { timer: 30, characters: false }).response();
    await t.discord.click(b, { label: '加入', messageId: lobby.id }).response();
    await t.discord.click(c, { label: '加入', messageId: lobby.id }).response();
    await t.discord.click(host, { label: '开始', messageId: lobby.id }).response();
    await t.bot.idle();
    const gameId = (await t.bot.store.activeGameIn(t.guild.id, t.general.id))!;
    const deadline = (await t.bot.store.state(gameId))!.pending!.deadline!;
    expect(deadline).toBe(t.clock.now() + 30_000);
    // The host answers whatever is asked of them; the other two never click, and their
    // decisions time out, until the bot plays their seats.
    const rng = seedRng(3);
    for (let k = 0; k < 40 && t.bot.drivers.autopilotSeats(gameId).length === 0; k++) {
      const table = tableMessage(t, host)!;
      if (waitedOn(t, table).some((u) => u.id === host.id)) {
        await actOnPanel(t, host, await openPanel(t, host, table), rng);
      } else {
        t.clock.t = (await t.bot.store.state(gameId))!.pending!.deadline! + 1;
        await t.bot.timers.fire();
      }
      await t.bot.idle();
    }
    const autopiloted = t.bot.drivers.autopilotSeats(gameId);
    expect(autopiloted.length).toBeGreaterThan(0);
    const seats = await t.bot.store.seats(gameId);
    expect(autopiloted.map((s) => seats[s].userId)).not.toContain(host.id);
    if (!(await t.bot.store.state(gameId))!.result) expect(tableMessage(t, host)!.embeds[0].description).toMatch(/托管|auto/);
    // A restart keeps the seats on autopilot (they are stored).
    if (!(await t.bot.store.state(gameId))!.result) {
      await t.restart();
      expect(t.bot.drivers.autopilotSeats(gameId).sort()).toEqual([...autopiloted].sort());
    }
    // An owner on autopilot clicks again and is back.
    const owner = t.users.find((u) => u.id === seats[autopiloted[0]].userId)!;
    const panel = await openPanel(t, owner, tableMessage(t, owner)!);
    expect(panel.ephemeral).toBe(true);
    await t.bot.idle();
    expect(t.bot.drivers.autopilotSeats(gameId)).not.toContain(autopiloted[0]);
  }, 120_000);
});
