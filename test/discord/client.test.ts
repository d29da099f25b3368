// The bot's REST clients share a bounded set of sockets: however many requests are in flight at
// once (a burst of panel edits, table edits, pictures and DMs across games), at most REST_SOCKETS
// connections are open to Discord (the HTTP thread's and the event loop's), the rest wait for one.
// Requests through a token go whole to the HTTP thread (src/discord/http/rest.ts), their 429s as in-process.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, RateLimitError, REST, Routes, type Guild } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { clientOptions, createClient, MEMBERS_CACHED, REST_SOCKETS, USERS_CACHED } from '../../src/discord/client.js';
import { unread } from '../../src/discord/http/rest.js';
import { Lanes, rateLimitWait } from '../../src/discord/outbound/lanes.js';

let server: Server | null = null;
afterEach(async () => {
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

describe("the bot's REST client", () => {
  it('sends requests through a token whole from the HTTP thread (no handler of them on the event loop), the others from its own', async () => {
    const seen: string[] = [];
    const bodies: Record<string, { type?: string; body: string }> = {};
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies[req.url!] = { type: req.headers['content-type'], body };
        if (req.method === 'POST') return void res.writeHead(204).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: '1', url: req.url }));
      });
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const client = createClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
    client.rest.setToken('x');
    const token = (k: number) => `aW50ZXJhY3Rpb24${k}`.padEnd(64, 'x');
    const edit = (k: number) => Routes.webhookMessage('100000000000000000', token(k), '@original');
    // A panel's edit (its answer never read), a click's answer (204), an edit whose answer is read, and a channel's.
    const [notRead, callback, read, channel] = await Promise.all([
      client.rest.patch(edit(1), unread({ body: { content: 'x' }, auth: false })),
      client.rest.post(Routes.interactionCallback('100000000000000001', token(2)), { body: { type: 6 }, auth: false }),
      client.rest.patch(edit(3), { body: { content: 'y' }, auth: false }),
      client.rest.get(Routes.channel('100000000000000002')),
    ]);
    expect(notRead).toBeNull();
    expect(callback).toBeInstanceOf(ArrayBuffer);
    expect(read).toEqual({ id: '1', url: `/api/v10${edit(3)}` });
    expect(channel).toEqual({ id: '1', url: '/api/v10/channels/100000000000000002' });
    expect(seen.sort()).toEqual([`GET /api/v10/channels/100000000000000002`, `PATCH /api/v10${edit(1)}`, `PATCH /api/v10${edit(3)}`, `POST /api/v10/interactions/100000000000000001/${token(2)}/callback`].sort());
    // Their bodies are the JSON discord.js would send (handed to the thread as its text).
    expect(bodies[`/api/v10${edit(1)}`]).toEqual({ type: 'application/json', body: '{"content":"x"}' });
    expect(bodies[`/api/v10/interactions/100000000000000001/${token(2)}/callback`]).toEqual({ type: 'application/json', body: '{"type":6}' });
    // Only the channel's route has a handler (and its bucket) on the event loop: the tokens' are the thread's.
    expect([...client.rest.handlers.keys()]).toEqual([expect.stringContaining(':100000000000000002')]);
    // A token's edit with a file keeps its multipart body, the JSON in its payload_json part.
    await client.rest.patch(edit(4), { body: { content: 'z' }, files: [{ name: 'table.png', data: Buffer.from('png') }], auth: false });
    expect(bodies[`/api/v10${edit(4)}`]?.type).toMatch(/^multipart\/form-data/);
    expect(bodies[`/api/v10${edit(4)}`]?.body).toContain('{"content":"z"}');
    await client.destroy();
  });

  it("a token's 429 comes back to a lane as a RateLimitError, as discord.js's own, and is waited out elsewhere", async () => {
    let refuse = 2;
    server = createServer((_req, res) => {
      if (refuse-- > 0) return void res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0.2', 'x-ratelimit-scope': 'user' }).end('{"message":"You are being rate limited.","retry_after":0.2,"global":false}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}');
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const client = createClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
    const lanes = new Lanes(() => undefined);
    const edit = Routes.webhookMessage('100000000000000000', 'aW50ZXJhY3Rpb24'.padEnd(64, 'x'), '@original');
    let inLane: unknown;
    await lanes.kick('table:1', async () => {
      inLane = await client.rest.patch(edit, { body: { content: 'x' }, auth: false }).catch((err: unknown) => err);
    });
    expect(inLane).toBeInstanceOf(RateLimitError);
    expect(rateLimitWait(inLane)).toBeGreaterThan(0);
    // Outside a lane discord.js waits the 429 out (the second) and sends again.
    expect(await client.rest.patch(edit, { body: { content: 'x' }, auth: false })).toEqual({ id: '1' });
    expect(refuse).toBe(-1);
    await client.destroy();
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
