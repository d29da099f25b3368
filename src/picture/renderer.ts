// Table pictures drawn in threads of their own, so a drawing (10–25 ms) never stalls the bot's
// event loop: acknowledgements and panel edits of every game go on meanwhile. A pool of one thread
// per core but one (the event loop keeps a core), at least one, started on first use and not
// keeping the process alive; each drawing goes to the thread with the fewest waiting. Callers keep
// at most one drawing per game asked (the publisher's table lane), so what waits here is bounded by
// the number of live games, and `backlog()` tells them how far behind the pool is. If a thread
// cannot start or dies, its drawings are made in-process instead (the same code, the same bytes).
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { helperThread, threadScript } from '../threads.js';
import type { PictureInput } from './input.js';
import { drawTablePicture } from './table.js';

type Waiting = { resolve: (png: Buffer) => void; reject: (err: Error) => void };

interface Thread {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

/** Threads in the pool: a core is left to the event loop. */
export const POOL_SIZE = Math.max(1, availableParallelism() - 1);

const threads: (Thread | null)[] = [];
let broken = false;
let next = 1;

function start(slot: number): Thread | null {
  try {
    const worker = helperThread(threadScript(import.meta.url, 'worker'));
    worker.unref();
    const t: Thread = { worker, waiting: new Map() };
    const fail = (err: Error) => {
      // Drawings that were waiting are made in-process by their callers; the slot is not restarted.
      broken = true;
      threads[slot] = null;
      for (const w of t.waiting.values()) w.reject(err);
      t.waiting.clear();
    };
    worker.on('message', (m: { id: number; png?: Uint8Array; error?: string }) => {
      const entry = t.waiting.get(m.id);
      if (!entry) return;
      t.waiting.delete(m.id);
      if (m.png) entry.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
      else entry.reject(new Error(m.error ?? 'the picture thread failed'));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the picture thread exited (${code})`)));
    return t;
  } catch {
    broken = true;
    return null;
  }
}

/** The pool's thread with the fewest drawings waiting (threads start on first use). */
function thread(): Thread | null {
  if (broken && threads.every((t) => !t)) return null;
  let best: Thread | null = null;
  for (let slot = 0; slot < POOL_SIZE; slot++) {
    let t = threads[slot];
    if (t === undefined && !broken) t = threads[slot] = start(slot);
    if (t && (!best || t.waiting.size < best.waiting.size)) best = t;
    if (best && best.waiting.size === 0) break;
  }
  return best;
}

/** Whether pictures are being drawn in the pool (false after every thread failed, or before first use). */
export function drawingInThread(): boolean {
  return threads.some((t) => t);
}

/** Drawings asked of the pool and not finished (the metrics' queued pictures). */
export function queuedPictures(): number {
  let n = 0;
  for (const t of threads) n += t?.waiting.size ?? 0;
  return n;
}

/** Drawings asked of the pool and not finished, per thread: 0 when it keeps up. */
export function backlog(): number {
  return queuedPictures() / POOL_SIZE;
}

/** Draws the table picture of `text` (pictureText) in the pool (in-process where no thread is available). */
export async function drawInThread(text: string): Promise<Buffer> {
  const t = thread();
  if (t) {
    try {
      return await new Promise<Buffer>((resolve, reject) => {
        const id = next++;
        t.waiting.set(id, { resolve, reject });
        t.worker.postMessage({ id, text });
      });
    } catch {
      // The thread went away with this drawing: draw it here.
    }
  }
  return drawTablePicture(JSON.parse(text) as PictureInput).png;
}
