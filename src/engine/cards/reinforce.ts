// 增援 (千智风声, 004_…: 你每拥有一张黑情报，就抽黑情报数量+1的牌。只能在自己的出牌阶段使用): in your own
// 出牌阶段, draw one card more than the black intel in front of you, counted when it resolves.
import { draw } from '../ops.js';
import { countColor, inGame } from '../state.js';
import type { CardRule } from './rule.js';
import { ownPlayPhase } from './targets.js';

export const reinforce: CardRule = {
  name: '增援',
  needs: 'nothing',
  check: (s, seat, step) => ownPlayPhase(s, seat, step, '增援'),
  resolve(s, ctx, item) {
    const p = s.players[item.user];
    if (!inGame(p)) return;
    draw(s, ctx, item.user, countColor(s, p.intel, '黑') + 1);
  },
};
