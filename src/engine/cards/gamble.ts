// 博弈 (千智风声, 004_…: 指定一位玩家，获得牌库顶牌作为情报。只能在自己的出牌阶段使用): in your own 出牌阶段,
// name any live player, yourself included: that player gains the top card of the deck as intel, face
// up (an empty deck is first rebuilt from the discard pile, as any draw).
import { gainIntel } from '../outcome.js';
import { takeTop } from '../ops.js';
import { refuse } from '../refusals.js';
import { inGame } from '../state.js';
import type { CardRule } from './rule.js';
import { ownPlayPhase } from './targets.js';

export const gamble: CardRule = {
  name: '博弈',
  needs: 'player',
  check(s, seat, step, a) {
    const r = ownPlayPhase(s, seat, step, '博弈');
    if (r) return r;
    const t = a.target;
    if (t === undefined || !Number.isInteger(t) || t < 0 || t >= s.players.length)
      return refuse('badTarget', { card: '博弈', rule: 'name a player' });
    if (!inGame(s.players[t])) return refuse('badTarget', { card: '博弈', rule: 'that player is out of the game' });
    return null;
  },
  resolve(s, ctx, item) {
    const to = item.target!;
    if (!inGame(s.players[to])) return;
    const c = takeTop(s, ctx);
    if (c !== undefined) gainIntel(s, ctx, to, c, item.user);
  },
};
