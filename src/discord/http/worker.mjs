// The HTTP thread (thread.ts): sends each of Discord's requests it is handed and reads the answer, so
// undici's sockets, parsing and buffers cost the bot's event loop nothing. Requests through an
// interaction's token (rest.ts: a click's answer, a panel or table edited through its token), which
// Discord does not count toward the bot's global 50 a second, are queued, limited and sent here whole
// by the thread's own client (below, discord.js's rules without its machinery): their buckets, waits and
// retries, their multipart bodies and their answers' JSON cost the event loop nothing either. Plain
// JavaScript: a worker thread does not inherit tsx's loader (npm run build copies it into lib/ as worker.js).
import { readlinkSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { BroadcastChannel, parentPort, workerData } from 'node:worker_threads';
import { DefaultUserAgent } from '@discordjs/rest';
import { Agent, request } from 'undici';

const agent = new Agent({ connections: workerData.sockets });
/** Requests on their way, by id: the event loop aborts one whose discord.js timeout ran out. */
const going = new Map();

// --- Requests through a token: Discord's rate limits as discord.js keeps them, without its machinery ---
// (its queue objects, an AbortController and a timer, a WHATWG Headers and a Response-like a request:
// twice the thread's CPU a request of undici alone, 160 against 80 µs). The same rules: a callback
// (`/interactions/:id/:token/callback`) is sent at once (discord.js's burst handler); the others wait in
// turn in their bucket (the route's, per webhook and token; the bucket Discord names in
// X-RateLimit-Bucket shared across the routes it names), which waits out a limit it knows of, 50 ms
// past its reset; a 429 is waited out and the request sent again; a network error or timeout, and a 5xx,
// are tried again `retries` times. No global limit: Discord does not count these. A lane's request
// (`reject`) gets its wait back as a RateLimitError instead (rest.ts).
const OFFSET_MS = 50;
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** discord.js's route data: the bucket's route and its major parameter (`burst` for a callback). */
function routeOf(fullRoute) {
  if (fullRoute.startsWith('/interactions/') && fullRoute.endsWith('/callback')) return { route: '/interactions/:id/:token/callback', major: 'burst' };
  const m = /^\/webhooks\/(\d{17,19}\/[^/?]+)/.exec(fullRoute);
  return { route: fullRoute.replaceAll(/\d{17,19}/g, ':id').replace(/\/webhooks\/:id\/[^/?]+/, '/webhooks/:id/:token'), major: m?.[1] ?? 'global' };
}

/** The rate-limit state of one bucket and major parameter; requests go in turn (`tail`). */
class Bucket {
  remaining = 1;
  limit = Number.POSITIVE_INFINITY;
  reset = -1;
  tail = Promise.resolve();
  queued = 0;
  constructor(hash) {
    this.hash = hash;
  }
  get limited() {
    return this.remaining <= 0 && Date.now() < this.reset;
  }
}

/** A failure the event loop rebuilds as discord.js's own error (thread.ts's errorOf). */
class Fault extends Error {
  constructor(fault) {
    super(fault.kind);
    this.fault = fault;
  }
}

/** One client per options text (rest.ts): the API base, version, timeout, retries and user agent. */
class TokenClient {
  buckets = new Map();
  /** `${method}:${route}` → the bucket Discord named for it. */
  hashes = new Map();

  constructor(options) {
    this.api = options.api;
    this.version = options.version;
    this.timeout = options.timeout;
    this.retries = options.retries;
    this.userAgent = `${DefaultUserAgent} ${options.userAgentAppendix ?? ''}`.trim();
    // A bucket neither waited on nor limited is forgotten within a second (each player's panel and each table's token has one).
    setInterval(() => {
      for (const [key, b] of this.buckets) if (b.queued === 0 && !b.limited) this.buckets.delete(key);
    }, 1_000).unref();
  }

  /** The answer of request `r` (InternalRequest fields): the parsed body, or the drained one's null when `unread`. */
  async send(r, reject, unread) {
    const { route, major } = routeOf(r.fullRoute);
    const url = `${this.api}/v${this.version}${r.fullRoute}${r.query ? `?${r.query}` : ''}`;
    const init = { method: r.method.toUpperCase(), headers: { ...r.headers, 'user-agent': this.userAgent }, body: bodyOf(r), dispatcher: agent, headersTimeout: this.timeout, bodyTimeout: this.timeout };
    const at = { route, major, url, method: init.method, requestBody: r.body, reject, unread };
    if (major === 'burst') return this.attempt(null, at, init);
    const hash = this.hashes.get(`${init.method}:${route}`) ?? `Global(${init.method}:${route})`;
    const key = `${hash}:${major}`;
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new Bucket(hash)));
    const before = bucket.tail;
    let done;
    bucket.tail = new Promise((r) => (done = r));
    bucket.queued++;
    try {
      await before;
      return await this.attempt(bucket, at, init);
    } finally {
      bucket.queued--;
      done();
    }
  }

  async attempt(bucket, at, init, tries = 0) {
    while (bucket?.limited) {
      const wait = bucket.reset + OFFSET_MS - Date.now();
      this.limited(at, bucket, wait, wait, 0, 'user', true);
      await sleep(wait);
    }
    let res;
    try {
      res = await request(at.url, init);
    } catch (err) {
      if (retryable(err) && tries < this.retries) return this.attempt(bucket, at, init, tries + 1);
      throw err;
    }
    const h = res.headers;
    const retryAfter = h['retry-after'] ? Number(h['retry-after']) * 1000 + OFFSET_MS : 0;
    if (bucket) {
      bucket.limit = h['x-ratelimit-limit'] ? Number(h['x-ratelimit-limit']) : Number.POSITIVE_INFINITY;
      bucket.remaining = h['x-ratelimit-remaining'] ? Number(h['x-ratelimit-remaining']) : 1;
      bucket.reset = h['x-ratelimit-reset-after'] ? Number(h['x-ratelimit-reset-after']) * 1000 + Date.now() + OFFSET_MS : Date.now();
      const hash = h['x-ratelimit-bucket'];
      if (hash && hash !== bucket.hash) this.hashes.set(`${at.method}:${at.route}`, hash);
    }
    const status = res.statusCode;
    if (status >= 200 && status < 300) {
      if (at.unread) return void (await res.body.dump());
      return String(h['content-type'] ?? '').startsWith('application/json') ? res.body.json() : res.body.arrayBuffer();
    }
    if (status === 429) {
      await res.body.dump();
      parentPort.postMessage({ tooMany: { method: at.method, url: at.url, scope: h['x-ratelimit-scope'] ?? 'none' } });
      // The bucket's own reset when its headers say it is spent (the loop above waits it out); else Retry-After.
      const known = bucket?.limited && !h['x-ratelimit-global'];
      const wait = known ? bucket.reset + OFFSET_MS - Date.now() : retryAfter;
      this.limited(at, bucket, wait, retryAfter, known ? 0 : retryAfter, h['x-ratelimit-scope'] ?? 'user', false);
      if (!known) await sleep(Math.max(retryAfter, OFFSET_MS));
      return this.attempt(bucket, at, init, tries);
    }
    if (status >= 500 && status < 600) {
      await res.body.dump();
      if (tries < this.retries) return this.attempt(bucket, at, init, tries + 1);
      throw new Fault({ kind: 'http', status, statusText: STATUS_CODES[status] ?? '', method: at.method, url: at.url, body: at.requestBody });
    }
    const data = String(h['content-type'] ?? '').startsWith('application/json') ? await res.body.json() : await res.body.arrayBuffer();
    throw new Fault({ kind: 'api', rawError: data, code: data && 'code' in data ? data.code : data?.error, status, method: at.method, url: at.url, body: at.requestBody });
  }

  /** A rate limit met: told to the event loop (the metrics); a lane's request gets it as its error. */
  limited(at, bucket, timeToReset, retryAfter, sublimitTimeout, scope, waiting) {
    const data = { global: false, method: at.method, url: at.url, route: at.route, majorParameter: at.major, hash: bucket?.hash ?? `Global(${at.method}:${at.route})`, limit: bucket ? bucket.limit : Number.POSITIVE_INFINITY, timeToReset, retryAfter, sublimitTimeout, scope };
    if (waiting) parentPort.postMessage({ rateLimited: data });
    if (at.reject) throw new Fault({ kind: 'limit', data });
  }
}

