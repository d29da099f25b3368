// 截获 (003_…): only in another player's turn, while intel is passed (传递). The user takes the
// intel directly: not a pass, so 锁定 and 调虎离山 do not stop it. Several 截获 resolve
// last-played-first: the last one takes it, the others find nothing and are discarded.
import { gainIntel } from '../outcome.js';
import { inGame } from '../state.js';
import type { CardRule } from './rule.js';
import { wrongMoment } from './targets.js';

export const intercept: CardRule = {
  name: '截获',
  needs: 'nothing',
  check(s, seat, step) {
    if (seat === s.current) return wrongMoment('截获', "only in another player's turn");
    if (step !== 'transmit' || !s.transit) return wrongMoment('截获', 'only while intel is being passed (传递)');
    return null;
  },
  resolve(s, ctx, item) {
    const t = s.transit;
    // A user who died before it resolved has lost its target (003_…'s ABCDE example).
    if (!t || !inGame(s.players[item.user])) return;
    s.transit = null;
    ctx.ev.push({ to: 'all', type: 'intercept', seat: item.user, card: t.card });
    gainIntel(s, ctx, item.user, t.card, t.sender, t.sender);
  },
};
