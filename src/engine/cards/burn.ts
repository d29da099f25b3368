// 烧毁 (003_…): at any moment a card may be used, in anyone's turn: one black intel in front of
// a live player goes to the discard pile (docs/rules.md §7).
import { refuse } from '../refusals.js';
import { inGame, removeFrom } from '../state.js';
import type { GameState } from '../types.js';
import type { CardRule } from './rule.js';

export function intelOwner(s: GameState, card: number): number {
  for (let i = 0; i < s.players.length; i++) if (s.players[i].intel.includes(card)) return i;
  return -1;
}

export const burn: CardRule = {
  name: '烧毁',
  needs: 'intel',
  check(s, _seat, _step, a) {
    if (a.intel === undefined || !Number.isInteger(a.intel)) return refuse('noBlackIntel');
    const owner = intelOwner(s, a.intel);
    if (owner < 0 || !inGame(s.players[owner]) || s.cards[a.intel].color !== '黑') return refuse('noBlackIntel');
    return null;
  },
  resolve(s, ctx, item) {
    const owner = intelOwner(s, item.intel!);
    if (owner < 0 || !inGame(s.players[owner])) return;
    removeFrom(s.players[owner].intel, item.intel!);
    s.discard.push(item.intel!);
    ctx.ev.push({ to: 'all', type: 'burned', seat: owner, card: item.intel! });
  },
};
