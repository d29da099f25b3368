// The table is edited through the token of a click on it (publisher.ts, reply.ts): a click on the
// table is acknowledged as an update of the table, and for the 15 minutes its token lasts, the
// table's edits go through an interaction route, which Discord does not count against the bot's
// global 50 requests a second. The clicker's panel follows up privately. A token Discord no longer
// takes hands the table back to the bot's own edits.
import { afterEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../support/discord/clock.js';
import type { RequestLogEntry } from '../support/discord/model.js';
import { gameOf, openBotTable, tableIsCurrent, tableMessage, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { seedRng } from '../../src/engine/rng.js';
import { actOnPanel, openPanel, peopleAsked, playToEnd } from './play.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The stand-in's requests after `mark` (its log keeps the last 2,000). */
const since = (t: BotTable, mark: RequestLogEntry | undefined) => {
  const all = t.discord.world.requests;
  return mark ? all.slice(all.indexOf(mark) + 1) : [...all];
};

describe("the table edited through a click's token", () => {
  it("the lobby's message becomes the table, edited through the 开始 click's token: a game begins without a table post or an edit as the bot", async () => {
    t = await openBotTable(3);
    const [alice, bob, carol] = t.users;
    const lobby = await t.discord.runCommand(alice, t.general, 'fengsheng start', { characters: false }).response();
    for (const u of [bob, carol]) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
    const mark = t.discord.world.requests.at(-1);
    await t.discord.click(alice, { label: '开始', messageId: lobby.id }).response();
    await t.bot.idle();
    const after = since(t, mark);
    const table = tableMessage(t, bob)!;
    expect(table.id).toBe(lobby.id);
    expect(await tableIsCurrent(t)).toBe(true);
    expect(table.buttons.map((b) => b.label)).toContain('我的信息');
    expect(table.attachments.map((a) => a.filename)).toEqual(['table.png']);
    // Not one request for the table counted against the global limit: no post, no edit as the bot.
    const asBot = after.filter((r) => r.path.startsWith(`/channels/${t!.general.id}/messages`));
    expect(asBot.filter((r) => r.method === 'PATCH'), 'table edits as the bot').toEqual([]);
    const posts = [...t.discord.world.messages.values()].filter((m) => m.channelId === t!.general.id && m.id !== lobby.id && !m.deleted && !m.ephemeralFor);
    expect(posts.every((m) => m.content.includes('<@')), 'only pings were posted: no second table').toBe(true);
    const byToken = after.filter((r) => r.method === 'PATCH' && /^\/webhooks\/[^/]+\/[^/]+\/messages\/%40original$/.test(r.path) && r.status === 200);
    expect(byToken.length).toBeGreaterThan(0);
  }, 60_000);

  it('after a click on the table, its edits count nothing against the global limit; the panel follows up privately', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t);
    await t.bot.idle();
    const [alice, bob] = t.users;
    const table = tableMessage(t, alice)!;
    const tableEdits = `/channels/${t.general.id}/messages/${table.id}`;
    const mark = t.discord.world.requests.at(-1);
    const panel = await openPanel(t, alice, table);
    const followUps = since(t, mark).filter((r) => r.method === 'POST' && r.path.startsWith('/webhooks/'));
    expect(followUps.map((r) => r.status)).toEqual([200]);
    // The click's answer is alice's panel, seen by her alone, under the table it was clicked on.
    expect(panel.ephemeral).toBe(true);
    expect(panel.id).not.toBe(table.id);
    expect(t.discord.seenBy(bob).some((m) => m.id === panel.id)).toBe(false);
    const { steps } = await playToEnd(t, 5, { maxSteps: 10 });
    expect(steps).toBe(10);
    await t.bot.idle();
    const after = since(t, mark);
    const byToken = after.filter((r) => r.method === 'PATCH' && /^\/webhooks\/[^/]+\/[^/]+\/messages\/%40original$/.test(r.path) && r.status === 200);
    expect(byToken.length, 'table edits through the token').toBeGreaterThan(0);
    expect(after.filter((r) => r.method === 'PATCH' && r.path === tableEdits), 'table edits as the bot').toEqual([]);
    expect(await tableIsCurrent(t)).toBe(true);
    // The picture went along: the table shows it, described.
    const shown = tableMessage(t, bob)!;
    expect(shown.id).toBe(table.id);
    expect(shown.attachments.map((a) => a.filename)).toEqual(['table.png']);
    expect(shown.attachments[0].description).toBeTruthy();
  }, 120_000);

  it('a panel answered by a click on it keeps refreshing itself as others play', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t);
    await t.bot.idle();
    const [alice] = t.users;
    // On until the decision is someone else's.
    for (let k = 0; k < 20 && (await peopleAsked(t)).includes(alice); k++) await playToEnd(t, 30 + k, { maxSteps: 1 });
    expect(await peopleAsked(t)).not.toContain(alice);
    const panel = await openPanel(t, alice, tableMessage(t, alice)!);
    // A click of alice's on her panel: its answer updates the panel in place.
    const button = panel.buttons.find((b) => b.customId && !b.customId.endsWith(':back'))!;
    const click = t.discord.click(alice, { customId: button.customId!, messageId: panel.id });
    expect((await click.response()).id).toBe(panel.id);
    const mark = t.discord.world.requests.at(-1);
    // The others play (from panels of their own) until a decision is alice's again; she clicks nothing more.
    const rng = seedRng(3);
    let played = 0;
    for (let k = 0; k < 40; k++) {
      await t.bot.idle();
      const asked = await peopleAsked(t);
      const u = asked.find((x) => x !== alice);
      if (asked.includes(alice) || !u) break;
      await actOnPanel(t, u, await openPanel(t, u, tableMessage(t, u)!), rng);
      played++;
    }
    expect(played).toBeGreaterThan(0);
    expect(await peopleAsked(t)).toContain(alice);
    await t.bot.idle();
    const refreshed = since(t, mark).filter((r) => r.method === 'PATCH' && r.path.includes(encodeURIComponent(click.record.token)) && r.status === 200);
    expect(refreshed.length, 'her panel was edited through her click').toBeGreaterThan(0);
  }, 120_000);

  it('a token Discord no longer takes hands the table back to the bot, which keeps it current', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t);
    await t.bot.idle();
    const [alice] = t.users;
    const table = tableMessage(t, alice)!;
    await openPanel(t, alice, table);
    await playToEnd(t, 6, { maxSteps: 2 });
    await t.bot.idle();
    // Discord's side of the token's 15 minutes passes (the bot's clock does not: it still thinks it fresh).
    (t.discord.world.clock as ManualClock).advance(15 * 60_000 + 1);
    const mark = t.discord.world.requests.at(-1);
    // Two changes of the table with no click between them (a click would lend a fresh token).
    const gameId = await gameOf(t);
    for (let k = 0; k < 2; k++) {
      t.bot.publisher.tableChanged(gameId);
      await t.bot.idle();
    }
    const after = since(t, mark);
    const refused = after.filter((r) => r.method === 'PATCH' && r.path.endsWith('/messages/%40original'));
    expect(refused.map((r) => r.code), 'the token was tried once, then given up').toEqual([50027]);
    const asBot = after.filter((r) => r.method === 'PATCH' && r.path === `/channels/${t!.general.id}/messages/${table.id}`);
    expect(asBot.map((r) => r.status)).toEqual([200, 200]);
    expect(await tableIsCurrent(t)).toBe(true);
  }, 120_000);
});
