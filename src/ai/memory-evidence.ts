// What the end of an intel's journey says of the players' sides: the evidence a seat's memory
// (memory.ts observe) adds to its beliefs when the intel is taken or intercepted.
import { pairEvidence, type Beliefs } from './beliefs.js';
import { colorIndex } from './cards.js';
import type { SeatMemory, TransitMemo } from './memory.js';
import { choiceRatio, goodness, relation } from './model.js';

const bit = (s: number) => 1 << s;

/** What the intel's journey said about its sender and those who took or refused it. */
export function settleTransit(m: SeatMemory, b: Beliefs, t: TransitMemo, card: number, taker: number, how: 'take' | 'forced' | 'intercept', knewAtIntercept?: boolean): Beliefs {
  const x = colorIndex(m.cards[card].color);
  const knows = (s: number) => t.faceUp || (t.knownTo & bit(s)) !== 0;
  for (const r of t.refusals) {
    if (r.knew) b = pairEvidence(b, r.seat, r.seat, (ia) => choiceRatio(-goodness(x, ia, ia, true), 3), 'refusedKnown', `refused ${m.cards[card].color} knowing it`);
    else if (r.seat !== t.sender)
      b = pairEvidence(b, r.seat, t.sender, (ia, is) => choiceRatio(-relation(ia, is), 0.8), 'refusedBlind', 'refused face-down intel');
  }
  if (how === 'take') {
    if (knows(taker)) b = pairEvidence(b, taker, taker, (ia) => choiceRatio(goodness(x, ia, ia, true), 3), 'tookKnown', `took ${m.cards[card].color} knowing it`);
    else b = pairEvidence(b, taker, t.sender, (ia, is) => choiceRatio(relation(ia, is), 0.8), 'tookBlind', 'took face-down intel');
  } else if (how === 'intercept') {
    const sharp = knewAtIntercept ? 3 : 1;
    b = pairEvidence(b, taker, taker, (ia) => choiceRatio(goodness(x, ia, ia, true), sharp), 'intercepted', `intercepted ${m.cards[card].color}`);
  }
  // The sender chose this colour for this target (直达), or for whoever it locked.
  const lockedTaker = how !== 'intercept' && taker !== t.sender && (m.locked & bit(taker)) !== 0 && m.turn === t.sender;
  if (t.mode === '直达' && t.target !== undefined && t.target !== t.sender) {
    const sharp = lockedTaker && taker === t.target ? 3 : 2;
    const target = t.target;
    b = pairEvidence(b, t.sender, target, (is, it) => choiceRatio(goodness(x, is, it, false), sharp), 'sentDirect', `sent ${m.cards[card].color} 直达`);
  } else if (lockedTaker) {
    b = pairEvidence(b, t.sender, taker, (is, it) => choiceRatio(goodness(x, is, it, false), 2.5), 'lockedPassed', `locked and passed ${m.cards[card].color}`);
  }
  return b;
}
