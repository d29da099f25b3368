// The picture's font: Noto Sans SC from @fontsource/noto-sans-sc (an npm package, so `npm ci`
// installs it; no system font is assumed). Fontsource splits the font into ~100 woff2 slices by
// Unicode range. The common set (Fontsource's chinese-simplified subset, about 7,900 characters,
// and Latin) is registered as FAMILY; every numbered slice as FALLBACK, named second in each font,
// so any CJK or Latin name a player has is drawn, while the usual glyphs are found without
// searching a hundred faces (that search cost about 8 ms a table).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

export const FAMILY = 'FengshengSans';
export const FALLBACK = 'FengshengSansAll';
/** The CSS font-family list for the picture. */
export const FAMILIES = `${FAMILY}, ${FALLBACK}`;
const WEIGHTS = [400, 700];
let loaded = 0;

const COMMON = /^noto-sans-sc-(chinese-simplified|latin|latin-ext)-\d+-normal\.woff2$/;

/** The font files, common set first: [file, family][]. */
export function fontFiles(): [string, string][] {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('@fontsource/noto-sans-sc/package.json')), 'files');
  const files = fs
    .readdirSync(dir)
    .filter((f) => WEIGHTS.some((w) => f.endsWith(`-${w}-normal.woff2`)))
    .sort();
  return [
    ...files.filter((f) => COMMON.test(f)).map((f): [string, string] => [path.join(dir, f), FAMILY]),
    ...files.filter((f) => !COMMON.test(f) && !f.includes('chinese-simplified')).map((f): [string, string] => [path.join(dir, f), FALLBACK]),
  ];
}

/** Registers the font once per process; returns how many font files are registered. */
export function ensureFonts(): number {
  if (loaded) return loaded;
  const files = fontFiles();
  for (const [f, family] of files) if (!GlobalFonts.registerFromPath(f, family)) throw new Error(`cannot load font ${f}`);
  if (!files.length) throw new Error('no font files found in @fontsource/noto-sans-sc');
  loaded = files.length;
  return loaded;
}
