// The bot draws table pictures in a pool of threads: the same bytes as in-process, and a backlog
// the publisher stretches its tables' intervals by.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pictureText, type PictureInput } from '../../src/picture/input.js';
import { backlog, drawInThread, drawingInThread, POOL_SIZE } from '../../src/picture/renderer.js';
import { drawTablePicture } from '../../src/picture/table.js';

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
});
