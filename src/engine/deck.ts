// The decks of the three editions (docs/rules.md §3, §12; the tables are in editions.ts) and the 18
// 试探 variants.
import { EDITION_NAMES, EDITIONS } from './editions.js';
import type { Card, CardName, Color, Edition, Identity, Mode, ProbeBranch } from './types.js';

/** Every card name of any edition, in the order the editions' tables first name them. */
export const CARD_NAMES: readonly CardName[] = [...new Set(EDITION_NAMES.flatMap((e) => EDITIONS[e].deck.map((r) => r[0])))];
export const COLORS: readonly Color[] = ['红', '蓝', '黑'];
export const MODES: readonly Mode[] = ['密电', '直达', '文本'];
export const IDENTITIES: readonly Identity[] = ['潜伏战线', '军情处', '打酱油的'];
export const BRANCHES: readonly ProbeBranch[] = ['抽二', '抽一', '弃一'];

/**
 * Each identity gets six 试探: a draw and a discard card in each colour (002_…, appendix; 004_… the
 * same with 抽一). Dealt out by colour so every colour carries two of each identity.
 */
function probeVariants(color: Color, count: number, branches: readonly [ProbeBranch, ProbeBranch]): Card[] {
  const out: Card[] = [];
  for (let i = 0; i < count; i++) {
    const identity = IDENTITIES[Math.floor(i / 2) % 3];
    const branch = branches[i % 2];
    out.push({ name: '试探', color, mode: '密电', probe: { identity, branch } });
  }
  return out;
}

export function buildDeck(edition: Edition): Card[] {
  const def = EDITIONS[edition];
  const cards: Card[] = [];
  for (const [name, red, blue, black, mode] of def.deck) {
    const counts: [Color, number][] = [['红', red], ['蓝', blue], ['黑', black]];
    for (const [color, n] of counts) {
      if (name === '试探') cards.push(...probeVariants(color, n, def.probe.branches));
      else for (let i = 0; i < n; i++) cards.push({ name, color, mode });
    }
  }
  return cards;
}

const DECKS = new Map<Edition, readonly Card[]>();

/**
 * The edition's deck as every game of it holds it (`state.cards`): built once and frozen, since cards
 * never change. A game of its own 81 cards held about 5 KB of the bot's memory a live game.
 */
export function deckOf(edition: Edition): readonly Card[] {
  let deck = DECKS.get(edition);
  if (!deck) {
    const cards = buildDeck(edition);
    for (const c of cards) {
      if (c.probe) Object.freeze(c.probe);
      Object.freeze(c);
    }
    deck = Object.freeze(cards);
    DECKS.set(edition, deck);
  }
  return deck;
}

/** "锁定 红 密电", "试探 红 密电 潜伏战线 抽二": the scenario notation, also used in logs. */
export function cardLabel(c: Card): string {
  const base = `${c.name} ${c.color} ${c.mode}`;
  return c.probe ? `${base} ${c.probe.identity} ${c.probe.branch}` : base;
}

/** The sentence a 试探 target says when the bet is wrong (docs/rules.md §3). */
export function probeDenial(branch: ProbeBranch): string {
  return branch === '弃一' ? '我是一个好人' : '其实我是卧底';
}
