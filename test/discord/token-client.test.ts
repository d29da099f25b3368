// The HTTP thread's client for requests through an interaction's token (src/discord/http/worker.mjs):
// discord.js's rate-limit rules without its machinery. A webhook's requests go in turn and wait out a
// limit the headers announced (no 429 met), a bucket Discord names for a route is shared by the routes it
// names; a callback is sent at once; a 5xx and a timeout are tried again `retries` times, then fail as
// discord.js's errors (HTTPError, AbortError); another 4xx fails at once as a DiscordAPIError with its code.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DiscordAPIError, HTTPError, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BotREST } from '../../src/discord/http/rest.js';
import { httpThread } from '../../src/discord/http/thread.js';

let server: Server | null = null;
let rest: BotREST | null = null;
afterEach(async () => {
  rest?.clearHandlerSweeper();
  rest?.clearHashSweeper();
  rest = null;
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = null;
});

/** The bot's REST client against a server answering with `answer`; what reached it, with when (ms since the first). */
async function against(answer: (req: IncomingMessage, res: ServerResponse, n: number) => void, options: { timeout?: number; retries?: number } = {}) {
  const seen: { method: string; url: string; at: number }[] = [];
  let first = 0;
  server = createServer((req, res) => {
    const now = performance.now();
    first ||= now;
    seen.push({ method: req.method!, url: req.url!, at: now - first });
    req.resume();
    req.on('end', () => answer(req, res, seen.length));
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  rest = new BotREST({ api: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, ...options }, httpThread(2), () => false);
  return seen;
}

const token = (k: number) => `aW50ZXJhY3Rpb24${k}`.padEnd(64, 'x');
const edit = (k: number) => Routes.webhookMessage('100000000000000000', token(k), '@original');
const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

describe("the HTTP thread's client for requests through a token", () => {
  it("waits out a webhook's limit that the headers announced, in turn, and meets no 429", async () => {
    const seen = await against((_req, res, n) => json(res, 200, { n }, { 'x-ratelimit-bucket': 'hook', 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': String(n % 2 ? 1 : 0), 'x-ratelimit-reset-after': '0.3' }));
    const answers = await Promise.all([1, 2, 3].map(() => rest!.patch(edit(1), { body: { content: 'x' }, auth: false })));
    expect(answers).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    // The third waited for the bucket's reset (0.3 s after the second's answer, and 50 ms more); another token's bucket did not.
    expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(300);
    const before = seen.length;
    await rest!.patch(edit(2), { body: { content: 'y' }, auth: false });
    expect(seen.length).toBe(before + 1);
  });

  it('sends a callback at once, and waits out its 429 and sends it again', async () => {
    const seen = await against((_req, res, n) => (n === 1 ? json(res, 429, { message: 'You are being rate limited.', retry_after: 0.2, global: false }, { 'retry-after': '0.2', 'x-ratelimit-scope': 'user' }) : res.writeHead(204).end()));
    await rest!.post(Routes.interactionCallback('100000000000000001', token(3)), { body: { type: 6 }, auth: false });
    expect(seen.map((s) => s.method)).toEqual(['POST', 'POST']);
    expect(seen[1]!.at).toBeGreaterThanOrEqual(200);
  });

  it('tries a 5xx again `retries` times, then fails with an HTTPError', async () => {
    const seen = await against((_req, res) => json(res, 502, { message: 'bad gateway' }), { retries: 2 });
    const err = await rest!.patch(edit(4), { body: { content: 'x' }, auth: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HTTPError);
    expect((err as HTTPError).status).toBe(502);
    expect(seen).toHaveLength(3);
  });

  it('fails a 4xx at once with a DiscordAPIError and its code', async () => {
    const seen = await against((_req, res) => json(res, 404, { message: 'Unknown Webhook', code: 10015 }));
    const err = await rest!.patch(edit(5), { body: { content: 'x' }, auth: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).code).toBe(10015);
    expect((err as DiscordAPIError).status).toBe(404);
    expect(seen).toHaveLength(1);
  });

  it('tries a request Discord does not answer in time again, then fails with an AbortError', async () => {
    const seen = await against(() => undefined, { timeout: 150, retries: 1 });
    const err = await rest!.patch(edit(6), { body: { content: 'x' }, auth: false }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(seen).toHaveLength(2);
  });
});
