// 转移 (千智风声, 004_…: 把传递到自己的情报传递到另一位玩家，他必须接收。只能在情报传递到你时使用): when intel
// reaches you (到达), it goes to another live player of your choice (its sender too), who gains it at
// once, keeping its face, with no further windows for it. Not on intel that came back to its sender
// (that has no 到达 step), not while you are locked: you must take it (docs/rules.md §12).
import { gainIntel } from '../outcome.js';
import { refuse } from '../refusals.js';
import { has, inGame } from '../state.js';
import type { CardRule } from './rule.js';
import { otherLivePlayer, wrongMoment } from './targets.js';

export const transfer: CardRule = {
  name: '转移',
  needs: 'player',
  check(s, seat, step, a) {
    const t = s.transit;
    if (step !== 'arrive' || !t || t.at !== seat) return wrongMoment('转移', 'only when intel arrives at you (到达)');
    if (t.sender === seat) return wrongMoment('转移', 'not on intel you sent');
    if (has(s.locked, seat)) return refuse('mustTake', {});
    return otherLivePlayer(s, seat, a.target, '转移');
  },
  resolve(s, ctx, item) {
    const t = s.transit;
    const to = item.target!;
    if (!t || t.at !== item.user || !inGame(s.players[item.user]) || has(s.locked, item.user) || !inGame(s.players[to])) return;
    s.transit = null;
    ctx.ev.push({ to: 'all', type: 'intelTransferred', seat: item.user, target: to, card: t.card });
    gainIntel(s, ctx, to, t.card, item.user, t.sender);
  },
};
