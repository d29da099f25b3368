// 再来一局 (issue 36 §6): the closed table offers its host another game with the same settings and AI
// seats; the other players are named in the new lobby and join again with one click.
import { describe, expect, it } from 'vitest';
import { openBotTable, tableMessage } from './harness.js';

describe('再来一局', () => {
  it("the host's click opens a lobby with the same settings and AI seats, naming the others; anyone else is told only the host may", async () => {
    const t = await openBotTable(3);
    try {
      const [alice, bob, carol] = t.users;
      const lobby = await t.discord.runCommand(alice, t.general, 'fengsheng start', { characters: false, timer: 45, rounds: 3 }).response();
      await t.discord.click(bob, { label: '加入', messageId: lobby.id }).response();
      await t.discord.click(alice, { label: '添加AI', messageId: lobby.id }).response();
      await t.discord.click(alice, { label: '开始', messageId: lobby.id }).response();
      await t.bot.idle();
      await t.discord.runCommand(alice, t.general, 'fengsheng abort').response();
      await t.bot.idle();
      const table = t.discord.seenBy(carol, { channel: t.general }).find((m) => m.id === lobby.id)!;
      expect(table.buttons.map((b) => b.label)).toEqual(['回放', '再来一局']);

      // bob (who reads English) played but is not the host.
      await t.discord.click(bob, { label: '再来一局', messageId: table.id }).settled();
      await t.bot.idle();
      expect(t.discord.seenBy(bob).filter((m) => m.ephemeral).at(-1)!.content).toBe(`Only this game's host, <@${alice.id}>, can open another.`);

      await t.discord.click(alice, { label: '再来一局', messageId: table.id }).settled();
      await t.bot.idle();
      const again = t.discord.seenBy(carol, { channel: t.general }).filter((m) => m.embeds[0]?.title?.includes('大厅')).at(-1)!;
      expect(again.id).not.toBe(lobby.id);
      expect(again.content).toBe(`<@${alice.id}> 用同样的设置再开一局：<@${bob.id}> 点「加入」就能回来。`);
      // The same settings, alice and the AI seated; bob is told (mentioned), carol (not a player) is not.
      const body = again.embeds[0].description ?? '';
      expect(body).toContain('45');
      expect(body).toMatch(/1\. <@\d+>\n2\. .*AI/);
      expect(t.discord.notificationsFor(bob).some((n) => n.messageId === again.id)).toBe(true);
      expect(t.discord.notificationsFor(carol).some((n) => n.messageId === again.id)).toBe(false);
      // One click brings bob back.
      const joined = await t.discord.click(bob, { label: '加入', messageId: again.id }).response();
      expect(joined.embeds[0].description).toContain(`<@${bob.id}>`);
      // A second 再来一局 while that lobby is open opens nothing.
      await t.discord.click(alice, { label: '再来一局', messageId: table.id }).settled();
      await t.bot.idle();
      expect(t.discord.seenBy(alice).filter((m) => m.ephemeral).at(-1)!.content).toBe('本频道已经有一局游戏了。');
      expect(tableMessage(t, carol)).toBeDefined();
    } finally {
      await t.close();
    }
  }, 60_000);
});
