// The fixed moments of the golden pictures. Their inputs are stored as JSON beside the PNGs, so a
// change to the rules or the random play does not move them. `UPDATE_GOLDEN=1 npx vitest run
// test/picture` draws the PNGs anew from the stored inputs (after a change to the drawing or the
// words); `UPDATE_GOLDEN=inputs` also derives the inputs anew from these seeded games.
import type { Locale } from '../../src/i18n/index.js';

export interface GoldenMoment {
  name: string;
  seed: number;
  players: number;
  actions: number;
  locale: Locale;
  what: string;
  /** Seat tags and a name to add on top of the seeded game. */
  ai?: number[];
  autopilot?: number[];
  rename?: [number, string];
  /** A decision clock (the seeded games run without one). */
}

export const GOLDEN: GoldenMoment[] = [
  { name: 'p3-zh-facedown', seed: 9, players: 3, actions: 153, locale: 'zh-CN', what: '3 players, 密电 face down in transit, two 锁定 waiting, a 🔒 seat, one out' },
  { name: 'p5-en-faceup', seed: 1, players: 5, actions: 251, locale: 'en', what: '5 players, 文本 face up in transit, a seat lured away (调虎离山)' },
  { name: 'p5-zh-faceup', seed: 1, players: 5, actions: 251, locale: 'zh-CN', what: 'the same in Chinese' },
  { name: 'p9-zh-facedown', seed: 6, players: 9, actions: 391, locale: 'zh-CN', what: '9 players, one dead, intel face down, an AI seat, an autopilot seat, a rare character in a name', ai: [2], autopilot: [6], rename: [0, '龘龘 Ⅷ'] },
  { name: 'p9-en-facedown', seed: 6, players: 9, actions: 391, locale: 'en', what: 'the same in English', ai: [2], autopilot: [6], rename: [0, '龘龘 Ⅷ'] },
  { name: 'p5-zh-over', seed: 1, players: 5, actions: 447, locale: 'zh-CN', what: 'a finished game: winners, every identity' },
  { name: 'p5-en-over', seed: 1, players: 5, actions: 447, locale: 'en', what: 'the same in English' },
];
