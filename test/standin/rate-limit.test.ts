import { type TextChannel } from 'discord.js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openTable, type Table } from './fixture.js';

let t: Table;
beforeEach(async () => {
  t = await openTable();
});
afterEach(async () => {
  expect(t.botErrors).toEqual([]);
  await t.close();
});

describe('429 with retry_after', () => {
  test('a rate-limited message send is retried by discord.js after retry_after, and lands once', async () => {
    const channel = t.client.channels.cache.get(t.general.id) as TextChannel;
    t.discord.rateLimit({ method: 'POST', path: '/channels/:id/messages', retryAfter: 0.1 });
    const started = Date.now();
    const sent = await channel.send('after the wait');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    const log = t.discord.world.requests.filter((r) => r.path === `/channels/${t.general.id}/messages`);
    expect(log.map((r) => r.status)).toEqual([429, 200]);
    expect(t.discord.seenBy(t.alice).map((m) => m.id)).toEqual([sent.id]);
  });

  test('the interaction callback and a global limit are retried too', async () => {
    await t.client.application.commands.set([{ name: 'ping', description: 'ping' }]);
    t.onInteraction(async (i) => {
      if (i.isChatInputCommand()) {
        await i.reply('pong');
        await i.followUp('and again');
      }
    });
    t.discord.rateLimit({ path: /\/callback$/, retryAfter: 0.05 });
    t.discord.rateLimit({ path: '/webhooks/:app/:token', retryAfter: 0.05, global: true });
    const ix = t.discord.runCommand(t.alice, t.general, 'ping');
    expect((await ix.response()).content).toBe('pong');
    await t.discord.waitFor(() => ix.record.followUpIds.length === 1);
    const statuses = t.discord.world.requests
      .filter((r) => r.path.includes('/callback') || r.path.startsWith('/webhooks/'))
      .map((r) => r.status);
    expect(statuses).toEqual([429, 204, 429, 200]);
  });
});
