// 提示 through the Discord stand-in (issue 38 §3): a game where every person clicks 提示 on their
// panel before each move and then plays exactly the hinted move (its 照做) runs to its end; each
// hint's move is one of the seat's legal actions, and what it says names nothing the seat's view
// does not allow (test/ai/fixtures/coach-text.ts). A lobby that turns 提示 off offers no button.
import { afterEach, describe, expect, it } from 'vitest';
import { legalActions, view, type Action } from '../../src/engine/index.js';
import { actionHash, decodeId } from '../../src/discord/custom-id.js';
import { hintProblems } from '../ai/fixtures/coach-text.js';
import { gameOf, openBotTable, tableMessage, type BotTable } from './harness.js';
import { isOver, openPanel, playToEnd, WAIT } from './play.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An action as logged or listed, without its version, keys in order. */
const norm = (a: Action) =>
  JSON.stringify(
    Object.entries(a)
      .filter(([k]) => k !== 'version')
      .sort(([x], [y]) => x.localeCompare(y)),
  );

describe('提示 (the coach)', () => {
  it('a game where both people always click 提示 and play the hinted move (照做) runs to its end', async () => {
    t = await openBotTable(2, { aiBudgetMs: 4 });
    const [host, guest] = t.users;
    const lobby = await t.discord.runCommand(host, t.general, 'fengsheng start', { characters: true }).response();
    expect(lobby.embeds[0].description).toContain('提示：开');
    await t.discord.click(guest, { label: '加入', messageId: lobby.id }).response();
    for (let k = 0; k < 3; k++) await t.discord.click(host, { label: '添加AI', messageId: lobby.id }).response();
    await t.discord.click(host, { label: '开始', messageId: lobby.id }).response();
    await t.bot.idle();
    const gameId = await gameOf(t);
    const seats = await t.bot.store.seats(gameId);
    const problems: string[] = [];
    const kinds = new Set<string>();
    let hints = 0;
    // Whoever is asked clicks 提示 on their panel, then 照做 on the hint.
    const { leaks } = await playToEnd(t, 5, {
      act: async (u, panel) => {
        const seat = seats.findIndex((s) => s.userId === u.id);
        const coach = panel.buttons.find((b) => b.customId?.endsWith(':coach'));
        expect(coach, `${u.username}'s panel offers 提示`).toBeDefined();
        const state = (await t!.bot.store.state(gameId))!;
        // The click answers with the panel itself; the hint is its follow-up, a message of its own.
        const click = t!.discord.click(u, { customId: coach!.customId!, messageId: panel.id });
        await click.settled(WAIT);
        const hint = await t!.discord.waitFor(() => t!.discord.seenBy(u).find((m) => m.id === click.record.followUpIds.at(-1)), WAIT);
        expect((await click.response(WAIT)).embeds[0].title).toBe(panel.embeds[0].title);
        hints++;
        expect(hint.ephemeral).toBe(true);
        // Read against the seat's view as it was when the hint was made (nothing moved since: only this person is asked to act).
        const legal = legalActions(state, seat);
        problems.push(...hintProblems(hint.content, view(state, seat), legal));
        const follow = hint.buttons.find((b) => b.customId?.includes(':act:'));
        expect(follow, hint.content).toBeDefined();
        const id = decodeId(follow!.customId!)!;
        const hinted = legal[id.args[0]];
        expect(hinted, 'the hint names one of the legal actions').toBeDefined();
        expect(actionHash(hinted)).toBe(id.args[1]);
        kinds.add(hinted.kind);
        const before = (await t!.bot.store.repos.games.log(gameId)).length;
        await t!.discord.click(u, { customId: follow!.customId!, messageId: hint.id }).response(WAIT);
        await t!.bot.idle();
        // The move made is the hinted one, by this seat.
        const made = (await t!.bot.store.repos.games.log(gameId)).slice(before).map((r) => JSON.parse(r.action) as Action);
        expect(made.map(norm)).toContain(norm(hinted));
      },
    });
    expect(isOver(tableMessage(t, host)!)).toBe(true);
    expect(problems).toEqual([]);
    expect(leaks).toEqual([]);
    // Both languages were asked (alice reads Chinese, bob English), and more than passing was hinted.
    expect(hints).toBeGreaterThan(10);
    expect(kinds.has('pickCharacter') && (kinds.has('send') || kinds.has('take') || kinds.has('refuse'))).toBe(true);
  }, 300_000);

  it('a lobby that turns 提示 off shows it off, and its panels offer no 提示', async () => {
    t = await openBotTable(1, { aiBudgetMs: 4 });
    const [me] = t.users;
    const lobby = await t.discord.runCommand(me, t.general, 'fengsheng start', { characters: false, hints: false }).response();
    expect(lobby.embeds[0].description).toContain('提示：关');
    // The lobby says what each AI level is.
    expect(lobby.embeds[0].description).toContain('AI 难度：困难（在普通之上，每步先推演全桌的应对）');
    for (let k = 0; k < 2; k++) await t.discord.click(me, { label: '添加AI', messageId: lobby.id }).response();
    await t.discord.click(me, { label: '开始', messageId: lobby.id }).response();
    await t.bot.idle();
    const panel = await openPanel(t, me, tableMessage(t, me)!);
    expect(panel.embeds[0].title).toContain('alice');
    expect(panel.buttons.some((b) => b.customId?.endsWith(':coach'))).toBe(false);
  }, 60_000);
});
