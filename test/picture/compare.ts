// Comparing pictures with a tolerance: decodes PNGs with @napi-rs/canvas and counts the pixels
// whose colour differs by more than `channel` in some channel.
import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export async function decodePng(png: Buffer): Promise<Pixels> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: g.getImageData(0, 0, img.width, img.height).data };
}

/** The share of pixels (0..1) that differ by more than `channel` levels in red, green or blue. */
export function differingShare(a: Pixels, b: Pixels, channel = 24): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let bad = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i] - b.data[i]) > channel ||
      Math.abs(a.data[i + 1] - b.data[i + 1]) > channel ||
      Math.abs(a.data[i + 2] - b.data[i + 2]) > channel
    )
      bad++;
  }
  return bad / (a.width * a.height);
}
