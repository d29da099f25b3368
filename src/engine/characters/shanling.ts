// 闪灵 (003_…). 女, 潜伏.
// 狙击: 翻开此角色牌，然后烧毁另一位玩家面前的最多三张情报 — at any moment one may respond (not while
//   deciding to take intel, declaring victory or death); one to three intel of one other player (never
//   one's own); a responsive skill on the stack, not a card: 识破 cannot answer it.
// 机密任务: 亲手让一位没有获得真情报的玩家死亡.
import { inGame } from '../state.js';
import { subsets, burnIntel, isCardList, notNow, otherLive } from './common.js';
import type { CharacterDef } from './skill.js';

export const 闪灵: CharacterDef = {
  name: '闪灵',
  gender: '女',
  hidden: true,
  skills: ['狙击'],
  active: [
    {
      name: '狙击',
      reveal: true,
      candidates(s, seat) {
        const out = [];
        for (let t = 0; t < s.players.length; t++) {
          if (t === seat || !inGame(s.players[t])) continue;
          for (const cards of subsets(s.players[t].intel, 1, 3)) out.push({ kind: 'skill' as const, seat, skill: '狙击', target: t, cards });
        }
        return out;
      },
      check(s, seat, _step, a) {
        const r = otherLive(s, seat, a.target, '狙击');
        if (r) return r;
        if (!isCardList(a.cards) || a.cards.length < 1 || a.cards.length > 3 || !a.cards.every((c) => s.players[a.target!].intel.includes(c)))
          return notNow('狙击', "name one to three intel in front of that player");
        return null;
      },
      resolve(s, ctx, item) {
        const t = item.target!;
        if (!inGame(s.players[t])) return;
        for (const c of item.cards!) if (s.players[t].intel.includes(c)) burnIntel(s, ctx, c);
      },
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) =>
    s.chars!.seats.some((x, i) => i !== seat && !s.players[i].alive && x.killedBy === seat && x.trueAtDeath === 0),
};
