// 译电员 (003_…). 女, 潜伏.
// 速译: 情报传递时，可以翻开此角色牌，然后检视一张传递中的情报，并抽一张牌 — in the 传递 window (not 到达,
//   unlike 破译), in any turn; a responsive skill on the stack; only the user sees the intel.
// 洞悉: 当情报被破译时，你可以盖伏此角色牌 — any successful 破译 in any turn (not a 识破'd one); optional.
// 机密任务: 获得三张或以上的蓝色情报.
import { draw, flip } from '../ops.js';
import { enqueue } from '../pending.js';
import { faceUp } from '../registry.js';
import { bit, countColor, inGame } from '../state.js';
import { inTransmit, notNow, YES_NO } from './common.js';
import type { CharacterDef } from './skill.js';

export const 译电员: CharacterDef = {
  name: '译电员',
  gender: '女',
  hidden: true,
  skills: ['速译', '洞悉'],
  active: [
    {
      name: '速译',
      reveal: true,
      candidates: (_s, seat) => [{ kind: 'skill', seat, skill: '速译' }],
      check: (s, _seat, step) => (inTransmit(s, step) ? null : notNow('速译', 'only while intel is being passed (传递)')),
      resolve(s, ctx, item) {
        const t = s.transit;
        if (!inGame(s.players[item.user])) return;
        if (t) {
          t.known |= bit(item.user);
          ctx.ev.push({ to: [item.user], type: 'peek', seat: item.user, card: t.card });
        }
        draw(s, ctx, item.user, 1);
      },
    },
  ],
  on: {
    resolved(s, _ctx, owner, info) {
      if (info.item!.as !== '破译' || !faceUp(s, owner) || !inGame(s.players[owner])) return;
      enqueue(s, owner, '洞悉');
    },
  },
  decide: {
    洞悉: {
      choices: (s, d) => (faceUp(s, d.seat) && inGame(s.players[d.seat]) ? YES_NO : []),
      answer(s, ctx, d, a) {
        if (a.option !== 'yes') return;
        ctx.ev.push({ to: 'all', type: 'skillUsed', seat: d.seat, skill: '洞悉' });
        flip(s, ctx, d.seat, false);
      },
    },
  },
  mission: (s, seat) => countColor(s, s.players[seat].intel, '蓝') >= 3,
};
