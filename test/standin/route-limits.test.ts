import { type TextChannel } from 'discord.js';
import { afterEach, describe, expect, test } from 'vitest';
import { RealClock } from '../support/discord/index.js';
import { openTable, type Table } from './fixture.js';

let t: Table | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function raw(table: Table, method: string, path: string, body?: unknown) {
  const res = await fetch(`${table.discord.apiBase}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${table.discord.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const header = (name: string) => res.headers.get(name);
  return { status: res.status, body: text ? JSON.parse(text) : undefined, header };
}

describe("Discord's per-route buckets and their headers", () => {
  test('5 messages per 5 s in a channel: the headers count down, the 6th gets 429 with retry_after, another channel and another route have their own', async () => {
    t = await openTable({ standIn: { routeLimits: true } });
    const other = t.discord.createChannel(t.guild, 'other');
    const post = (channelId: string, content: string) => raw(t!, 'POST', `/channels/${channelId}/messages`, { content });
    const remaining: Array<string | null> = [];
    const resetAfter: Array<string | null> = [];
    const windowEnd = (t.clock.now() + 5_000) / 1000;
    let bucket: string | null = null;
    for (let k = 0; k < 5; k++) {
      const res = await post(t.general.id, `m${k}`);
      expect(res.status).toBe(200);
      expect(res.header('x-ratelimit-limit')).toBe('5');
      remaining.push(res.header('x-ratelimit-remaining'));
      resetAfter.push(res.header('x-ratelimit-reset-after'));
      bucket ??= res.header('x-ratelimit-bucket');
      expect(res.header('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
      expect(res.header('x-ratelimit-bucket')).toBe(bucket);
      expect(Number(res.header('x-ratelimit-reset'))).toBeCloseTo(windowEnd, 3);
      if (k === 0) t.clock.advance(1_000);
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    // The window opened with the first message; the clock moved 1 s after it.
    expect(resetAfter).toEqual(['5.000', '4.000', '4.000', '4.000', '4.000']);
    const refused = await post(t.general.id, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'You are being rate limited.', retry_after: 4, global: false });
    expect(refused.header('x-ratelimit-scope')).toBe('user');
    expect(refused.header('retry-after')).toBe('4');
    expect(refused.header('x-ratelimit-remaining')).toBe('0');
    expect(t.discord.seenBy(t.alice, { channel: t.general }).map((m) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);

    // Another channel is another bucket of the same route.
    const elsewhere = await post(other.id, 'elsewhere');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.header('x-ratelimit-bucket')).toBe(bucket);
    expect(elsewhere.header('x-ratelimit-remaining')).toBe('4');
    // Editing is a route of its own.
    const messageId = t.discord.seenBy(t.alice, { channel: t.general })[0]!.id;
    const edit = await raw(t, 'PATCH', `/channels/${t.general.id}/messages/${messageId}`, { content: 'edited' });
    expect(edit.status).toBe(200);
    expect(edit.header('x-ratelimit-bucket')).not.toBe(bucket);
    expect(edit.header('x-ratelimit-remaining')).toBe('4');
    // A route without a bucket says nothing.
    expect((await raw(t, 'GET', `/channels/${t.general.id}`)).header('x-ratelimit-bucket')).toBeNull();

    t.clock.advance(4_000);
    const later = await post(t.general.id, 'after the window');
    expect(later.status).toBe(200);
    expect(later.header('x-ratelimit-remaining')).toBe('4');
  });

  test('the global limit: over 50 requests in a second the bot gets 429 global; interaction callbacks are exempt', async () => {
    t = await openTable({ standIn: { routeLimits: true } });
    await t.client.application.commands.set([{ name: 'ping', description: 'ping' }]);
    t.clock.advance(1_000);
    const statuses: number[] = [];
    for (let k = 0; k < 50; k++) statuses.push((await raw(t, 'GET', `/channels/${t.general.id}`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await raw(t, 'GET', `/channels/${t.general.id}`);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ message: 'You are being rate limited.', global: true });
    expect(over.body.retry_after).toBeGreaterThan(0);
    expect(over.header('x-ratelimit-global')).toBe('true');
    expect(over.header('x-ratelimit-scope')).toBe('global');
    // An interaction is still answered within the same second.
    t.onInteraction(async (i) => {
      if (i.isChatInputCommand()) await i.reply('pong');
    });
    expect((await t.discord.runCommand(t.alice, t.general, 'ping').response()).content).toBe('pong');
    t.clock.advance(1_000);
    expect((await raw(t, 'GET', `/channels/${t.general.id}`)).status).toBe(200);
  });

  test('discord.js reads the headers and waits out the bucket: a burst of sends lands whole, in order, without one 429', async () => {
    // A real clock, with windows shrunk to a fiftieth (5 per 100 ms), so discord.js's own waits are short.
    t = await openTable({ standIn: { clock: new RealClock(), routeLimits: { scale: 0.02 } } });
    const channel = t.client.channels.cache.get(t.general.id) as TextChannel;
    const sends = Array.from({ length: 12 }, (_, k) => channel.send(`burst ${k}`));
    await Promise.all(sends);
    const log = t.discord.world.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${t!.general.id}/messages`);
    expect(log.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(t.discord.seenBy(t.alice, { channel: t.general }).map((m) => m.content)).toEqual(Array.from({ length: 12 }, (_, k) => `burst ${k}`));
    // Twelve at five a window take three windows.
    expect(log.at(-1)!.at - log[0]!.at).toBeGreaterThanOrEqual(200);
  });
});
