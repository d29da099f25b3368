// Discord's HTTP requests sent from a thread of their own. discord.js keeps everything it decides on
// the event loop as before: its queues, each route's bucket, the global limit, 429s and retries
// (@discordjs/rest's `makeRequest` is the one part that moves). The thread writes each request to its
// socket, parses the answer and hands back its status, headers and body: at 150 live games that was
// about 15% of the event loop, where every click's acknowledgement waits its turn.
// A request with files (a multipart body: the table picture) is sent in-process, as is every request
// once the thread cannot start or has died (those it was handed before it started too: none was sent).
// Requests through an interaction's token are handed over whole (`call`, rest.ts): the thread queues,
// limits and sends them with its own client (discord.js's rate-limit rules: worker.mjs), and hands back what it answered.
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { DefaultRestOptions, DiscordAPIError, HTTPError, RateLimitError, type InternalRequest, type RateLimitData, type RESTOptions, type ResponseLike } from 'discord.js';
import { batchThread, helperThread, threadScript } from '../../threads.js';

type MakeRequest = RESTOptions['makeRequest'];
type Init = Parameters<MakeRequest>[1];
type Answer =
  | { id: number; status: number; headers: Record<string, string | string[] | undefined>; body: ArrayBuffer }
  | { id: number; error: { name: string; message: string; code?: string } }
  | { id: number; result: unknown }
  | { id: number; fault: Fault };
/** A failure of a request the thread's REST client sent, by its fields (worker.mjs's faultOf). */
type Fault =
  | { kind: 'api'; rawError: ConstructorParameters<typeof DiscordAPIError>[0]; code: number | string; status: number; method: string; url: string; body: unknown }
  | { kind: 'http'; status: number; statusText: string; method: string; url: string; body: unknown }
  | { kind: 'limit'; data: RateLimitData }
  | { kind: 'error'; name: string; message: string; code?: string };
/** What the thread says besides answers: a 429 its REST client met, a rate limit it waits on. */
type Notice = { ready: number | null } | { tooMany: { method: string; url: string; scope: string } } | { rateLimited: RateLimitData } | { kept: number };
/** A request handed to the thread: what to do with its answer, and (`fallback`) if the thread never started. */
type Waiting = { answer: (a: Answer) => void; fail: (err: Error) => void; fallback: () => void };

/** The options of discord.js's REST client the thread's own is made with (plain values: they cross to the thread). */
export type ThreadRestOptions = Pick<RESTOptions, 'api' | 'version' | 'timeout' | 'retries' | 'userAgentAppendix'>;

/** Who hears of the thread's REST client's 429s and rate limits (the metrics: rest.ts). */
export interface ThreadWatch {
  tooMany?(method: string, url: string, scope: string): void;
  rateLimited?(data: RateLimitData): void;
  /** A click the event loop left unanswered was acknowledged by the thread, `ms` after it came. */
  kept?(ms: number): void;
}

/**
 * The interactions the thread may acknowledge itself (worker.mjs's keeper): clicks by verb (as an update
 * of the message clicked on), and slash commands by `command/subcommand` (as a private reply).
 */
export interface KeptClicks {
  clicks: readonly string[];
  privately: readonly string[];
}

/** The headers of an answer: what discord.js reads of them (get, has), over the thread's lower-case names. */
class AnswerHeaders {
  constructor(private readonly h: Record<string, string | string[] | undefined>) {}
  get(name: string): string | null {
    const v = this.h[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  }
  has(name: string): boolean {
    return this.h[name.toLowerCase()] !== undefined;
  }
  *entries(): IterableIterator<[string, string]> {
    for (const k of Object.keys(this.h)) if (this.h[k] !== undefined) yield [k, this.get(k)!];
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  forEach(f: (value: string, key: string) => void): void {
    for (const [k, v] of this.entries()) f(v, k);
  }
}

function responseOf(status: number, headers: Record<string, string | string[] | undefined>, body: ArrayBuffer): ResponseLike {
  const bytes = Buffer.from(body);
  let used = false;
  const use = () => ((used = true), bytes);
  return {
    status,
    statusText: STATUS_CODES[status] ?? '',
    ok: status >= 200 && status < 300,
    headers: new AnswerHeaders(headers) as unknown as Headers,
    get body() {
      return Readable.from([use()]);
    },
    get bodyUsed() {
      return used;
    },
    arrayBuffer: async () => (use(), body),
    text: async () => use().toString('utf8'),
    json: async () => JSON.parse(use().toString('utf8')) as unknown,
  };
}

const abortError = () => Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });

/** The error a fault is: discord.js's own classes, so callers tell them apart as they would in-process. */
function errorOf(f: Fault): Error {
  const bodyData = { body: f.kind === 'api' || f.kind === 'http' ? f.body : undefined, files: undefined };
  if (f.kind === 'api') return new DiscordAPIError(f.rawError, f.code, f.status, f.method, f.url, bodyData);
  if (f.kind === 'http') return new HTTPError(f.status, f.statusText, f.method, f.url, bodyData);
  if (f.kind === 'limit') return new RateLimitError(f.data);
  return Object.assign(new Error(f.message), { name: f.name, code: f.code });
}

export class HttpThread {
  private worker: Worker | null = null;
  private broken = false;
  private next = 1;
  private readonly waiting = new Map<number, Waiting>();

  readonly watchers = new Set<ThreadWatch>();

