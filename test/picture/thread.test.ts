// The bot draws table pictures in a thread of its own: the same bytes as in-process.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PictureInput } from '../../src/picture/input.js';
import { drawInThread, drawingInThread } from '../../src/picture/renderer.js';
import { drawTablePicture } from '../../src/picture/table.js';

describe('the picture thread', () => {
  it('draws the same bytes as in-process drawing, several at once', async () => {
    const dir = path.join(import.meta.dirname, 'golden');
    const inputs = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as PictureInput);
    const drawn = await Promise.all(inputs.map((p) => drawInThread(p)));
    expect(drawingInThread()).toBe(true);
    inputs.forEach((p, k) => expect(drawn[k].equals(drawTablePicture(p).png)).toBe(true));
  }, 30_000);
});
