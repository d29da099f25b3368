// 调虎离山 (003_…): only while intel is passed (传递), in anyone's turn. The target sits out this
// passing. It cannot name the sender or a locked player (docs/rules.md §7); 锁定 beats it.
// 003_… says "另一位玩家", so not yourself either (002_… would allow it; 003_… is the reference).
import { refuse } from '../refusals.js';
import { bit, has, inGame } from '../state.js';
import type { CardRule } from './rule.js';
import { otherLivePlayer, wrongMoment } from './targets.js';

export const lure: CardRule = {
  name: '调虎离山',
  needs: 'player',
  check(s, seat, step, a) {
    if (step !== 'transmit' || !s.transit) return wrongMoment('调虎离山', 'only while intel is being passed (传递)');
    const r = otherLivePlayer(s, seat, a.target, '调虎离山');
    if (r) return r;
    if (a.target === s.transit.sender) return refuse('badTarget', { card: '调虎离山', rule: 'it cannot name the sender' });
    if (has(s.locked, a.target!)) return refuse('badTarget', { card: '调虎离山', rule: 'it cannot name a locked player' });
    return null;
  },
  resolve(s, ctx, item) {
    const t = item.target!;
    if (!s.transit || !inGame(s.players[t]) || has(s.locked, t)) return;
    s.transit.away |= bit(t);
    ctx.ev.push({ to: 'all', type: 'away', seat: t, by: item.user });
  },
};
