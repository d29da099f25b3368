// 钢铁特工R (003_…). 男, 潜伏.
// 警觉: 玩家使用卡牌时，可以翻开此角色牌，然后视为使用了识破 — the timing and effect of 识破, against a card
//   (not a skill); a skill, so no 识破 can answer it.
// 掩护: 你可以获得一位玩家面前的一张假情报，然后盖伏此角色牌 — face up, at any time; it becomes your intel
//   (获得情报); [choice] another player's, since taking one's own would only turn the character down.
// 机密任务: 手牌集齐四张识破.
import { gainIntel } from '../outcome.js';
import { flip, intelOwner } from '../ops.js';
import { inGame, removeFrom } from '../state.js';
import { notNow } from './common.js';
import type { CharacterDef, ItemWith } from './skill.js';

export const 钢铁特工R: CharacterDef = {
  name: '钢铁特工R',
  gender: '男',
  hidden: true,
  skills: ['警觉', '掩护'],
  active: [
    {
      name: '警觉',
      reveal: true,
      as: '识破',
      candidates(s, seat) {
        const out = [];
        for (let i = 0; i < s.stack.length; i++) out.push({ kind: 'skill' as const, seat, skill: '警觉', of: i });
        return out;
      },
      check(s, _seat, _step, a) {
        const of = a.of ?? s.stack.length - 1;
        if (!Number.isInteger(of) || of < 0 || of >= s.stack.length || s.stack[of].card < 0 || s.stack[of].resolved)
          return notNow('警觉', 'only against a card being used');
        return null;
      },
    },
    {
      name: '掩护',
      candidates(s, seat) {
        const out = [];
        for (let t = 0; t < s.players.length; t++)
          if (t !== seat && inGame(s.players[t]))
            for (const intel of s.players[t].intel) if (s.cards[intel].color === '黑') out.push({ kind: 'skill' as const, seat, skill: '掩护', intel });
        return out;
      },
      check(s, seat, _step, a) {
        const owner = typeof a.intel === 'number' ? intelOwner(s, a.intel) : -1;
        if (owner < 0 || owner === seat || !inGame(s.players[owner]) || s.cards[a.intel!].color !== '黑')
          return notNow('掩护', "name a black intel in front of another player");
        return null;
      },
      resolve(s, ctx, item: ItemWith<'intel'>) {
        const me = item.user;
        const owner = intelOwner(s, item.intel);
        if (owner < 0 || !inGame(s.players[owner]) || !inGame(s.players[me])) return;
        removeFrom(s.players[owner].intel, item.intel);
        ctx.ev.push({ to: 'all', type: 'intelMoved', from: owner, seat: me, card: item.intel });
        flip(s, ctx, me, false);
        gainIntel(s, ctx, me, item.intel, me);
      },
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) => s.players[seat].hand.filter((c) => s.cards[c].name === '识破').length >= 4,
};
