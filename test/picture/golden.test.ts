// Golden pictures of fixed moments, compared with a tolerance (test/picture/compare.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pictureInput, type PictureInput } from '../../src/picture/input.js';
import { seededMoment } from '../../src/picture/moments.js';
import { drawTablePicture, HEIGHT, WIDTH } from '../../src/picture/table.js';
import { decider, view } from '../../src/engine/index.js';
import { decodePng, differingShare } from './compare.js';
import { GOLDEN, type GoldenMoment } from './moments.js';

const DIR = path.join(import.meta.dirname, 'golden');
/** UPDATE_GOLDEN=1 draws the PNGs anew from the stored inputs; UPDATE_GOLDEN=inputs also derives the inputs anew. */
const UPDATE = process.env.UPDATE_GOLDEN === '1' || process.env.UPDATE_GOLDEN === 'inputs';
const UPDATE_INPUTS = process.env.UPDATE_GOLDEN === 'inputs';

function inputOf(m: GoldenMoment): PictureInput {
  const moment = seededMoment({ seed: m.seed, players: m.players, actions: m.actions, characters: true, edition: 'standard' });
  const v = view(moment.state, null);
  if (m.rename) v.players[m.rename[0]].name = m.rename[1];
  return pictureInput(m.locale, v, { ai: m.ai ?? [], autopilot: m.autopilot ?? [], decider: decider(moment.state) });
}

describe('the table picture matches its golden images', () => {
  for (const m of GOLDEN) {
    it(`${m.name}: ${m.what}`, async () => {
      const jsonFile = path.join(DIR, `${m.name}.json`);
      const pngFile = path.join(DIR, `${m.name}.png`);
      if (UPDATE) {
        if (UPDATE_INPUTS || !fs.existsSync(jsonFile)) fs.writeFileSync(jsonFile, JSON.stringify(inputOf(m), null, 1) + '\n');
        fs.writeFileSync(pngFile, drawTablePicture(JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as PictureInput).png);
      }
      const input = JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as PictureInput;
      const pic = drawTablePicture(input);
      expect([pic.width, pic.height]).toEqual([WIDTH, HEIGHT]);
      expect(pic.png.length).toBeLessThan(150 * 1024);
      const share = differingShare(await decodePng(pic.png), await decodePng(fs.readFileSync(pngFile)));
      expect(share, `${(share * 100).toFixed(3)}% of pixels differ from ${pngFile}`).toBeLessThan(0.0005);
    });
  }

  it('the moments still show what they are named for (checked on the stored inputs)', () => {
    const load = (name: string) => JSON.parse(fs.readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as PictureInput;
    const p3 = load('p3-zh-facedown');
    expect(p3.seats.length).toBe(3);
    expect(p3.transit && !p3.transit.card).toBe(true);
    expect(p3.stack.length).toBeGreaterThan(0);
    expect(p3.seats.some((s) => s.locked)).toBe(true);
    const p5 = load('p5-en-faceup');
    expect(p5.transit?.card).toBeDefined();
    expect(p5.transit?.away.length).toBeGreaterThan(0);
    const p9 = load('p9-zh-facedown');
    expect(p9.seats.length).toBe(9);
    expect(p9.seats.some((s) => !s.alive)).toBe(true);
    expect(p9.seats.filter((s) => s.ai || s.auto).length).toBe(2);
    expect(load('p5-zh-over').result).not.toBeNull();
  });

  it('a changed picture is caught: one seat with one more intel card differs', async () => {
    const input = JSON.parse(fs.readFileSync(path.join(DIR, 'p5-zh-faceup.json'), 'utf8')) as PictureInput;
    input.seats[1].intel.push({ name: '截获', color: '红', mode: '直达' });
    const share = differingShare(await decodePng(drawTablePicture(input).png), await decodePng(fs.readFileSync(path.join(DIR, 'p5-zh-faceup.png'))));
    expect(share).toBeGreaterThan(0.0005);
  });
});
