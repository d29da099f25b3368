// 译电员 (003_…). 女, 潜伏.
// 速译: 情报传递时，可以翻开此角色牌，然后检视一张传递中的情报，并抽一张牌 — in the 传递 window (not 到达,
//   unlike 破译), in any turn; a responsive skill on the stack; only the user sees the intel.
// 洞悉: 当情报被破译时，你可以盖伏此角色牌 — any successful 破译 in any turn (not a 识破'd one); optional.
// 机密任务: 获得三张或以上的蓝色情报.
import { draw, flip } from '../ops.js';
import { bit, countColor, inGame } from '../state.js';
import { inTransmit, notNow } from './common.js';
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
  triggers: [
    {
      skill: '洞悉',
      on: 'resolved',
      when: (_s, _ctx, _owner, info) => info.item.as === '破译',
      effect: (s, ctx, u) => void flip(s, ctx, u.seat, false),
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) => countColor(s, s.players[seat].intel, '蓝') >= 3,
};
