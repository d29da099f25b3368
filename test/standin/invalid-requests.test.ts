import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { startStandIn, TEST_LIMITS, type StandIn } from '../support/discord/index.js';

let discord: StandIn | undefined;
afterEach(async () => {
  await discord?.close();
  discord = undefined;
});

async function raw(s: StandIn, method: string, path: string, body?: unknown, token = s.token) {
  const res = await fetch(`${s.apiBase}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text(), header: (name: string) => res.headers.get(name) };
}

describe("Discord's invalid request limit", () => {
  test('401, 403 and 429 count (not 429s of scope shared, not 404); 10,000 by default', async () => {
    discord = await startStandIn({ limits: TEST_LIMITS });
    const s = discord;
    const alice = s.createUser({ username: 'alice', dmsOpen: false });
    s.createGuild({ members: [alice] });
    const dm = s.dmChannel(alice);
    expect(s.invalidRequests).toBe(0);
    expect(s.limitStats().invalidRequestMax).toBe(10_000);

    expect((await raw(s, 'GET', '/users/@me', undefined, 'not-the-token')).status).toBe(401);
    expect((await raw(s, 'POST', `/channels/${dm.id}/messages`, { content: 'hi' })).status).toBe(403);
    s.rateLimit({ path: '/users/@me' });
    expect((await raw(s, 'GET', '/users/@me')).status).toBe(429);
    expect(s.invalidRequests).toBe(3);

    s.rateLimit({ path: '/users/@me', scope: 'shared' });
    const shared = await raw(s, 'GET', '/users/@me');
    expect(shared.status).toBe(429);
    expect(shared.header('x-ratelimit-scope')).toBe('shared');
    expect((await raw(s, 'GET', '/channels/1')).status).toBe(404);
    expect((await raw(s, 'GET', '/users/@me')).status).toBe(200);
    expect(s.invalidRequests).toBe(3);
    expect(s.banned).toBe(false);
  });

  test('counted in a sliding window on real time; past the limit every API request is answered as Cloudflare answers a banned IP, until the ban ends', async () => {
    // Discord's 10,000 in 10 minutes, made small: 10 in 500 ms, a ban of 300 ms.
    discord = await startStandIn({ limits: { ...TEST_LIMITS, invalidRequests: { max: 10, windowMs: 500, banMs: 300 } } });
    const s = discord;
    const unauthorized = () => raw(s, 'GET', '/users/@me', undefined, 'wrong');
    const burst = async (n: number) => (await Promise.all(Array.from({ length: n }, unauthorized))).map((r) => r.status);
    expect(await burst(5)).toEqual(Array(5).fill(401));
    expect(s.invalidRequests).toBe(5);
    // They leave the window as it slides past them.
    await sleep(510);
    expect(s.invalidRequests).toBe(0);
    expect(s.limitStats().invalidRequestsTotal).toBe(5);

    expect(await burst(10)).toEqual(Array(10).fill(401));
    expect(s.banned).toBe(true);
    const banned = await raw(s, 'GET', '/users/@me');
    expect(banned.status).toBe(429);
    expect(banned.text).toBe('error code: 1015');
    expect(banned.header('content-type')).toMatch(/^text\/plain/);
    expect(banned.header('x-ratelimit-scope')).toBeNull();
    expect(banned.header('x-ratelimit-limit')).toBeNull();
    expect(Number(banned.header('retry-after'))).toBeGreaterThanOrEqual(1);
    // Even an interaction callback, and nothing more is counted.
    expect((await raw(s, 'POST', '/interactions/1/token/callback', { type: 1 })).status).toBe(429);
    expect(s.limitStats()).toMatchObject({ bans: 1, invalidRequestsTotal: 15 });
    expect(s.world.requests.at(-1)).toMatchObject({ path: '/interactions/1/token/callback', status: 429 });

    await sleep(s.invalid.banLeftMs + 5);
    expect(s.banned).toBe(false);
    expect((await raw(s, 'GET', '/users/@me')).status).toBe(200);
  });
});
