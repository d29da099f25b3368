// Table pictures drawn in a thread of their own, so a drawing (10–25 ms) never stalls the bot's
// event loop: acknowledgements and panel edits of every game go on meanwhile. One thread per
// process, started on first use and not keeping the process alive. If the thread cannot start or
// dies, pictures are drawn in-process instead (the same code, the same bytes).
import { Worker } from 'node:worker_threads';
import type { PictureInput } from './input.js';
import { drawTablePicture } from './table.js';

type Waiting = { resolve: (png: Buffer) => void; reject: (err: Error) => void };

let worker: Worker | null = null;
let broken = false;
let next = 1;
const waiting = new Map<number, Waiting>();

function fail(err: Error): void {
  broken = true;
  worker = null;
  for (const w of waiting.values()) w.reject(err);
  waiting.clear();
}

function thread(): Worker | null {
  if (broken) return null;
  if (worker) return worker;
  try {
    const w = new Worker(new URL('./worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (m: { id: number; png?: Uint8Array; error?: string }) => {
      const entry = waiting.get(m.id);
      if (!entry) return;
      waiting.delete(m.id);
      if (m.png) entry.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
      else entry.reject(new Error(m.error ?? 'the picture thread failed'));
    });
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the picture thread exited (${code})`)));
    worker = w;
  } catch {
    broken = true;
  }
  return worker;
}

/** Whether pictures are being drawn in the picture thread (false after it failed, or before first use). */
export function drawingInThread(): boolean {
  return worker !== null && !broken;
}

/** Draws the table picture in the picture thread (in-process where the thread is not available). */
export async function drawInThread(input: PictureInput): Promise<Buffer> {
  const w = thread();
  if (w) {
    try {
      return await new Promise<Buffer>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        w.postMessage({ id, input });
      });
    } catch {
      // The thread went away with this drawing: draw it here.
    }
  }
  return drawTablePicture(input).png;
}
