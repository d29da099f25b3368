// Discord's HTTP requests sent from a thread of their own. discord.js keeps everything it decides on
// the event loop as before: its queues, each route's bucket, the global limit, 429s and retries
// (@discordjs/rest's `makeRequest` is the one part that moves). The thread writes each request to its
// socket, parses the answer and hands back its status, headers and body: at 150 live games that was
// about 15% of the event loop, where every click's acknowledgement waits its turn.
// A request with files (a multipart body: the table picture) is sent in-process, as is every request
// once the thread cannot start or has died (those it was handed before it started too: none was sent).
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { DefaultRestOptions, type RESTOptions, type ResponseLike } from 'discord.js';
import { batchThread, helperThread, threadScript } from '../../threads.js';

type MakeRequest = RESTOptions['makeRequest'];
type Init = Parameters<MakeRequest>[1];
type Answer =
  | { id: number; status: number; headers: Record<string, string | string[] | undefined>; body: ArrayBuffer }
  | { id: number; error: { name: string; message: string; code?: string } };
type Waiting = { url: string; init: Init; resolve: (r: ResponseLike) => void; reject: (err: Error) => void };

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

class HttpThread {
  private worker: Worker | null = null;
  private broken = false;
  private next = 1;
  private readonly waiting = new Map<number, Waiting>();

  constructor(
    private readonly sockets: number,
    private readonly inProcess: MakeRequest,
    private readonly script: URL,
  ) {}

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
      if (this.waiting.size === 0) w.ref();
      this.waiting.set(id, { url, init, resolve: (r) => (done(), resolve(r)), reject: (e) => (done(), reject(e)) });
      w.postMessage({ id, url, method: init.method, headers: init.headers, body: body ?? null });
    });
  }

  /** The thread, started on first use (null once it failed). It keeps the process alive only while it has requests. */
  private thread(): Worker | null {
    if (this.worker || this.broken) return this.worker;
    try {
      const w = helperThread(this.script, { workerData: { sockets: this.sockets } });
      w.unref();
      let started = false;
      w.on('message', (a: Answer | { ready: number | null }) => {
        if ('ready' in a) {
          started = true;
          // Its waking must not preempt the event loop (src/threads.ts).
          return void batchThread(a.ready);
        }
        const waiting = this.waiting.get(a.id);
        if (!waiting) return;
        this.waiting.delete(a.id);
        this.idle();
        if ('error' in a) waiting.reject(Object.assign(new Error(a.error.message), { name: a.error.name, code: a.error.code }));
        else waiting.resolve(responseOf(a.status, a.headers, a.body));
      });
      const fail = (err: Error) => {
        // Requests on their way are lost with a thread that ran (not tried again: they may have reached
        // Discord); a thread that never started sent none, so they go in-process, as every later one.
        this.broken = true;
        this.worker = null;
        for (const x of this.waiting.values()) started ? x.reject(err) : this.inProcess(x.url, x.init).then(x.resolve, x.reject);
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
export function httpThread(sockets: number, inProcess: MakeRequest = DefaultRestOptions.makeRequest, script = threadScript(import.meta.url, 'worker')): MakeRequest {
  return new HttpThread(sockets, inProcess, script).request;
}
