// The lobby options 角色版本 and 胜利情报数 end to end: /fengsheng start with them, the lobby shows them
// (and suggests four when both factions have three players), and the game deals the first-print
// characters and plays to its end; victory intel 4 reaches the game.
import { afterEach, describe, expect, it } from 'vitest';
import { CHARACTER_SETS } from '../../src/engine/index.js';
import { openBotTable, tableMessage, type BotTable } from './harness.js';
import { isOver, playToEnd } from './play.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('角色版本 初版 and 胜利情报数 4', () => {
  it('a lobby of seven suggests four, of five not; a game of 初版 runs to its end', async () => {
    t = await openBotTable(1);
    const [me] = t.users;
    const lobby = await t.discord.runCommand(me, t.general, 'fengsheng start', { characterset: 'classic' }).response();
    const desc = () => t!.discord.seenBy(me, { channel: t!.general }).find((m) => m.id === lobby.id)!.embeds[0].description ?? '';
    expect(lobby.embeds[0].description).toContain('初版');
    expect(lobby.embeds[0].description).toContain('胜利情报数：3');
    for (let k = 0; k < 6; k++) await t.discord.click(me, { label: '添加AI', messageId: lobby.id }).response();
    expect(desc()).toContain('建议把胜利情报数改为 4');
    for (let k = 0; k < 2; k++) await t.discord.click(me, { label: '移除AI', messageId: lobby.id }).response();
    expect(desc()).not.toContain('建议');
    await t.discord.click(me, { label: '开始', messageId: lobby.id }).response();
    await t.bot.idle();
    const gameId = (await t.bot.store.activeGameIn(t.guild.id, t.general.id))!;
    const s = (await t.bot.store.state(gameId))!;
    expect(s.options.characterSet).toBe('classic');
    for (const x of s.chars!.seats) for (const c of x.offers) expect(CHARACTER_SETS.classic).toContain(c);
    const { leaks } = await playToEnd(t, 19);
    expect(leaks).toEqual([]);
    expect(isOver(tableMessage(t, me)!)).toBe(true);
    // Players read the names the cards print (老鬼, not the engine's 老鬼·初版): table, log, panels, DMs.
    const seen = t.discord.seenBy(me).map((m) => [m.content, ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', ...(e.fields ?? []).map((f) => `${f.name}${f.value}`)]), ...m.buttons.map((b) => b.label ?? '')].join('\n'));
    expect(seen.join('\n')).toMatch(new RegExp(CHARACTER_SETS.classic.map((n) => n.replace('·初版', '')).join('|')));
    expect(seen.filter((x) => x.includes('·初版'))).toEqual([]);
  }, 300_000);

  it('胜利情报数 4 goes into the game', async () => {
    t = await openBotTable(1);
    const [me] = t.users;
    const lobby = await t.discord.runCommand(me, t.general, 'fengsheng start', { victoryintel: 4 }).response();
    expect(lobby.embeds[0].description).toContain('胜利情报数：4');
    for (let k = 0; k < 2; k++) await t.discord.click(me, { label: '添加AI', messageId: lobby.id }).response();
    await t.discord.click(me, { label: '开始', messageId: lobby.id }).response();
    await t.bot.idle();
    const s = (await t.bot.store.state((await t.bot.store.activeGameIn(t.guild.id, t.general.id))!))!;
    expect(s.options.victoryIntel).toBe(4);
    expect(s.options.characterSet).toBeUndefined();
  }, 120_000);
});
