// A click or command the event loop leaves unanswered (a long stall) is acknowledged by the HTTP thread,
// which the gateway's thread told of it as it came (src/discord/http/worker.mjs): the player is not told
// "This interaction failed", and what the event loop answers afterwards still shows (a move on the
// panel, a command's private reply).
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { BotREST } from '../../src/discord/http/rest.js';
import type { InteractionHandle, InteractionRecord } from '../support/discord/index.js';
import { useBotTable, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { liveTable, openPanel, peopleAsked, WAIT } from './play.js';

/**
 * Starts an interaction, then holds this process's event loop (the bot's) 2.6 s as a long synchronous task
 * would; the interaction once settled, and how long after it came the HTTP thread said it acknowledged it
 * (as the bot's metrics hear of it).
 */
async function duringStall(t: BotTable, start: () => InteractionHandle): Promise<{ record: InteractionRecord; keptMs: number }> {
  const rest = t.bot.client.rest;
  if (!(rest instanceof BotREST)) throw new Error('the bot has its own REST client');
  const kept = new Promise<number>((resolve) => rest.watch({ sent: () => undefined, kept: resolve }));
  const handle = start();
  const until = performance.now() + 2_600;
  while (performance.now() < until) {
    // busy
  }
  return { record: await handle.settled(WAIT), keptMs: await kept };
}

describe('an interaction the event loop leaves unanswered for 2 s', () => {
  const botTable = useBotTable(5);

  it('is acknowledged by the HTTP thread as an update of the panel, and the move shows on it afterwards', async () => {
    const t = botTable();
    await openLobbyAndBegin(t);
    await t.bot.idle();
    const [u] = await peopleAsked(t);
    const panel = await openPanel(t, u, await liveTable(t, u));
    const move = panel.buttons.find((b) => b.customId?.endsWith(':pass')) ?? panel.buttons.find((b) => /:(act|send|play):/.test(b.customId ?? ''));
    expect(move?.customId).toBeDefined();
    const version = (await t.bot.store.state(Number(move!.customId!.split(':')[1])))!.version;

    // The stand-in's clock stands still (the harness's ManualClock): Discord's 3 s never run out here,
    // so what answered first is what tells the two apart: the event loop's own answer is the panel
    // itself (type 7), the HTTP thread's an acknowledgement (type 6).
    const { record, keptMs } = await duringStall(t, () => t.discord.click(u, { customId: move!.customId!, messageId: panel.id }));
    expect(record.state).toBe('acknowledged');
    expect(record.responseType).toBe(6);
    expect(keptMs).toBeGreaterThanOrEqual(2_000);

    // The move was made, and the panel shows it: the event loop's answer went as an edit of @original.
    const after = await t.discord.waitFor(() => t.discord.seenBy(u).find((m) => m.id === panel.id && m.revision > panel.revision), WAIT);
    await t.bot.idle();
    expect((await t.bot.store.state(Number(move!.customId!.split(':')[1])))!.version).toBeGreaterThan(version);
    expect(after.buttons.some((b) => b.customId === move!.customId)).toBe(false);
    expect(t.discord.noticesFor(u)).toEqual([]);
  }, 120_000);

  it('acknowledges a command answered privately (/fengsheng rules) as a private reply deferred, and the reply is that message', async () => {
    const t = botTable();
    const u = t.users[1];
    const { record, keptMs } = await duringStall(t, () => t.discord.runCommand(u, t.general, 'fengsheng rules'));
    // The event loop defers such a command at once too: the thread's count tells who did.
    expect(record.responseType).toBe(5);
    expect(keptMs).toBeGreaterThanOrEqual(2_000);
    const reply = await t.discord.waitFor(() => t.discord.seenBy(u).find((m) => m.interaction?.id === record.id && !m.loading), WAIT);
    expect(reply.ephemeral).toBe(true);
    expect(reply.embeds.length + reply.content.length).toBeGreaterThan(0);
    expect(t.discord.noticesFor(u)).toEqual([]);
  }, 120_000);
});

describe('a click on the table the event loop leaves unanswered for 2 s', () => {
  const botTable = useBotTable(5);

  it("(我的信息) is acknowledged by the HTTP thread as the table's update, and the player's panel follows privately", async () => {
    const t = botTable();
    await openLobbyAndBegin(t);
    await t.bot.idle();
    const [u] = await peopleAsked(t);
    const table = await liveTable(t, u);
    const info = table.buttons.find((b) => b.customId?.endsWith(':info'));
    expect(info?.customId).toBeDefined();
    const { record, keptMs } = await duringStall(t, () => t.discord.click(u, { customId: info!.customId!, messageId: table.id }));
    expect(record.state).toBe('acknowledged');
    expect(record.responseType).toBe(6);
    expect(keptMs).toBeGreaterThanOrEqual(2_000);
    // The panel came as the click's private follow-up, with the player's own moves on it.
    const panel = await t.discord.waitFor(() => t.discord.seenBy(u).find((m) => m.interaction?.id === record.id && m.ephemeral && m.buttons.length > 0), WAIT);
    expect(panel.buttons.some((b) => ['pass', 'act', 'send', 'play', 'take', 'refuse', 'choose'].includes(b.customId?.split(':')[3] ?? ''))).toBe(true);
    // The table is still the table (the thread's acknowledgement did not turn it into anything else).
    expect((await liveTable(t, u)).id).toBe(table.id);
    expect(t.discord.noticesFor(u)).toEqual([]);
  }, 120_000);
});
