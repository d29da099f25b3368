// Resolving the stack (docs/rules.md §8, 后发先至): from the top down; a negated card does nothing.
import { editionOf } from './editions.js';
import { fire, rulesOf, SKILLS } from './registry.js';
import { over, type Ctx } from './state.js';
import type { CardName, GameState, StackItem } from './types.js';

function effect(s: GameState, ctx: Ctx, item: StackItem): void {
  if (item.skill) {
    const skill = SKILLS[item.skill];
    if (skill.resolve) skill.resolve(s, ctx, item);
    else rulesOf(s)[skill.as!].resolve(s, ctx, item);
    return;
  }
  rulesOf(s)[item.as as CardName].resolve(s, ctx, item);
}

/**
 * Resolves until the stack is empty, the game ends, or an effect asks someone to decide.
 * A card stays on the stack while its effect runs (003: 使用后的卡牌会放在一旁等待…结算) and only
 * then goes to the discard pile, so an effect that reshuffles the discard pile cannot deal it.
 * With characters, triggered skills of a moment pause it too (before an item: 就计; after: 洞悉 …):
 * the queue is asked, then resolution goes on (queue.ts pump).
 */
export function resolveStack(s: GameState, ctx: Ctx): void {
  const c = s.chars;
  while (s.stack.length > 0) {
    const item = s.stack[s.stack.length - 1];
    if (item.negated) {
      s.stack.pop();
      if (item.card >= 0) s.discard.push(item.card);
      // Discarded face up where the edition says so (千智风声): a face-down 试探 is then shown too.
      const shown = item.card >= 0 && editionOf(s).openDiscards;
      ctx.ev.push({ to: 'all', type: 'negated', seat: item.user, as: item.as, ...(shown ? { card: item.card } : {}) });
      continue;
    }
    if (!item.resolved) {
      if (c && !item.hooked) {
        item.hooked = true;
        fire(s, ctx, 'beforeResolve', { seat: item.target ?? -1, item });
        if (over(s)) return;
        if (c.queue.length > 0) {
          s.pending = null;
          return;
        }
      }
      item.resolved = true;
      ctx.ev.push({ to: 'all', type: 'resolve', seat: item.user, as: item.as, target: item.target, skill: item.skill });
      effect(s, ctx, item);
      if (over(s)) return;
      // A decision paused the effect; the card leaves the stack once it is made.
      if (s.pending && s.pending.kind !== 'window') return;
      if (c) {
        fire(s, ctx, 'resolved', { seat: item.user, item });
        if (over(s)) return;
        if (c.queue.length > 0) {
          s.pending = null;
          return;
        }
      }
    }
    s.stack.pop();
    if (item.card >= 0) {
      const rule = item.skill ? undefined : rulesOf(s)[item.as as CardName];
      if (rule?.resolvedTo !== 'placed') (rule?.resolvedTo === 'removed' ? s.removed : s.discard).push(item.card);
    }
  }
  s.resolving = null;
}
