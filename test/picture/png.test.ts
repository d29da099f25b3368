// The table picture's PNG encoder (src/picture/png.ts): what a decoder reads back is each pixel's
// colour at 5 bits a channel, where the picture has at most 256 such colours, and else the nearest kept one.
import { describe, expect, it } from 'vitest';
import { encodeIndexedPng } from '../../src/picture/png.js';
import { decodePng } from './compare.js';

const expand = (v: number) => (v << 3) | (v >> 2);
const at5 = (c: number) => expand(c >> 3);

/** RGBA pixels from a colour per pixel (0xRRGGBB). */
function rgbaOf(colours: number[]): Uint8Array {
  const out = new Uint8Array(colours.length * 4);
  colours.forEach((c, i) => out.set([c >> 16, (c >> 8) & 255, c & 255, 255], i * 4));
  return out;
}

describe('the indexed PNG encoder', () => {
  it('writes runs of one colour long and short, across rows, and lone pixels, each as it was (at 5 bits a channel)', async () => {
    const width = 37, height = 23;
    const colours: number[] = [];
    // Runs of 1 to 60 pixels in 40 colours, so runs end mid-row, at a row's end, and span rows.
    for (let k = 0; colours.length < width * height; k++) {
      const c = ((k * 97) % 40) * 0x060504 + 0x102030;
      for (let r = 0; r < 1 + ((k * 13) % 60) && colours.length < width * height; r++) colours.push(c);
    }
    const png = encodeIndexedPng(rgbaOf(colours), width, height);
    const back = await decodePng(png);
    expect([back.width, back.height]).toEqual([width, height]);
    const wrong = colours.filter((c, i) => back.data[i * 4] !== at5(c >> 16) || back.data[i * 4 + 1] !== at5((c >> 8) & 255) || back.data[i * 4 + 2] !== at5(c & 255));
    expect(wrong).toEqual([]);
  });

  it('keeps the 256 most frequent colours and maps each other one to the nearest kept', async () => {
    const width = 64, height = 64;
    // 300 colours a step apart at 5 bits: the first 256 cover 15 pixels each, the other 44 five or six.
    const colours: number[] = [];
    const colourOf = (k: number) => (((k >> 5) & 7) << 19) | (((k >> 3) & 3) << 11) | ((k & 7) << 3) | ((k >> 8) << 22);
    for (let k = 0; k < 256; k++) for (let r = 0; r < 15; r++) colours.push(colourOf(k));
    for (let k = 256; colours.length < width * height; k = k === 299 ? 256 : k + 1) colours.push(colourOf(k));
    const back = await decodePng(encodeIndexedPng(rgbaOf(colours), width, height));
    const key = (c: number) => ((c >> 19) << 10) | (((c >> 11) & 31) << 5) | ((c >> 3) & 31);
    const shown = (k: number) => (expand(k >> 10) << 16) | (expand((k >> 5) & 31) << 8) | expand(k & 31);
    // The kept colours are equally frequent: the palette has them by key, and the first nearest wins.
    const kept = Array.from({ length: 256 }, (_, k) => key(colourOf(k))).sort((a, b) => a - b);
    const distance = (a: number, b: number) => 3 * ((a >> 10) - (b >> 10)) ** 2 + 4 * (((a >> 5) & 31) - ((b >> 5) & 31)) ** 2 + 2 * ((a & 31) - (b & 31)) ** 2;
    const nearest = (k: number) => kept.reduce((best, j) => (distance(k, j) < distance(k, best) ? j : best), kept[0]);
    const wrong = colours.filter((c, i) => ((back.data[i * 4] << 16) | (back.data[i * 4 + 1] << 8) | back.data[i * 4 + 2]) !== shown(nearest(key(c))));
    expect(wrong).toEqual([]);
    expect(new Set(colours.slice(256 * 15).map((c) => key(c))).size).toBe(44);
  });
});