  constructor(
    private readonly sockets: number,
    private readonly inProcess: MakeRequest,
    private readonly script: URL,
  ) {}

  /**
   * A request through a token, sent whole by the thread's REST client: what it answered (null when
   * `unread`: the caller never reads it). `reject`: a rate limit comes back as a RateLimitError (a
   * lane's request) instead of being waited out. Null when the thread cannot take it (it cannot start,
   * or the request holds what cannot cross to a thread): the caller sends it in-process; `fallback` does
   * for one handed before the thread failed to start. `rest`: the JSON of the thread's client's options
   * (ThreadRestOptions), one client a distinct text.
   */
  call(rest: string, options: InternalRequest, reject: boolean, unread: boolean, fallback: () => Promise<unknown>): Promise<unknown> | null {
    if (options.signal || options.dispatcher) return null;
    const w = this.thread();
    if (!w) return null;
    const { query, ...plain } = options;
    const id = this.next++;
    try {
      w.postMessage({ id, rest, call: { ...plain, ...(query !== undefined && { query: query.toString() }) }, reject, unread });
    } catch {
      return null;
    }
    return new Promise<unknown>((resolve, fail) =>
      this.wait(w, id, {
        answer: (a) => ('fault' in a ? fail(errorOf(a.fault)) : resolve('result' in a ? a.result : undefined)),
        fail,
        fallback: () => void fallback().then(resolve, fail),
      }),
    );
  }

  /**
   * The clicks the thread acknowledges itself when the event loop has not within 2 s (worker.mjs), sent
   * with the REST client of options `rest` (as `call`'s); null: none from now on (a process stopping, which
   * answers nothing more). False when there is no thread (then none is).
   */
  keep(rest: string, clicks: KeptClicks | null): boolean {
    const w = this.thread();
    if (!w) return false;
    w.postMessage({ keep: clicks && { rest, clicks: [...clicks.clicks], privately: [...clicks.privately] } });
    return true;
  }

  readonly request: MakeRequest = (url, init) => {
    const body = init.body;
    if (!(body === null || body === undefined || typeof body === 'string' || body instanceof Uint8Array)) return this.inProcess(url, init);
    const w = this.thread();
    if (!w) return this.inProcess(url, init);
    return this.send(w, url, init, body);
  };

  private send(w: Worker, url: string, init: Init, body: string | Uint8Array | null | undefined): Promise<ResponseLike> {
    const id = this.next++;
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise<ResponseLike>((resolve, reject) => {
      const onAbort = () => {
        if (!this.waiting.delete(id)) return;
        this.idle();
        w.postMessage({ abort: id });
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.wait(w, id, {
        answer: (a) => (done(), 'error' in a ? reject(Object.assign(new Error(a.error.message), { name: a.error.name, code: a.error.code })) : 'status' in a ? resolve(responseOf(a.status, a.headers, a.body)) : reject(new Error('not an answer to a request'))),
        fail: (e) => (done(), reject(e)),
        fallback: () => void this.inProcess(url, init).then((r) => (done(), resolve(r)), (e: Error) => (done(), reject(e))),
      });
      w.postMessage({ id, url, method: init.method, headers: init.headers, body: body ?? null });
    });
  }

  /** Request `id` handed to `w` waits for its answer; the thread keeps the process alive while any does. */
  private wait(w: Worker, id: number, waiting: Waiting): void {
    if (this.waiting.size === 0) w.ref();
    this.waiting.set(id, waiting);
  }

  /** The thread, started on first use (null once it failed). It keeps the process alive only while it has requests. */
  private thread(): Worker | null {
    if (this.worker || this.broken) return this.worker;
    try {
      const w = helperThread(this.script, { workerData: { sockets: this.sockets } });
      w.unref();
      let started = false;
      w.on('message', (a: Answer | Notice) => {
        if ('ready' in a) {
          started = true;
          // Its waking must not preempt the event loop (src/threads.ts).
          return void batchThread(a.ready);
        }
        if ('tooMany' in a) return this.watchers.forEach((x) => x.tooMany?.(a.tooMany.method, a.tooMany.url, a.tooMany.scope));
        if ('rateLimited' in a) return this.watchers.forEach((x) => x.rateLimited?.(a.rateLimited));
        if ('kept' in a) return this.watchers.forEach((x) => x.kept?.(a.kept));
        const waiting = this.waiting.get(a.id);
        if (!waiting) return;
        this.waiting.delete(a.id);
        this.idle();
        waiting.answer(a);
      });
      const fail = (err: Error) => {
        // Requests on their way are lost with a thread that ran (not tried again: they may have reached
        // Discord); a thread that never started sent none, so they go in-process, as every later one.
        this.broken = true;
        this.worker = null;
        for (const x of this.waiting.values()) started ? x.fail(err) : x.fallback();
        this.waiting.clear();
      };
      w.on('error', fail);
      w.on('exit', (code) => fail(new Error(`the HTTP thread exited (${code})`)));
      this.worker = w;
    } catch {
      this.broken = true;
    }
    return this.worker;
  }

  private idle(): void {
    if (this.waiting.size === 0) this.worker?.unref();
  }
}

/** The process's HTTP thread for Discord's requests; `sockets`: at most that many to Discord from it. */
export function httpThread(sockets: number, inProcess: MakeRequest = DefaultRestOptions.makeRequest, script = threadScript(import.meta.url, 'worker')): HttpThread {
  return new HttpThread(sockets, inProcess, script);
}
