// The two 81-card decks of docs/rules.md §3 and the 18 试探 variants of docs/rules.md §3.
import type { Card, CardName, Color, Edition, Identity, Mode, ProbeBranch } from './types.js';

type Row = [CardName, number, number, number, Mode];

/** 标准版, from 003_…: counts 红/蓝/黑 and the passing mode. */
const STANDARD: Row[] = [
  ['锁定', 5, 5, 4, '密电'],
  ['调虎离山', 2, 2, 4, '密电'],
  ['截获', 1, 1, 6, '直达'],
  ['退回', 2, 2, 2, '文本'],
  ['破译', 3, 3, 1, '密电'],
  ['烧毁', 1, 1, 4, '直达'],
  ['识破', 3, 3, 6, '直达'],
  ['试探', 6, 6, 6, '密电'],
  ['真伪莫辨', 1, 1, 0, '文本'],
];

/** 推广版, counts from 002_…/003_…, modes from 002_… (docs/rules.md §3). */
const PROMO: Row[] = [
  ['锁定', 3, 3, 6, '直达'],
  ['调虎离山', 2, 2, 2, '文本'],
  ['截获', 1, 1, 6, '密电'],
  ['退回', 3, 3, 2, '文本'],
  ['破译', 2, 2, 2, '密电'],
  ['烧毁', 2, 2, 2, '直达'],
  ['识破', 5, 5, 4, '直达'],
  ['试探', 6, 6, 6, '密电'],
  ['真伪莫辨', 1, 1, 1, '文本'],
];

export const CARD_NAMES: readonly CardName[] = STANDARD.map((r) => r[0]);
export const COLORS: readonly Color[] = ['红', '蓝', '黑'];
export const MODES: readonly Mode[] = ['密电', '直达', '文本'];
export const IDENTITIES: readonly Identity[] = ['潜伏战线', '军情处', '打酱油的'];
export const BRANCHES: readonly ProbeBranch[] = ['抽二', '弃一'];

/**
 * Each identity gets six 试探: a draw and a discard card in each colour (002_…, appendix).
 * Dealt out by colour so every colour carries two of each identity.
 */
function probeVariants(color: Color, count: number): Card[] {
  const out: Card[] = [];
  for (let i = 0; i < count; i++) {
    const identity = IDENTITIES[Math.floor(i / 2) % 3];
    const branch = BRANCHES[i % 2];
    out.push({ name: '试探', color, mode: '密电', probe: { identity, branch } });
  }
  return out;
}

export function buildDeck(edition: Edition): Card[] {
  const rows = edition === 'promo' ? PROMO : STANDARD;
  const cards: Card[] = [];
  for (const [name, red, blue, black, mode] of rows) {
    const counts: [Color, number][] = [['红', red], ['蓝', blue], ['黑', black]];
    for (const [color, n] of counts) {
      if (name === '试探') cards.push(...probeVariants(color, n));
      else for (let i = 0; i < n; i++) cards.push({ name, color, mode });
    }
  }
  return cards;
}

/** "锁定 红 密电", "试探 红 密电 潜伏战线 抽二": the scenario notation, also used in logs. */
export function cardLabel(c: Card): string {
  const base = `${c.name} ${c.color} ${c.mode}`;
  return c.probe ? `${base} ${c.probe.identity} ${c.probe.branch}` : base;
}

/** The sentence a 试探 target says when the bet is wrong (docs/rules.md §3). */
export function probeDenial(branch: ProbeBranch): string {
  return branch === '抽二' ? '其实我是卧底' : '我是一个好人';
}
