// 破译 (003_…): when intel arrives at you (到达), in any turn: you alone see its face.
import { bit, inGame } from '../state.js';
import type { CardRule } from './rule.js';
import { wrongMoment } from './targets.js';

export const decode: CardRule = {
  name: '破译',
  needs: 'nothing',
  check(s, seat, step) {
    const t = s.transit;
    if (step !== 'arrive' || !t || t.at !== seat) return wrongMoment('破译', 'only when intel arrives at you (到达)');
    return null;
  },
  resolve(s, ctx, item) {
    const t = s.transit;
    if (!t || t.at !== item.user || !inGame(s.players[item.user])) return;
    t.known |= bit(item.user);
    ctx.ev.push({ to: 'all', type: 'decoded', seat: item.user });
    ctx.ev.push({ to: [item.user], type: 'peek', seat: item.user, card: t.card });
  },
};
