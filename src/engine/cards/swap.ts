// 调包 (千智风声, 004_…: 把此牌和传递中的情报调换，并且以面朝上方式展示，传递方式不变。只能在情报传递阶段使用):
// any player, in the 传递 window. This card takes the place of the intel in transit, face up, and
// travels on from where it is by the old intel's mode, direction and 直达 target, with the same
// sender; the old intel goes to the discard pile face up. With no intel left to replace when it
// resolves, it does nothing and is discarded (docs/rules.md §12).
import { inGame } from '../state.js';
import type { CardRule } from './rule.js';
import { wrongMoment } from './targets.js';

export const swap: CardRule = {
  name: '调包',
  needs: 'nothing',
  resolvedTo: 'placed',
  check(s, _seat, step) {
    if (step !== 'transmit' || !s.transit) return wrongMoment('调包', 'only while intel is being passed (传递)');
    return null;
  },
  resolve(s, ctx, item) {
    const t = s.transit;
    if (!t || !inGame(s.players[item.user])) {
      s.discard.push(item.card);
      return;
    }
    const old = t.card;
    t.card = item.card;
    t.faceUp = true;
    s.discard.push(old);
    ctx.ev.push({ to: 'all', type: 'intelReplaced', seat: item.user, card: item.card, old });
  },
};
