// 锁定 (003_… 功能牌详述): only in your own turn, in 出牌阶段 or while intel is passed (传递).
// The target must take the intel of this turn if it reaches them. 千智风声 (004_…: 只能在自己的出牌阶段使用):
// only in 出牌阶段, not in 传递.
import { bit, inGame } from '../state.js';
import { perk } from '../registry.js';
import type { CardRule } from './rule.js';
import { otherLivePlayer, wrongMoment } from './targets.js';

export const lock: CardRule = {
  name: '锁定',
  needs: 'player',
  check(s, seat, step, a) {
    if (seat !== s.current && !perk(s, seat, 'lockAnyTurn')) return wrongMoment('锁定', 'only in your own turn');
    if (step === 'arrive') return wrongMoment('锁定', 'not when intel arrives (到达), only in 出牌阶段 or 传递');
    return otherLivePlayer(s, seat, a.target, '锁定');
  },
  editions: {
    qianzhi: {
      check(s, seat, step, a) {
        if (seat !== s.current && !perk(s, seat, 'lockAnyTurn')) return wrongMoment('锁定', 'only in your own turn');
        if (step !== 'play1') return wrongMoment('锁定', 'only in 出牌阶段 (千智风声: not while intel is passed)');
        return otherLivePlayer(s, seat, a.target, '锁定');
      },
    },
  },
  perkUsed: (s, seat) => (seat !== s.current ? perk(s, seat, 'lockAnyTurn') : undefined),
  resolve(s, ctx, item) {
    const t = item.target!;
    if (!inGame(s.players[t])) return;
    s.locked |= bit(t);
    ctx.ev.push({ to: 'all', type: 'locked', seat: t, by: item.user });
  },
};
