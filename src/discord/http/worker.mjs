// The HTTP thread (thread.ts): sends each of Discord's requests it is handed and reads the answer, so
// undici's sockets, parsing and buffers cost the bot's event loop nothing. Requests through an
// interaction's token (rest.ts: a click's answer, a panel or table edited through its token), which
// Discord does not count toward the bot's global 50 a second, are queued, limited and sent here whole
// by discord.js's own REST client: their buckets, waits and retries, their multipart bodies and their
// answers' JSON cost the event loop nothing either. Plain JavaScript: a worker thread does not inherit
// tsx's loader (npm run build copies it into lib/ as worker.js).
import { AsyncLocalStorage } from 'node:async_hooks';
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { DefaultRestOptions, DiscordAPIError, HTTPError, RateLimitError, REST } from '@discordjs/rest';
import { Agent, request } from 'undici';

const agent = new Agent({ connections: workerData.sockets });
/** Requests on their way, by id: the event loop aborts one whose discord.js timeout ran out. */
const going = new Map();

/** Whether the token request running in this async context hands a rate limit back (a lane's: rest.ts). */
const rejecting = new AsyncLocalStorage();
/**
 * The tokens' REST client for the options the event loop's client has, by their JSON (rest.ts; one API
 * base in the bot, one a stand-in in tests): per-token buckets as discord.js keeps them, no global limit
 * (Discord exempts them).
 */
const clients = new Map();
function tokensFor(key) {
  let rest = clients.get(key);
  if (rest) return rest;
  rest = new REST({
    ...JSON.parse(key),
    globalRequestsPerSecond: 10_000,
    // A handler a token (each player's panel, each table's lent token), dropped once idle a second.
    handlerSweepInterval: 1_000,
    agent,
    rejectOnRateLimit: () => rejecting.getStore() === true,
    makeRequest: async (url, init) => {
      const res = await DefaultRestOptions.makeRequest(url, init);
      if (res.status === 429) parentPort.postMessage({ tooMany: { method: init.method ?? 'GET', url, scope: res.headers.get('x-ratelimit-scope') ?? 'none' } });
      return res;
    },
  });
  rest.on('rateLimited', (data) => parentPort.postMessage({ rateLimited: data }));
  clients.set(key, rest);
  return rest;
}

/** What the event loop rebuilds a failure from (rest.ts): discord.js's errors by their fields. */
function faultOf(err) {
  const body = { body: err?.requestBody?.json };
  if (err instanceof DiscordAPIError) return { kind: 'api', rawError: err.rawError, code: err.code, status: err.status, method: err.method, url: err.url, ...body };
  if (err instanceof HTTPError) return { kind: 'http', status: err.status, statusText: err.message, method: err.method, url: err.url, ...body };
  if (err instanceof RateLimitError) {
    const { timeToReset, limit, method, hash, url, route, majorParameter, global, retryAfter, sublimitTimeout, scope } = err;
    return { kind: 'limit', data: { timeToReset, limit, method, hash, url, route, majorParameter, global, retryAfter, sublimitTimeout, scope } };
  }
  return { kind: 'error', name: err?.name ?? 'Error', message: String(err?.message ?? err), code: err?.code };
}

async function call(m) {
  try {
    const options = { ...m.call, ...(m.call.query !== undefined && { query: new URLSearchParams(m.call.query) }) };
    const rest = tokensFor(m.rest);
    // An answer nobody reads is drained, not parsed (its socket goes back to the pool).
    if (m.unread) {
      await (await rejecting.run(m.reject, () => rest.queueRequest(options))).arrayBuffer();
      return parentPort.postMessage({ id: m.id, result: null });
    }
    const result = await rejecting.run(m.reject, () => rest.request(options));
    if (result === undefined) return parentPort.postMessage({ id: m.id, result: null });
    parentPort.postMessage({ id: m.id, result }, result instanceof ArrayBuffer ? [result] : []);
  } catch (err) {
    parentPort.postMessage({ id: m.id, fault: faultOf(err) });
  }
}

parentPort.on('message', async (m) => {
  if (m.abort !== undefined) return void going.get(m.abort)?.abort();
  if (m.call) return void call(m);
  const controller = new AbortController();
  going.set(m.id, controller);
  try {
    const res = await request(m.url, { method: m.method, headers: m.headers, body: m.body, dispatcher: agent, signal: controller.signal });
    const body = await res.body.arrayBuffer();
    parentPort.postMessage({ id: m.id, status: res.statusCode, headers: res.headers, body }, [body]);
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: { name: err?.name ?? 'Error', message: String(err?.message ?? err), code: err?.code } });
  } finally {
    going.delete(m.id);
  }
});
// Requests are taken from now on (the event loop sends in-process what a thread that never got here was
// handed); with the thread's id in the kernel, which the event loop puts under SCHED_BATCH (src/threads.ts).
let tid = null;
try {
  tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
} catch {}
parentPort.postMessage({ ready: tid });
