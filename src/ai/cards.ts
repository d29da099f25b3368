// Card faces by id, and the small colour helpers the AI shares. Card ids index the edition's
// deck as the engine's deckOf() lays it out (the engine's `state.cards`); the deck list is public
// knowledge, so using it is not reading the hidden state.
import type { Color, Identity, Mode } from '../engine/types.js';

/** Identities as small integers: 0 潜伏战线 (red), 1 军情处 (blue), 2 打酱油的. */
export const ID_LIST: readonly Identity[] = ['潜伏战线', '军情处', '打酱油的'];
export const RED = 0;
export const BLUE = 1;
export const BLACK = 2;
export const COLOR_LIST: readonly Color[] = ['红', '蓝', '黑'];
export const SOY = 2;

export const idIndex = (id: Identity): number =>
  id === '潜伏战线' ? 0 : id === '军情处' || (id as string) === '军情局' ? 1 : 2;
export const colorIndex = (c: Color): number => (c === '红' ? 0 : c === '蓝' ? 1 : 2);
/** Ways of sending as small integers: 0 密电, 1 直达, 2 文本 (printed on each intel card). */
export const modeIndex = (m: Mode): number => (m === '密电' ? 0 : m === '直达' ? 1 : 2);
/** Index of a card's (way of sending, colour) in a count of 9: mode × 3 + colour. */
export const faceIndex = (c: { mode: Mode; color: Color }): number => modeIndex(c.mode) * 3 + colorIndex(c.color);

/** The colour index a faction collects (0 red for 潜伏战线, 1 blue for 军情处), -1 for 打酱油的. */
export const factionColor = (id: number): number => (id === 0 ? RED : id === 1 ? BLUE : -1);

/** Colour counts [red, blue, black] of a list of cards. */
export function colorCounts(cards: readonly { color: Color }[]): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  for (const c of cards) out[colorIndex(c.color)]++;
  return out;
}
