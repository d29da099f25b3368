// 权衡 (千智风声, 004_…: 将你的手牌全部弃掉，然后重新抽取数量相等的牌。只能在自己的出牌阶段使用): in your own
// 出牌阶段, discard your whole remaining hand face up, then draw as many cards (none with no other card).
import { discardFromHand, draw } from '../ops.js';
import { inGame } from '../state.js';
import type { CardRule } from './rule.js';
import { ownPlayPhase } from './targets.js';

export const weigh: CardRule = {
  name: '权衡',
  needs: 'nothing',
  check: (s, seat, step) => ownPlayPhase(s, seat, step, '权衡'),
  resolve(s, ctx, item) {
    const p = s.players[item.user];
    if (!inGame(p)) return;
    const n = p.hand.length;
    if (n === 0) return;
    discardFromHand(s, ctx, item.user, p.hand.slice());
    draw(s, ctx, item.user, n);
  },
};
