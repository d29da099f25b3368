// The bot draws table pictures in a pool of threads: the same bytes as in-process, and a backlog
// the publisher stretches its tables' intervals by. Its threads run under SCHED_BATCH (src/threads.ts).
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { pictureText, type PictureInput } from '../../src/picture/input.js';
import { backlog, drawInThread, drawingInThread, POOL_SIZE } from '../../src/picture/renderer.js';
import { drawTablePicture } from '../../src/picture/table.js';
import { batchThreadIds } from '../support/threads.js';

describe('the picture thread', () => {
  it('draws the same bytes as in-process drawing, several at once', async () => {
    const dir = path.join(import.meta.dirname, 'golden');
    const inputs = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as PictureInput);
    const asked = inputs.map((p) => drawInThread(pictureText(p)));
    // Asked all at once: the pool is behind by that many drawings, spread over its threads.
    expect(backlog()).toBe(inputs.length / POOL_SIZE);
    const drawn = await Promise.all(asked);
    expect(drawingInThread()).toBe(true);
    expect(backlog()).toBe(0);
    inputs.forEach((p, k) => expect(drawn[k].equals(drawTablePicture(p).png)).toBe(true));
  }, 30_000);

  // The pool's threads may have started in an earlier file of this worker process (vitest keeps its
  // modules): a thread of the pool's script is started here to be looked at.
  it.runIf(process.platform === 'linux')('puts itself under SCHED_BATCH: a drawing never preempts the event loop', async () => {
    const before = new Set(batchThreadIds());
    const worker = new Worker(new URL('../../src/picture/worker.mjs', import.meta.url));
    try {
      await vi.waitFor(() => expect(batchThreadIds().filter((t) => !before.has(t)).length).toBeGreaterThanOrEqual(1), { timeout: 20_000 });
    } finally {
      await worker.terminate();
    }
  }, 30_000);
});
