// Resolving the stack (rulings §7, 后发先至): from the top down; a negated card does nothing.
import { RULES } from './cards/index.js';
import type { Ctx } from './state.js';
import type { GameState } from './types.js';

/**
 * Resolves until the stack is empty, the game ends, or an effect asks someone to decide.
 * A card stays on the stack while its effect runs (003: 使用后的卡牌会放在一旁等待…结算) and only
 * then goes to the discard pile, so an effect that reshuffles the discard pile cannot deal it.
 */
export function resolveStack(s: GameState, ctx: Ctx): void {
  while (s.stack.length > 0) {
    const item = s.stack[s.stack.length - 1];
    const rule = RULES[item.as];
    if (item.negated) {
      s.stack.pop();
      s.discard.push(item.card);
      ctx.ev.push({ to: 'all', type: 'negated', seat: item.user, as: item.as });
      continue;
    }
    if (!item.resolved) {
      item.resolved = true;
      ctx.ev.push({ to: 'all', type: 'resolve', seat: item.user, as: item.as, target: item.target });
      rule.resolve(s, ctx, item);
      if (s.result) return;
      // A decision paused the effect; the card leaves the stack once it is made.
      if (s.pending && s.pending.kind !== 'window') return;
    }
    s.stack.pop();
    (rule.resolvedTo === 'removed' ? s.removed : s.discard).push(item.card);
  }
  s.resolving = null;
}
