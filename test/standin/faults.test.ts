import { HTTPError, type TextChannel } from 'discord.js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openTable, type Table } from './fixture.js';

let t: Table;
beforeEach(async () => {
  t = await openTable();
});
afterEach(async () => {
  await t.close();
});

async function raw(method: string, path: string, body?: unknown) {
  const res = await fetch(`${t.discord.apiBase}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${t.discord.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text(), header: (name: string) => res.headers.get(name) };
}

describe('faults a test adds on any route', () => {
  test('5xx as Discord sends them: 500 JSON, 502 the Cloudflare page, 503 plain text; only the matching method and path, `count` times', async () => {
    const channelPath = `/channels/${t.general.id}`;
    t.discord.fault({ method: 'GET', path: '/channels/:id', status: 500 });
    t.discord.fault({ method: 'GET', path: '/channels/:id', status: 502 });
    t.discord.fault({ method: 'GET', path: '/channels/:id', status: 503, count: 2 });
    expect(t.discord.faults.pending).toBe(4);
    // Another method, another path: untouched.
    expect((await raw('GET', `${channelPath}/messages`)).status).toBe(200);
    expect((await raw('POST', `${channelPath}/messages`, { content: 'hi' })).status).toBe(200);

    const e500 = await raw('GET', channelPath);
    expect(e500.status).toBe(500);
    expect(JSON.parse(e500.text)).toEqual({ message: '500: Internal Server Error', code: 0 });
    const e502 = await raw('GET', channelPath);
    expect(e502.status).toBe(502);
    expect(e502.header('content-type')).toBe('text/html');
    expect(e502.text).toContain('<title>502 Bad Gateway</title>');
    for (let k = 0; k < 2; k++) {
      const e503 = await raw('GET', channelPath);
      expect(e503.status).toBe(503);
      expect(e503.header('content-type')).toBe('text/plain');
      expect(e503.text).toMatch(/^upstream connect error/);
    }
    expect(t.discord.faults.pending).toBe(0);
    expect((await raw('GET', channelPath)).status).toBe(200);
    // None of these is an invalid request.
    expect(t.discord.invalidRequests).toBe(0);
  });

  test('discord.js retries a 5xx three times: a send faulted 3 times lands once, one faulted 4 times fails with HTTPError', async () => {
    const channel = t.client.channels.cache.get(t.general.id) as TextChannel;
    t.discord.fault({ method: 'POST', path: '/channels/:id/messages', status: 502, count: 3 });
    await channel.send('through');
    t.discord.fault({ method: 'POST', path: '/channels/:id/messages', status: 503, count: 4 });
    const failed = await channel.send('lost').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(HTTPError);
    expect((failed as HTTPError).status).toBe(503);
    expect(t.discord.seenBy(t.alice, { channel: t.general }).map((m) => m.content)).toEqual(['through']);
    const statuses = t.discord.world.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')).map((r) => r.status);
    expect(statuses).toEqual([502, 502, 502, 200, 503, 503, 503, 503]);
  });

  test('a 429 fault counts toward the invalid requests unless its scope is shared; a fault for a 4xx other than 429 is refused', async () => {
    t.discord.fault({ path: '/users/@me', status: 429, retryAfter: 0.01, global: true });
    const global = await raw('GET', '/users/@me');
    expect(global.status).toBe(429);
    expect(JSON.parse(global.text)).toEqual({ message: 'You are being rate limited.', retry_after: 0.01, global: true });
    expect(global.header('x-ratelimit-global')).toBe('true');
    expect(global.header('x-ratelimit-scope')).toBe('global');
    t.discord.fault({ path: '/users/@me', status: 429, scope: 'shared' });
    expect((await raw('GET', '/users/@me')).header('x-ratelimit-scope')).toBe('shared');
    expect(t.discord.invalidRequests).toBe(1);
    // biome-ignore lint/suspicious/noExplicitAny: a status the type refuses, as a driver over HTTP could send it
    expect(() => t.discord.fault({ status: 404 as any })).toThrow(/429, 500, 502 or 503/);
    expect(() => t.discord.fault({ status: 500, retryAfter: 1 })).toThrow(/belong to 429 faults/);
  });
});
