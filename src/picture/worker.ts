// The picture thread: draws table pictures off the bot's event loop (see renderer.ts).
import { parentPort } from 'node:worker_threads';
import type { PictureInput } from './input.js';
import { drawTablePicture } from './table.js';
import { batchThread, ownThreadId } from '../threads.js';

// A drawing (10 ms or more) handed to this thread must not preempt the event loop (src/threads.ts).
void batchThread(ownThreadId());

parentPort!.on('message', (m: { id: number; text: string }) => {
  try {
    const { png } = drawTablePicture(JSON.parse(m.text) as PictureInput);
    parentPort!.postMessage({ id: m.id, png: new Uint8Array(png.buffer, png.byteOffset, png.length) });
  } catch (err) {
    parentPort!.postMessage({ id: m.id, error: (err as Error).message });
  }
});
