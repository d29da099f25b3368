// 千智风声 (docs/rules.md §12) through the real discord.js client and the stand-in: the lobby option
// 版本: 千智, its table sizes explained in the lobby, a whole game played by clicking, and its rules page.
import { describe, expect, it } from 'vitest';
import { rulesPages } from '../../src/discord/render/rules.js';
import { tableMessage, useBotTable } from './harness.js';
import { isOver, playToEnd } from './play.js';

describe('a 千智风声 lobby', () => {
  const botTable = useBotTable(7);

  it('says the edition is played by 5 or 6: begin refused at 4, the lobby full at 6', async () => {
    const t = botTable();
    const [host, ...rest] = t.users;
    const lobby = await t.discord.runCommand(host, t.general, 'fengsheng start', { edition: 'qianzhi', characters: false }).response();
    expect(lobby.embeds[0].description).toContain('版本：千智');
    for (const u of rest.slice(0, 3)) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
    // Refusals come back privately (a follow-up only the clicker sees).
    const said = async (u: (typeof t.users)[number], label: string) => {
      await t.discord.click(u, { label, messageId: lobby.id }).settled();
      await t.bot.idle();
      return t.discord.seenBy(u).map((m) => m.content).join('\n');
    };
    expect(await said(host, '开始')).toContain('千智只能5人或6人游戏，现在有4人');
    for (const u of rest.slice(3, 5)) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
    expect(await said(rest[5], '加入')).toContain('大厅已满：千智最多6人');
    expect(t.discord.seenBy(host).find((m) => m.id === lobby.id)?.embeds[0].description).toContain('玩家（6/6）');
  }, 120_000);
});

describe('a whole 千智风声 game through Discord', () => {
  const botTable = useBotTable(5);

  it('is begun at 5, dealt from its 108 cards and played to the end by clicking, no secret leaked', async () => {
    const t = botTable();
    const [host, ...rest] = t.users;
    const lobby = await t.discord.runCommand(host, t.general, 'fengsheng start', { edition: 'qianzhi', characters: true }).response();
    for (const u of rest) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
    const begun = await t.discord.click(host, { label: '开始', messageId: lobby.id }).response();
    // The lobby's message has become the table.
    expect(begun.content).toMatch(/^等待/);
    await t.bot.idle();
    const gameId = (await t.bot.store.activeGameIn(t.guild.id, t.general.id))!;
    const state = (await t.bot.store.state(gameId))!;
    expect(state.edition).toBe('qianzhi');
    expect(state.cards).toHaveLength(108);
    const { leaks, steps } = await playToEnd(t, 1808, { scanEvery: 5 });
    expect(leaks).toEqual([]);
    expect(steps).toBeGreaterThan(10);
    expect(isOver(tableMessage(t, t.users[0])!)).toBe(true);
    expect((await t.bot.store.game(gameId))?.status).toBe('finished');
  }, 300_000);
});

describe('/fengsheng rules', () => {
  it('has a page for 千智风声 in both languages, with its cards', () => {
    for (const l of ['zh-CN', 'en'] as const) {
      const page = rulesPages(l).find((p) => p.title.includes('千智风声'))!;
      expect(page.text).toContain('转移 3/3/2');
      expect(page.text).toContain('权衡 0/0/2');
      expect(page.text.length).toBeLessThanOrEqual(4096);
    }
  });
});
