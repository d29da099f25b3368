import { DiscordAPIError, Events, GatewayIntentBits, MessageFlags, Partials, type Message } from 'discord.js';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openTable, type Table } from './fixture.js';

let t: Table;
beforeEach(async () => {
  t = await openTable({
    client: {
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages],
      partials: [Partials.Channel],
    },
  });
});
afterEach(async () => {
  await t.close();
});

describe('direct messages', () => {
  test('a DM reaches only its user', async () => {
    const bob = await t.client.users.fetch(t.bob.id);
    const echoed = once(t.client, Events.MessageCreate);
    const sent = await bob.send({ content: 'Your identity: 潜伏 (undercover)', embeds: [{ title: 'Secret' }] });
    const [event] = (await echoed) as [Message];
    expect(event.id).toBe(sent.id);
    expect(t.discord.seenBy(t.bob)).toEqual([
      expect.objectContaining({ id: sent.id, where: 'DM', content: 'Your identity: 潜伏 (undercover)', ephemeral: false }),
    ]);
    expect(t.discord.seenBy(t.alice)).toEqual([]);
    // Opening the DM again gives the same channel.
    expect((await bob.createDM(true)).id).toBe(sent.channelId);
  });

  test('users who closed their DMs, or share no server with the bot, get nothing: 50007', async () => {
    t.discord.closeDms(t.bob);
    for (const target of [t.bob, t.carol]) {
      const user = await t.client.users.fetch(target.id);
      const error = await user.send('hello').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DiscordAPIError);
      expect(error).toMatchObject({ code: 50007, status: 403 });
    }
    expect(t.discord.seenBy(t.bob)).toEqual([]);
  });

  test('commands run in the DM with the bot are answered there, ephemeral or not', async () => {
    await t.client.application.commands.set([
      { name: 'hand', description: 'show my hand' },
      { name: 'guildonly', description: 'not in DMs', contexts: [0] },
    ]);
    t.onInteraction(async (i) => {
      if (i.isChatInputCommand()) {
        expect(i.channel?.isDMBased()).toBe(true);
        await i.reply({ content: `hand of ${i.user.username}`, flags: MessageFlags.Ephemeral });
      }
    });
    const seen = await t.discord.runCommand(t.alice, 'dm', 'hand').response();
    expect(seen).toMatchObject({ where: 'DM', content: 'hand of alice', ephemeral: true });
    expect(() => t.discord.runCommand(t.alice, 'dm', 'guildonly')).toThrow(/No command/);
    expect(t.botErrors).toEqual([]);
  });
});
