import { setTimeout as sleep } from 'node:timers/promises';
import { type TextChannel } from 'discord.js';
import { afterEach, describe, expect, test } from 'vitest';
import { TEST_LIMITS } from '../support/discord/index.js';
import { openTable, type Table } from './fixture.js';

let t: Table | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function raw(table: Table, method: string, path: string, body?: unknown, token = table.discord.token) {
  const res = await fetch(`${table.discord.apiBase}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const header = (name: string) => res.headers.get(name);
  return { status: res.status, text, body: text && header('content-type')?.startsWith('application/json') ? JSON.parse(text) : undefined, header };
}

describe("Discord's per-route buckets, on by default", () => {
  test('5 messages per 5 s in a channel: the headers count down, the 6th gets 429 with retry_after, another channel and another route have their own', async () => {
    // No `limits`: Discord's own windows (scale 1). The fixture's clock is a ManualClock.
    t = await openTable({ standIn: { limits: undefined } });
    const other = t.discord.createChannel(t.guild, 'other');
    const post = (channelId: string, content: string) => raw(t!, 'POST', `/channels/${channelId}/messages`, { content });
    const remaining: Array<string | null> = [];
    let bucket: string | null = null;
    const before = Date.now();
    for (let k = 0; k < 5; k++) {
      const res = await post(t.general.id, `m${k}`);
      expect(res.status).toBe(200);
      expect(res.header('x-ratelimit-limit')).toBe('5');
      remaining.push(res.header('x-ratelimit-remaining'));
      bucket ??= res.header('x-ratelimit-bucket');
      expect(res.header('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
      expect(res.header('x-ratelimit-bucket')).toBe(bucket);
      // Reset is wall-clock epoch seconds, the end of a window of 5 s that opened with the first message.
      const resetAfter = Number(res.header('x-ratelimit-reset-after'));
      expect(resetAfter).toBeGreaterThan(4);
      expect(resetAfter).toBeLessThanOrEqual(5);
      expect(Number(res.header('x-ratelimit-reset')) * 1000).toBeGreaterThanOrEqual(before + 4_000);
      expect(Number(res.header('x-ratelimit-reset')) * 1000).toBeLessThanOrEqual(Date.now() + 5_000);
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    // The stand-in's ManualClock moving does not end Discord's window: it runs on real time.
    t.clock.advance(60_000);
    const refused = await post(t.general.id, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'You are being rate limited.', retry_after: expect.any(Number), global: false });
    expect(refused.body.retry_after).toBeGreaterThan(4);
    expect(refused.body.retry_after).toBeLessThanOrEqual(5);
    expect(refused.header('x-ratelimit-scope')).toBe('user');
    // Discord's Retry-After header is whole seconds, rounded up.
    expect(refused.header('retry-after')).toBe('5');
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
    expect(t.discord.limitStats()).toMatchObject({ scale: 1, routeLimited: 1, globalLimited: 0 });
  });

  test('a scaled window ends on the wall clock: after Reset-After the bucket is full again', async () => {
    t = await openTable();
    const post = (content: string) => raw(t!, 'POST', `/channels/${t!.general.id}/messages`, { content });
    // Ten at once run out a bucket of five (a window may end during a burst on a busy machine: then the next burst).
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    let windowEnd = 0;
    for (let burst = 0; burst < 10 && !refused; burst++) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, k) => post(`m${burst}.${k}`)));
      refused = answers.find((r) => r.status === 429);
      windowEnd = Math.max(...answers.map((r) => Number(r.header('x-ratelimit-reset')) * 1000));
    }
    if (!refused) throw new Error('no burst ran out the bucket');
    const waitMs = refused.body.retry_after * 1000;
    expect(waitMs).toBeLessThanOrEqual(5_000 * TEST_LIMITS.scale!);
    // The header is the wait rounded up to whole scaled seconds (50 ms at a twentieth).
    const header = Number(refused.header('retry-after'));
    expect(header * 1000).toBeGreaterThanOrEqual(waitMs);
    expect(header * 1000).toBeLessThanOrEqual(waitMs + 1 + 1_000 * TEST_LIMITS.scale!);
    expect(Number.isInteger(Math.round(header / TEST_LIMITS.scale! * 1e6) / 1e6)).toBe(true);
    // The last window the burst opened ends on the wall clock.
    await sleep(Math.max(0, windowEnd - Date.now()) + 5);
    const later = await post('after the window');
    expect(later.status).toBe(200);
    expect(later.header('x-ratelimit-remaining')).toBe('4');
  });

  test('discord.js reads the headers and waits out the bucket: a burst of sends lands whole, in order, without one 429', async () => {
    // The fixture's ManualClock never moves; the buckets' windows pass anyway, on real time.
    t = await openTable();
    const channel = t.client.channels.cache.get(t.general.id) as TextChannel;
    const started = Date.now();
    const sends = Array.from({ length: 12 }, (_, k) => channel.send(`burst ${k}`));
    await Promise.all(sends);
    const log = t.discord.world.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${t!.general.id}/messages`);
    expect(log.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(t.discord.seenBy(t.alice, { channel: t.general }).map((m) => m.content)).toEqual(Array.from({ length: 12 }, (_, k) => `burst ${k}`));
    // Twelve at five a window take three windows: discord.js waited twice.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 5_000 * TEST_LIMITS.scale!);
  });
});

