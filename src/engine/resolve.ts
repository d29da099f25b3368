// Resolving the stack (rulings §7, 后发先至): from the top down; a negated card does nothing.
import { RULES } from './cards/index.js';
import type { Ctx } from './state.js';
import type { GameState } from './types.js';

/** Resolves until the stack is empty, the game ends, or an effect asks someone to decide. */
export function resolveStack(s: GameState, ctx: Ctx): void {
  while (s.stack.length > 0) {
    const item = s.stack.pop()!;
    const rule = RULES[item.as];
    if (item.negated) {
      s.discard.push(item.card);
      ctx.ev.push({ to: 'all', type: 'negated', seat: item.user, as: item.as });
      continue;
    }
    (rule.resolvedTo === 'removed' ? s.removed : s.discard).push(item.card);
    ctx.ev.push({ to: 'all', type: 'resolve', seat: item.user, as: item.as, target: item.target });
    rule.resolve(s, ctx, item);
    if (s.result) return;
    if (s.pending && s.pending.kind !== 'window') return;
  }
  s.resolving = null;
}
