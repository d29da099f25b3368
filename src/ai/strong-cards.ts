// What the strong policy (strong.ts) reckons the cards of 千智风声 (docs/rules.md §12) are worth, in the
// policy's one currency, and what that edition changes in its plans: 锁定 only before the send, a
// 试探 that also gives its user a card.
import { EDITIONS, type SeenCard } from '../engine/index.js';
import type { Edition } from '../engine/types.js';
import { BLACK, colorIndex } from './cards.js';
import { dot, flightValue, type CurrentFlight, type Flight, type Table, type Vec3 } from './strong-table.js';

/** Whether 锁定 may wait for the 传递 window (standard, promo) or must come before the send (千智风声). */
export const LOCK_IN_TRANSIT: Record<Edition, boolean> = { standard: true, promo: true, qianzhi: false };

/** Cards a right 试探 gives its user in this edition (千智风声: one). */
export const probeUserDraws = (tb: Table): number => EDITIONS[tb.v.edition].probe.userDraws;

const oneHot = (card: SeenCard): Vec3 => {
  const v: Vec3 = [0, 0, 0];
  v[colorIndex(card.color)] = 1;
  return v;
};

/** The best send of a hand card other than `skip`, with `locked` players locked: what the send phase would get. */
export function bestSendValue(tb: Table, locked: number, skip: number): number {
  const own = tb.ownDv();
  let best = -Infinity;
  for (const card of tb.v.hand ?? []) {
    if (card.id === skip) continue;
    const x = colorIndex(card.color);
    const knows = (s: number) => card.mode === '文本' || s === tb.me;
    const targets = card.mode === '直达' ? tb.v.players.filter((q) => q.seat !== tb.me && tb.alive[q.seat]).map((q) => q.seat) : [undefined];
    for (const target of targets) {
      const f: Flight = { sender: tb.me, mode: card.mode, dir: 1, target, away: 0, locked };
      const v = tb.pathValue(f, tb.pathAfter(f, tb.me), knows, oneHot(card), own)[x] - tb.keep(card);
      if (v > best) best = v;
    }
  }
  return best;
}

/** 锁定 in one's own 出牌阶段 (千智风声): how much better the coming send gets with `target` locked. */
export function lockBeforeSendGain(tb: Table, lock: SeenCard, target: number): number {
  if (!tb.alive[target] || target === tb.me || (tb.v.hand ?? []).length < 2) return 0;
  const bit = 1 << target;
  const gain = bestSendValue(tb, tb.lockedMask | bit, lock.id) - bestSendValue(tb, tb.lockedMask, lock.id);
  return (1 - tb.p.undo) * gain;
}

/** 转移 at 到达: the chosen player gains the intel, instead of the better of taking or refusing it. */
export function transferGain(tb: Table, cf: CurrentFlight | null, target: number | undefined): number {
  if (!cf || target === undefined) return 0;
  const vTake = dot(cf.dist, tb.dv[tb.me]);
  const vRefuse = dot(cf.dist, tb.pathValue(cf.f, tb.pathAfter(cf.f, tb.me), cf.knows, cf.dist));
  return (1 - tb.p.undo) * (dot(cf.dist, tb.dv[target]) - Math.max(vTake, vRefuse));
}

/** 调包 in 传递: the card (of a colour we know) travels on face up in place of the intel now in transit. */
export function swapEffect(tb: Table, cf: CurrentFlight | null, card: SeenCard | undefined): number {
  if (!cf || !card || !tb.v.transit) return 0;
  const at = tb.v.transit.at;
  return flightValue(tb, cf.f, at, () => true, oneHot(card)) - flightValue(tb, cf.f, at, cf.knows, cf.dist);
}

/** 增援: its user draws one more card than the black intel in front of him; good when he is with us. */
export const reinforceEffect = (tb: Table, user: number): number =>
  (2 * tb.ally(user) - 1) * (tb.counts[user][BLACK] + 1) * tb.p.draw;

/** 博弈: `target` gains an unseen card (the top of the deck) as intel. */
export const gambleEffect = (tb: Table, target: number | undefined): number =>
  target === undefined || !tb.alive[target] ? 0 : dot(tb.pool, tb.dv[target]);

/** 权衡: the rest of the hand, given up for as many unseen cards. */
export function weighGain(tb: Table, card: SeenCard): number {
  const rest = (tb.v.hand ?? []).filter((c) => c.id !== card.id);
  let kept = 0;
  for (const c of rest) kept += tb.keep(c);
  return rest.length * tb.p.draw - kept;
}

/** What the target of a right 试探 does for its side: +drawn cards, −1 for a discard (抽二 2, 抽一 1, 弃一 −1). */
export const probeCards = (branch: string): number => (branch === '抽二' ? 2 : branch === '抽一' ? 1 : -1);
