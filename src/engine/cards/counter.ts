// 识破 (003_…): answers a card being used; that card is negated and goes to the discard pile.
// 识破 can answer 识破. Sending intel and skills are not card uses.
import { fire, perk } from '../registry.js';
import { refuse } from '../refusals.js';
import { publicCardOf } from '../state.js';
import type { CardRule } from './rule.js';

export const counter: CardRule = {
  name: '识破',
  needs: 'stackItem',
  check(s, _seat, _step, a) {
    if (s.stack.length === 0) return refuse('nothingToCounter');
    const of = a.of ?? s.stack.length - 1;
    if (!Number.isInteger(of) || of < 0 || of >= s.stack.length) return refuse('badCounterTarget');
    // Skills are not cards (docs/rules.md §8): 截上, 警觉, 狙击 … cannot be answered by 识破.
    if (s.stack[of].card < 0) return refuse('badCounterTarget');
    // 铁血 (刀锋 of 000_…): his 锁定 cannot be answered, a card used as 锁定 included.
    if (s.stack[of].as === '锁定' && s.chars && perk(s, s.stack[of].user, 'lockUncounterable')) return refuse('badCounterTarget');
    return null;
  },
  resolve(s, ctx, item) {
    const target = s.stack[item.of!];
    if (!target) return;
    if (target.negated) return;
    target.negated = true;
    ctx.ev.push({ to: 'all', type: 'negate', seat: item.user, card: publicCardOf(s, target), as: target.as });
    if (s.chars && target.card >= 0) fire(s, ctx, 'negated', { seat: target.user, item: target });
  },
};
