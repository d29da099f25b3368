// Discord's requests sent from the HTTP thread (src/discord/http/thread.ts): what discord.js reads of
// an answer arrives as sent (status, headers by any case, the body as JSON, text or bytes); a request
// whose discord.js timeout runs out is aborted as an AbortError (which discord.js retries); a request
// with files goes in-process, and every request when the thread cannot start (a request through a
// token, which the thread's own REST client sends whole, too). The thread runs under
// SCHED_BATCH (src/threads.ts): its waking never preempts the event loop.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DefaultRestOptions, REST, Routes } from 'discord.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BotREST } from '../../src/discord/http/rest.js';
import { httpThread } from '../../src/discord/http/thread.js';
import { batchThreadIds } from '../support/threads.js';

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = null;
});

/** A server that answers each request with `answer`, and what it was sent. */
async function serve(answer: (req: { method: string; url: string; headers: Record<string, unknown>; body: string }, res: import('node:http').ServerResponse) => void) {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => answer({ method: req.method!, url: req.url!, headers: req.headers, body }, res));
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the HTTP thread', () => {
  it('hands back the status, the headers and the body as the server sent them', async () => {
    const seen: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];
    const base = await serve((req, res) => {
      seen.push(req);
      res.writeHead(429, { 'content-type': 'application/json', 'X-RateLimit-Scope': 'user', 'Retry-After': '2' }).end('{"message":"慢一点","retry_after":2}');
    });
    let inProcess = 0;
    const send = httpThread(2, async (url, init) => (inProcess++, DefaultRestOptions.makeRequest(url, init))).request;
    const res = await send(`${base}/api/x`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Authorization: 'Bot t' }, body: '{"content":"你好"}' });
    expect(inProcess).toBe(0);
    expect(seen).toMatchObject([{ method: 'PATCH', url: '/api/x', headers: { authorization: 'Bot t' }, body: '{"content":"你好"}' }]);
    expect(res.status).toBe(429);
    expect(res.ok).toBe(false);
    expect(res.statusText).toBe('Too Many Requests');
    expect(res.headers.get('X-RateLimit-Scope')).toBe('user');
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.has('X-RateLimit-Global')).toBe(false);
    expect(await res.json()).toEqual({ message: '慢一点', retry_after: 2 });
    expect(res.bodyUsed).toBe(true);
  });

  it.runIf(process.platform === 'linux')('runs under SCHED_BATCH once started', async () => {
    const base = await serve((_req, res) => res.writeHead(204).end());
    const before = new Set(batchThreadIds());
    const send = httpThread(1).request;
    expect((await send(`${base}/api/x`, { method: 'GET', headers: {} })).status).toBe(204);
    await vi.waitFor(() => expect(batchThreadIds().filter((t) => !before.has(t)).length).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
  });

  it('is what discord.js sends through: a JSON answer, and a file from the event loop', async () => {
    const base = await serve((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, type: req.headers['content-type'] })));
    const ways: string[] = [];
    const thread = httpThread(2).request;
    const rest = new REST({ api: `${base}/api`, makeRequest: (url, init) => (ways.push(typeof init.body === 'string' ? 'thread' : 'in-process'), thread(url, init)) }).setToken('t');
    expect(await rest.patch('/channels/1/messages/2', { body: { content: 'x' } })).toEqual({ method: 'PATCH', type: 'application/json' });
    const withFile = (await rest.post('/channels/1/messages', { body: { content: 'x' }, files: [{ name: 'table.png', data: Buffer.from('png') }] })) as { type: string };
    expect(withFile.type).toMatch(/^multipart\/form-data/);
    expect(ways).toEqual(['thread', 'in-process']);
  });

  it('aborts a request whose timeout ran out, as an AbortError, and goes on with the next', async () => {
    let arrived!: () => void;
    const hanging = new Promise<void>((r) => (arrived = r));
    let closed = false;
    const base = await serve((req, res) => {
      if (req.url !== '/hang') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      res.on('close', () => (closed = true));
      arrived(); // never answered
    });
    const send = httpThread(1).request;
    const controller = new AbortController();
    const hung = send(`${base}/hang`, { method: 'GET', headers: {}, body: null, signal: controller.signal });
    await hanging;
    controller.abort();
    await expect(hung).rejects.toMatchObject({ name: 'AbortError' });
    // The thread aborted it too: its one socket is free for the next request.
    const next = await send(`${base}/next`, { method: 'GET', headers: {}, body: null });
    expect(await next.text()).toBe('ok');
    expect(closed).toBe(true);
  });

  it('sends in-process when the thread cannot start, those it was handed meanwhile too', async () => {
    const base = await serve((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(req.url));
    const ways: string[] = [];
    const send = httpThread(1, async (url, init) => (ways.push(url), DefaultRestOptions.makeRequest(url, init)), new URL('./no-such-thread.mjs', import.meta.url)).request;
    const answers = await Promise.all([send(`${base}/a`, { method: 'GET', headers: {}, body: null }), send(`${base}/b`, { method: 'GET', headers: {}, body: null })]);
    expect(await Promise.all(answers.map((r) => r.text()))).toEqual(['/a', '/b']);
    expect(await (await send(`${base}/c`, { method: 'GET', headers: {}, body: null })).text()).toBe('/c');
    expect(ways).toEqual([`${base}/a`, `${base}/b`, `${base}/c`]);
  });

  it("sends a request through a token in-process when the thread cannot start (the bot's REST client's own fallback)", async () => {
    const base = await serve((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: req.url })));
    const thread = httpThread(1, DefaultRestOptions.makeRequest, new URL('./no-such-thread.mjs', import.meta.url));
    const rest = new BotREST({ api: `${base}/api` }, thread, () => false);
    const edit = Routes.webhookMessage('100000000000000000', 'aW50ZXJhY3Rpb24'.padEnd(64, 'x'), '@original');
    // Handed while the thread is starting (and failing), then once it is known not to start.
    expect(await rest.patch(edit, { body: { content: 'x' }, auth: false })).toEqual({ url: `/api/v10${edit}` });
    expect(await rest.patch(edit, { body: { content: 'y' }, auth: false })).toEqual({ url: `/api/v10${edit}` });
    rest.clearHandlerSweeper();
    rest.clearHashSweeper();
  });
});
