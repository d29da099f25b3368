// The bot's REST clients share a bounded set of sockets: however many requests are in flight at
// once (a burst of panel edits, table edits, pictures and DMs across games), at most REST_SOCKETS
// connections are open to Discord (the HTTP thread's and the event loop's), the rest wait for one.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, REST, Routes, type Guild } from 'discord.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientOptions, interactionRest, MEMBERS_CACHED, REST_SOCKETS, USERS_CACHED } from '../../src/discord/client.js';

let server: Server | null = null;
afterEach(async () => {
  vi.useRealTimers();
  if (!server) return;
  server.closeAllConnections();
  await new Promise((r) => server!.close(r));
  server = null;
});

describe('REST sockets', () => {
  it('a burst of requests on many routes opens at most REST_SOCKETS connections', async () => {
    let sockets = 0;
    let inFlight = 0;
    let most = 0;
    const held: (() => void)[] = [];
    let slow = true;
    let full!: () => void;
    const filled = new Promise<void>((r) => (full = r));
    server = createServer((req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      const answer = () => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'application/json' }).end(`{"id":"${req.url!.split('/').pop()}"}`);
      };
      // The first answers wait until the burst has queued, so requests pile up as they would on a slow network.
      if (!slow) return answer();
      held.push(answer);
      if (held.length === REST_SOCKETS) full();
    });
    server.on('connection', () => sockets++);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const rest = new REST({ ...clientOptions(api).rest, globalRequestsPerSecond: 10_000 }).setToken('x');
    // One request per channel: each its own route and bucket, so discord.js sends them all at once;
    // some with a file (sent from the event loop's sockets), the rest from the HTTP thread's.
    const channel = (k: number) => `/channels/${100_000_000_000_000_000n + BigInt(k)}` as const;
    const burst = Array.from({ length: REST_SOCKETS * 3 }, (_, k) => (k % 3 ? rest.get(channel(k)) : rest.post(`${channel(k)}/messages`, { body: { content: 'x' }, files: [{ name: 'a.png', data: Buffer.from('x') }] })));
    await filled;
    slow = false;
    held.splice(0).forEach((answer) => answer());
    await Promise.all(burst);
    expect(most).toBe(REST_SOCKETS);
    expect(sockets).toBe(REST_SOCKETS);
  });
});

describe("the interaction tokens' REST client", () => {
  it("drops the handler of each token once idle within a second (the bot's own client keeps its channels' ten)", async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}'));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    // Only the sweeps' intervals are faked: the requests go over real sockets.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const hooks = interactionRest({ options: clientOptions(api) } as Client);
    const own = new REST(clientOptions(api).rest).setToken('x');
    const token = (k: number) => `aW50ZXJhY3Rpb24${k}`.padEnd(64, 'x');
    // One handler a token (each player's panel), one a channel.
    await Promise.all(Array.from({ length: 20 }, (_, k) => hooks.patch(Routes.webhookMessage('100000000000000000', token(k), '@original'), { body: { content: 'x' }, auth: false })));
    await Promise.all(Array.from({ length: 20 }, (_, k) => own.get(`/channels/${100_000_000_000_000_000n + BigInt(k)}`)));
    expect(hooks.handlers.size).toBe(20);
    expect(own.handlers.size).toBe(20);
    vi.advanceTimersByTime(1_000);
    expect(hooks.handlers.size).toBe(0);
    expect(own.handlers.size).toBe(20);
    vi.advanceTimersByTime(9_000);
    expect(own.handlers.size).toBe(0);
    vi.clearAllTimers();
  });
});

describe('the caches of users and members', () => {
  it('keep at most USERS_CACHED users and MEMBERS_CACHED members a guild, the newest, and always the bot itself', async () => {
    const client = new Client(clientOptions(null));
    // What discord.js does with the user and member of every interaction it reads.
    const add = <T>(manager: unknown, data: unknown) => (manager as { _add(d: unknown): T })._add(data);
    const id = (k: number) => String(100_000_000_000_000_000n + BigInt(k));
    const user = (k: number) => ({ id: id(k), username: `p${k}`, discriminator: '0', global_name: null, avatar: null });
    (client as { user: unknown }).user = add(client.users, { ...user(0), bot: true });
    for (let k = 1; k <= USERS_CACHED + 100; k++) add(client.users, user(k));
    expect(client.users.cache.size).toBe(USERS_CACHED);
    expect(client.users.cache.has(id(0))).toBe(true);
    expect(client.users.cache.has(id(USERS_CACHED + 100))).toBe(true);
    expect(client.users.cache.has(id(1))).toBe(false);
    const guild = add<Guild>(client.guilds, { id: id(9_000_000), name: 'g', owner_id: id(1), roles: [], emojis: [], features: [] });
    for (let k = 1; k <= MEMBERS_CACHED + 50; k++) add(guild.members, { user: user(k), roles: [], joined_at: null, deaf: false, mute: false, flags: 0 });
    expect(guild.members.cache.size).toBe(MEMBERS_CACHED);
    await client.destroy();
  });
});