/** A timeout or a connection reset: tried again, as discord.js does. */
function retryable(err) {
  return err?.name === 'AbortError' || err?.code === 'UND_ERR_HEADERS_TIMEOUT' || err?.code === 'UND_ERR_BODY_TIMEOUT' || err?.code === 'ECONNRESET' || String(err?.message).includes('ECONNRESET');
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** The request's body as discord.js sends it: the JSON text, or a form with its files and the JSON as payload_json. */
function bodyOf(r) {
  if (!r.files?.length) return r.body == null ? null : r.passThroughBody ? r.body : JSON.stringify(r.body);
  const form = new FormData();
  r.files.forEach((f, i) => {
    const data = typeof f.data === 'string' ? f.data : Buffer.from(f.data.buffer ?? f.data, f.data.byteOffset ?? 0, f.data.byteLength);
    const type = f.contentType ?? (Buffer.isBuffer(data) && data.subarray(0, 4).equals(PNG) ? 'image/png' : undefined);
    form.append(f.key ?? `files[${i}]`, new Blob([data], type ? { type } : {}), f.name);
  });
  if (r.body != null) form.append('payload_json', typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
  return form;
}

const clients = new Map();
const clientFor = (key) => clients.get(key) ?? clients.set(key, new TokenClient(JSON.parse(key))).get(key);

// --- The acknowledgement keeper: an interaction the event loop leaves unanswered is acknowledged here ---
// The gateway's thread (../gateway/shards.mjs) tells this thread of every click and command as it
// arrives. A click whose first answer is always an update of the message it was clicked on (`keep`, from
// the router: a game click, on a private panel or on the table; the lobby's buttons), or a subcommand always answered privately,
// that the event loop has not answered within KEEP_AFTER_MS is acknowledged here (a click as an update of
// its message, type 6, as the event loop itself does after a second; a command as a private reply
// deferred, type 5, as the router does at once), so a stalled event loop costs no "This interaction
// failed". The event loop's own answer, when it comes, is then made to say the same through the token:
// an acknowledgement is already done, an update of the message becomes an edit of it (@original), a
// reply the deferred reply's edit (a command) or a follow-up (a click).
/** Discord allows 3 s from the click; the event loop acknowledges after 1 s (router.ts). */
const KEEP_AFTER_MS = 2_000;
/** How long a click is remembered once its answer was seen or it was acknowledged here. */
const REMEMBER_MS = 60_000;
const CALLBACK = /^\/interactions\/(\d+)\/([^/]+)\/callback$/;
/** Set by the event loop (`keep`): the verbs kept, the subcommands kept; its REST client's options. Null: none kept. */
let keep = null;
/** Clicks and commands by id and token (ids alone may repeat across stand-ins in one test process): `timer` while waiting, `deferred` (a promise of whether it was acknowledged) once acknowledged here, `answered` once the event loop answered first. */
const clicksSeen = new Map();
const clicks = new BroadcastChannel('fengsheng:clicks');
clicks.onmessage = ({ data: c }) => {
  const key = `${c.id}/${c.token}`;
  if (!keep || clicksSeen.has(key)) return;
  const command = c.command !== undefined;
  const verb = command ? null : c.customId.split(':')[3];
  if (!(command ? keep.privately.has(c.command) : keep.clicks.has(verb))) return;
  const click = { at: c.at, token: c.token, app: c.app, rest: keep.rest, command, answered: false, deferred: null, timer: null };
  click.timer = setTimeout(() => acknowledge(c.id, click), Math.max(0, c.at + KEEP_AFTER_MS - Date.now()));
  clicksSeen.set(key, click);
};
clicks.unref();
setInterval(() => {
  const old = Date.now() - REMEMBER_MS;
  for (const [key, c] of clicksSeen) if (c.at < old && c.timer === null) clicksSeen.delete(key);
}, 5_000).unref();

function acknowledge(id, click) {
  click.timer = null;
  if (click.answered) return;
  // A command kept is answered privately (the router defers it so at once): a private reply deferred; a click, an update.
  const body = click.command ? '{"type":5,"data":{"flags":64}}' : '{"type":6}';
  const r = { method: 'post', fullRoute: `/interactions/${id}/${click.token}/callback`, body, passThroughBody: true, headers: { 'Content-Type': 'application/json' } };
  click.deferred = clientFor(click.rest)
    .send(r, false, true)
    .then(
      () => (parentPort.postMessage({ kept: Date.now() - click.at }), true),
      () => false,
    );
}

/** Whether request `r` (a callback) was answered here: null to send it as it is, else what to send instead (or nothing). */
async function keptAnswer(r) {
  const m = CALLBACK.exec(r.fullRoute);
  if (!m) return null;
  const key = `${m[1]}/${decodeURIComponent(m[2])}`;
  const click = clicksSeen.get(key);
  if (!click) {
    // Its click not told yet (or not kept): it must not be acknowledged here later.
    clicksSeen.set(key, { at: Date.now(), answered: true, deferred: null, timer: null });
    return null;
  }
  if (!click.deferred) {
    clearTimeout(click.timer);
    click.timer = null;
    click.answered = true;
    return null;
  }
  if (!(await click.deferred)) return null;
  const body = typeof r.body === 'string' ? JSON.parse(r.body) : r.body;
  const data = body?.data ?? {};
  const through = (method, fullRoute) => ({ ...r, method, fullRoute, query: undefined, body: r.files?.length ? data : JSON.stringify(data), passThroughBody: !r.files?.length });
  switch (body?.type) {
    case 4:
      // A command's reply is the message its deferral made; a click's, a new one.
      if (click.command) return { request: through('patch', `/webhooks/${click.app}/${click.token}/messages/@original`) };
      return { request: through('post', `/webhooks/${click.app}/${click.token}`) };
    case 7:
      return { request: through('patch', `/webhooks/${click.app}/${click.token}/messages/@original`) };
    case 5:
    case 6:
      return { request: null };
    default:
      return null;
  }
}

/** What the event loop rebuilds a failure from (thread.ts): discord.js's errors by their fields. */
function faultOf(err) {
  if (err instanceof Fault) return err.fault;
  return { kind: 'error', name: err?.code === 'UND_ERR_HEADERS_TIMEOUT' || err?.code === 'UND_ERR_BODY_TIMEOUT' ? 'AbortError' : (err?.name ?? 'Error'), message: String(err?.message ?? err), code: err?.code };
}

async function call(m) {
  try {
    const instead = await keptAnswer(m.call);
    if (instead && !instead.request) return parentPort.postMessage({ id: m.id, result: null });
    const result = await clientFor(m.rest).send(instead?.request ?? m.call, m.reject, m.unread || !!instead);
    if (result === undefined || result === null) return parentPort.postMessage({ id: m.id, result: null });
    parentPort.postMessage({ id: m.id, result }, result instanceof ArrayBuffer ? [result] : []);
  } catch (err) {
    parentPort.postMessage({ id: m.id, fault: faultOf(err) });
  }
}

parentPort.on('message', async (m) => {
  if (m.abort !== undefined) return void going.get(m.abort)?.abort();
  if (m.call) return void call(m);
  if (m.keep !== undefined) return void (keep = m.keep && { rest: m.keep.rest, clicks: new Set(m.keep.clicks), privately: new Set(m.keep.privately) });
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
