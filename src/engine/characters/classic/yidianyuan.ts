// 译电员·初版 (000_…). 女, 潜伏.
// 速译: 当情报传递到你时，可以翻开此角色牌：视为使用了破译，并抽一张牌 — a trigger when intel reaches her (到达),
//   in any turn, asked while she is face down; it counts as a 破译 (her own 洞悉 then turns her face down
//   again at once, rulings §12); not a card, so nothing answers it (★角色技能不可以被识破).
// 洞悉: 当情报被破译时：盖伏此角色 — mandatory, face up: any 破译 that took effect (not a 识破'd one), hers included.
// 机密任务: 获得三张或以上的蓝色情报.
import { decode } from '../../cards/decode.js';
import { draw, flip } from '../../ops.js';
import { fire } from '../../registry.js';
import { countColor, inGame } from '../../state.js';
import type { CharacterDef } from '../skill.js';

export const 译电员初版: CharacterDef = {
  name: '译电员·初版',
  gender: '女',
  hidden: true,
  skills: ['速译', '洞悉'],
  active: [],
  triggers: [
    {
      skill: '速译',
      on: 'arrive',
      face: 'down',
      about: 'self',
      still: (s, d) => s.transit !== null && s.transit.at === d.seat,
      effect(s, ctx, u) {
        const item = { card: -1, as: '破译' as const, skill: '速译', user: u.seat };
        decode.resolve(s, ctx, item);
        draw(s, ctx, u.seat, 1);
        if (inGame(s.players[u.seat])) fire(s, ctx, 'resolved', { seat: u.seat, item });
      },
    },
    {
      skill: '洞悉',
      on: 'resolved',
      optional: false,
      when: (_s, _ctx, _owner, info) => info.item.as === '破译',
      effect: (s, ctx, u) => void flip(s, ctx, u.seat, false),
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) => countColor(s, s.players[seat].intel, '蓝') >= 3,
  missionWhenDead: true,
};
