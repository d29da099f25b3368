// A player's DM channel is kept with their preferences (issue 34: a restart on a busy evening must not
// spend the bot token's global budget opening every player's DMs again): after a restart a DM is one
// request, the message; a stored channel Discord no longer knows is opened again and stored anew.
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../support/discord/model.js';
import { gameOf, openBotTable, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';

/** The requests the stand-in answers while `run` runs. */
async function requestsDuring(t: BotTable, run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listen = (c: { kind: string; entry?: RequestLogEntry }) => {
    if (c.kind === 'request' && c.entry) seen.push(`${c.entry.method} ${c.entry.path.replace(/\d{5,}/g, ':id')} ${c.entry.status}`);
  };
  t.discord.world.events.on('change', listen);
  try {
    await run();
  } finally {
    t.discord.world.events.off('change', listen);
  }
  return seen;
}

/** A 3-player game begun, its first DMs sent (welcomeMs 0 here: at once). */
async function begun(): Promise<{ t: BotTable; gameId: number }> {
  const t = await openBotTable(3);
  await openLobbyAndBegin(t, 3);
  const gameId = await gameOf(t);
  await t.bot.idle();
  return { t, gameId };
}

describe("a player's DM channel", () => {
  it('is stored when first opened, and after a restart a DM is the message alone', async () => {
    const { t, gameId } = await begun();
    try {
      const bob = t.users[1];
      // The game's first DMs opened each player's channel.
      for (const u of t.users) expect(await t.bot.store.repos.prefs.dmChannel(u.id)).toBe(t.discord.world.dmChannelOf(u.id)!.id);
      await t.restart();
      const dms = () => t.discord.seenBy(bob).filter((m) => m.where === 'DM').map((m) => m.content);
      const before = dms().length;
      const sent = await requestsDuring(t, async () => {
        await t.bot.store.owe([{ gameId, kind: 'dm', target: bob.id, body: { content: '重启之后' } }]);
        await t.bot.publisher.deliver(gameId);
        await t.bot.idle();
      });
      expect(dms().slice(before)).toEqual(['重启之后']);
      const toDiscord = sent.filter((r) => !r.includes('/interactions/') && !r.includes('/webhooks/') && !r.startsWith('GET /gateway'));
      expect(toDiscord.filter((r) => r.startsWith('POST /users/@me/channels') || r.startsWith('GET /users/'))).toEqual([]);
      expect(toDiscord.filter((r) => r.startsWith('POST /channels/:id/messages'))).toEqual(['POST /channels/:id/messages 200']);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('is opened again, and stored, when Discord no longer knows the one stored', async () => {
    const { t, gameId } = await begun();
    try {
      const carol = t.users[2];
      await t.bot.store.repos.prefs.setDmChannel(carol.id, '112233445566778899', t.clock.now());
      await t.restart();
      const sent = await requestsDuring(t, async () => {
        await t.bot.store.owe([{ gameId, kind: 'dm', target: carol.id, body: { content: 'still here' } }]);
        await t.bot.publisher.deliver(gameId);
        await t.bot.idle();
      });
      expect(t.discord.seenBy(carol).filter((m) => m.where === 'DM').at(-1)?.content).toBe('still here');
      expect(sent.filter((r) => r.includes('/channels') && !r.includes('/interactions/'))).toEqual([
        'POST /channels/:id/messages 404',
        'POST /users/@me/channels 200',
        'POST /channels/:id/messages 200',
      ]);
      expect(await t.bot.store.repos.prefs.dmChannel(carol.id)).toBe(t.discord.world.dmChannelOf(carol.id)!.id);
    } finally {
      await t.close();
    }
  }, 60_000);
});
