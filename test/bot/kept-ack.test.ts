// A click the event loop leaves unanswered (a long stall) is acknowledged by the HTTP thread, which the
// gateway's thread told of the click as it came (src/discord/http/worker.mjs): the player is not told
// "This interaction failed", and the move the event loop makes afterwards still shows on their panel.
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { useBotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { liveTable, openPanel, peopleAsked, WAIT } from './play.js';

describe('a click the event loop leaves unanswered for 2 s', () => {
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
    const click = t.discord.click(u, { customId: move!.customId!, messageId: panel.id });
    const until = performance.now() + 2_600;
    while (performance.now() < until) {
      // The bot's event loop (this process's) is held, as by a long synchronous task.
    }
    const record = await click.settled(WAIT);
    expect(record.state).toBe('acknowledged');
    expect(record.responseType).toBe(6);

    // The move was made, and the panel shows it: the event loop's answer went as an edit of @original.
    const after = await t.discord.waitFor(() => t.discord.seenBy(u).find((m) => m.id === panel.id && m.revision > panel.revision), WAIT);
    await t.bot.idle();
    expect((await t.bot.store.state(Number(move!.customId!.split(':')[1])))!.version).toBeGreaterThan(version);
    expect(after.buttons.some((b) => b.customId === move!.customId)).toBe(false);
    expect(t.discord.noticesFor(u)).toEqual([]);
  }, 120_000);
});