describe("Discord's global limit", () => {
  test('over 50 requests in a second the bot gets 429 global; the interaction endpoints are exempt and not counted', async () => {
    // Windows ten times Discord's, so the burst below surely falls within one global "second".
    t = await openTable({ standIn: { limits: { scale: 10 } } });
    await t.client.application.commands.set([
      { name: 'ping', description: 'answered by the bot' },
      { name: 'quiet', description: 'answered by the test, by hand' },
    ]);
    t.onInteraction(async (i) => {
      if (i.isChatInputCommand() && i.commandName === 'ping') await i.reply('pong');
    });
    const ix = t.discord.runCommand(t.alice, t.general, 'ping');
    expect((await ix.response()).content).toBe('pong');
    const counted = t.discord.globalCounted;
    expect(counted).toBeGreaterThan(0);

    const statuses = await Promise.all(Array.from({ length: 60 }, () => raw(t!, 'GET', `/channels/${t!.general.id}`)));
    const refused = statuses.filter((s) => s.status === 429);
    // Whatever the client spent of this window already, the stand-in never let more than 50 through in it.
    expect(statuses.filter((s) => s.status === 200).length).toBeLessThanOrEqual(50);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    const over = refused[0]!;
    expect(over.body).toMatchObject({ message: 'You are being rate limited.', global: true });
    expect(over.body.retry_after).toBeGreaterThan(0);
    expect(over.header('x-ratelimit-global')).toBe('true');
    expect(over.header('x-ratelimit-scope')).toBe('global');
    expect(t.discord.limitStats().globalLimited).toBe(refused.length);
    // Refused requests took nothing of the budget.
    expect(t.discord.globalCounted - counted).toBe(60 - refused.length);

    // Still limited: a request now is refused, but the interaction endpoints answer, without counting.
    expect((await raw(t, 'GET', `/channels/${t.general.id}`)).status).toBe(429);
    const atLimit = t.discord.globalCounted;
    const again = t.discord.runCommand(t.alice, t.general, 'quiet');
    const record = again.record;
    const callback = await raw(t, 'POST', `/interactions/${record.id}/${record.token}/callback`, { type: 4, data: { content: 'by hand' } });
    expect(callback.status).toBe(204);
    const followUp = await raw(t, 'POST', `/webhooks/${t.discord.applicationId}/${record.token}?wait=true`, { content: 'and a follow-up' });
    expect(followUp.status).toBe(200);
    const originalId = (await raw(t, 'GET', `/webhooks/${t.discord.applicationId}/${record.token}/messages/@original`)).body.id;
    const edit = await raw(t, 'PATCH', `/webhooks/${t.discord.applicationId}/${record.token}/messages/${originalId}`, { content: 'edited by hand' });
    expect(edit.status).toBe(200);
    expect(t.discord.globalCounted).toBe(atLimit);
    expect(t.discord.seenBy(t.alice, { channel: t.general }).map((m) => m.content)).toEqual(expect.arrayContaining(['edited by hand', 'and a follow-up']));
  });
});
