// 闪灵 (003_…). 女, 潜伏.
// 狙击: 翻开此角色牌，然后烧毁另一位玩家面前的最多三张情报 — at any moment one may respond (not while
//   deciding to take intel, declaring victory or death); one to three intel of one other player (never
//   one's own); a responsive skill on the stack, not a card: 识破 cannot answer it.
// 机密任务: 亲手让一位没有获得真情报的玩家死亡.
import { inGame } from '../state.js';
import { subsets, isCardList, notNow, otherLive } from './common.js';
import { burnIntel } from '../ops.js';
import type { ActiveSkill, CharacterDef, ItemWith } from './skill.js';
import type { GameState } from '../types.js';

/**
 * 狙击: 翻开此角色牌，然后烧毁另一位玩家面前的 (003) 最多三张情报 / (000, `exactly`) 三张情报（如果不足三张则
 * 全部烧毁）: with four or more, the user chooses the three.
 */
export function jujiOf(exactly: boolean): ActiveSkill {
  const count = (s: GameState, t: number) => Math.min(3, s.players[t].intel.length);
  return {
    name: '狙击',
    reveal: true,
    candidates(s, seat) {
      const out = [];
      for (let t = 0; t < s.players.length; t++) {
        if (t === seat || !inGame(s.players[t])) continue;
        const min = exactly ? count(s, t) : 1;
        if (min === 0) continue;
        for (const cards of subsets(s.players[t].intel, min, 3)) out.push({ kind: 'skill' as const, seat, skill: '狙击', target: t, cards });
      }
      return out;
    },
    check(s, seat, _step, a) {
      const r = otherLive(s, seat, a.target, '狙击');
      if (r) return r;
      const min = exactly ? Math.max(1, count(s, a.target!)) : 1;
      if (!isCardList(a.cards) || a.cards.length < min || a.cards.length > 3 || !a.cards.every((c) => s.players[a.target!].intel.includes(c)))
        return notNow('狙击', exactly ? 'name three intel in front of that player (all, when fewer)' : 'name one to three intel in front of that player');
      return null;
    },
    resolve(s, ctx, item: ItemWith<'target' | 'cards'>) {
      const t = item.target;
      if (!inGame(s.players[t])) return;
      for (const c of item.cards) if (s.players[t].intel.includes(c)) burnIntel(s, ctx, c);
    },
  };
}

export const 闪灵: CharacterDef = {
  name: '闪灵',
  gender: '女',
  hidden: true,
  skills: ['狙击'],
  active: [jujiOf(false)],
  on: {},
  decide: {},
  mission: (s, seat) =>
    s.chars!.seats.some((x, i) => i !== seat && !s.players[i].alive && x.killedBy === seat && x.trueAtDeath === 0),
};
