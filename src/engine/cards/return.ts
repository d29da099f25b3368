// 退回 (003_…, 002_…): in another player's turn, when intel arrives at you (到达): it goes on in
// the opposite direction. Not when you are locked, not on intel you sent (docs/rules.md §7).
// 直达 has no direction of travel: reversed, it goes back to its sender.
import { refuse } from '../refusals.js';
import { has, inGame } from '../state.js';
import type { CardRule } from './rule.js';
import { wrongMoment } from './targets.js';

export const returnCard: CardRule = {
  name: '退回',
  needs: 'nothing',
  check(s, seat, step) {
    const t = s.transit;
    if (step !== 'arrive' || !t || t.at !== seat) return wrongMoment('退回', 'only when intel arrives at you (到达)');
    if (seat === s.current) return wrongMoment('退回', "only in another player's turn");
    if (t.sender === seat) return wrongMoment('退回', 'not on intel you sent');
    if (has(s.locked, seat)) return refuse('mustTake', {});
    return null;
  },
  resolve(s, ctx, item) {
    const t = s.transit;
    if (!t || t.at !== item.user || !inGame(s.players[item.user]) || has(s.locked, item.user)) return;
    t.dir = t.dir === 1 ? -1 : 1;
    t.returned = true;
    ctx.ev.push({ to: 'all', type: 'returned', seat: item.user });
  },
};
