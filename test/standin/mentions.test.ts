// Who a message notifies, as Discord decides it: mentions in new messages within allowed_mentions,
// DMs; never edits, ephemeral replies or deleted messages after the fact.
import { DiscordAPIError, MessageFlags } from 'discord.js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openTable, type Table } from './fixture.js';

let t: Table;
beforeEach(async () => {
  t = await openTable();
});
afterEach(async () => {
  await t.close();
});

async function general(t: Table) {
  const c = await t.client.channels.fetch(t.general.id);
  if (!c?.isSendable()) throw new Error('no channel');
  return c;
}

describe('notifications', () => {
  test('a mention in a new message notifies; allowed_mentions narrows it; an edit notifies nobody', async () => {
    const channel = await general(t);
    await channel.send(`<@${t.alice.id}> <@${t.bob.id}> look`);
    expect(t.discord.notificationsFor(t.alice)).toHaveLength(1);
    expect(t.discord.notificationsFor(t.bob)).toHaveLength(1);

    const quiet = await channel.send({ content: `<@${t.alice.id}> your move`, allowedMentions: { parse: [] } });
    expect(t.discord.notificationsFor(t.alice)).toHaveLength(1);
    await channel.send({ content: `<@${t.alice.id}> <@${t.bob.id}> your move`, allowedMentions: { users: [t.bob.id] } });
    expect(t.discord.notificationsFor(t.alice)).toHaveLength(1);
    expect(t.discord.notificationsFor(t.bob)).toHaveLength(2);

    // Editing a mention into a message rings nothing.
    await quiet.edit({ content: `<@${t.bob.id}> now you` });
    expect(t.discord.notificationsFor(t.bob)).toHaveLength(2);
    // Nor does a message that asks Discord not to notify.
    await channel.send({ content: `<@${t.bob.id}> shh`, flags: MessageFlags.SuppressNotifications });
    expect(t.discord.notificationsFor(t.bob)).toHaveLength(2);
    // A user who is not in the server is not notified by a mention of them.
    await channel.send(`<@${t.carol.id}> hello`);
    expect(t.discord.notificationsFor(t.carol)).toHaveLength(0);
  });

  test('a DM notifies its recipient', async () => {
    const bob = await t.client.users.fetch(t.bob.id);
    await bob.send('it is your move');
    expect(t.discord.notificationsFor(t.bob).map((n) => n.content)).toEqual(['it is your move']);
    expect(t.discord.notificationsFor(t.alice)).toHaveLength(0);
  });

  test('a deleted ping stays a notification that was sent, and is marked deleted', async () => {
    const channel = await general(t);
    const m = await channel.send({ content: `<@${t.alice.id}> go`, allowedMentions: { users: [t.alice.id] } });
    await m.delete();
    expect(t.discord.notificationsFor(t.alice)).toEqual([expect.objectContaining({ messageId: m.id, deleted: true })]);
  });

  test('allowed_mentions that Discord refuses are refused', async () => {
    const channel = await general(t);
    const both = await channel
      .send({ content: `<@${t.alice.id}>`, allowedMentions: { parse: ['users'], users: [t.alice.id] } })
      .catch((e: unknown) => e);
    expect(both).toBeInstanceOf(DiscordAPIError);
    expect(both).toMatchObject({ code: 50035, status: 400 });
    const bad = await channel.send({ content: 'x', allowedMentions: { parse: ['people' as 'users'] } }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 50035, status: 400 });
    expect(t.discord.notificationsFor(t.alice)).toHaveLength(0);
  });
});
