// 烧毁 (003_…): at any moment a card may be used, in anyone's turn: one black intel in front of
// a live player goes to the discard pile (docs/rules.md §7). 千智风声 (004_…: 只能在情报传递阶段和自己的出牌阶段使用):
// in your own 出牌阶段, or in anyone's 传情报阶段 (the 传递 and 到达 windows).
import { burnIntel, intelOwner } from '../ops.js';
import { refuse, type Refusal } from '../refusals.js';
import { inGame } from '../state.js';
import type { GameState } from '../types.js';
import type { CardRule, PlayAction } from './rule.js';
import { wrongMoment } from './targets.js';

function blackIntel(s: GameState, a: PlayAction): Refusal | null {
  if (a.intel === undefined || !Number.isInteger(a.intel)) return refuse('noBlackIntel');
  const owner = intelOwner(s, a.intel);
  if (owner < 0 || !inGame(s.players[owner]) || s.cards[a.intel].color !== '黑') return refuse('noBlackIntel');
  return null;
}

export const burn: CardRule = {
  name: '烧毁',
  needs: 'intel',
  check: (s, _seat, _step, a) => blackIntel(s, a),
  editions: {
    qianzhi: {
      check(s, seat, step, a) {
        const ownPlay = seat === s.current && step === 'play1';
        if (!ownPlay && step !== 'transmit' && step !== 'arrive')
          return wrongMoment('烧毁', 'only in your own 出牌阶段 or while intel is passed (传递, 到达)');
        return blackIntel(s, a);
      },
    },
  },
  resolve(s, ctx, item) {
    const card = item.intel!;
    const owner = intelOwner(s, card);
    if (owner >= 0 && inGame(s.players[owner])) burnIntel(s, ctx, card);
  },
};
