// 蝮蛇 (003_…). 男, 公开 (face up).
// 声东击西: 情报传递时，可以盖伏此角色牌，然后视为使用了调虎离山 — face up only; the timing and effect of
//   调虎离山 (传递 window, any turn; another player, not the sender, not a locked player); the character
//   turns face down when the skill is used (the cost), before anyone answers; a skill, so 识破 cannot
//   answer it.
// 弹药无限: 若你没有手牌，可以翻开此角色，然后抽一张牌 — face down or face up ("在盖伏状态下也能使用"); at any
//   time (any window) while the hand is empty; a face-down 蝮蛇 turns face up. [choice] It draws one
//   when it resolves whatever the hand holds by then.
// 机密任务: 当一位玩家宣告胜利时，没有玩家死亡。你的胜利会导致他的宣告失败 — no player has died (losing is not
//   dying); it takes over another's declaration (the framework's overturns).
import { draw } from '../ops.js';
import { liveOthers, notNow } from './common.js';
import { lure } from '../cards/lure.js';
import { inGame } from '../state.js';
import type { CharacterDef } from './skill.js';

export const 蝮蛇: CharacterDef = {
  name: '蝮蛇',
  gender: '男',
  hidden: false,
  skills: ['声东击西', '弹药无限'],
  active: [
    {
      name: '声东击西',
      as: '调虎离山',
      conceal: true,
      candidates: (s, seat) => liveOthers(s, seat).map((target) => ({ kind: 'skill' as const, seat, skill: '声东击西', target })),
      check: (s, seat, step, a) => lure.check(s, seat, step, { kind: 'play', seat, card: -1, target: a.target }),
    },
    {
      name: '弹药无限',
      reveal: true,
      anyFace: true,
      candidates: (_s, seat) => [{ kind: 'skill', seat, skill: '弹药无限' }],
      check: (s, seat) => (s.players[seat].hand.length === 0 ? null : notNow('弹药无限', 'only with no hand card')),
      resolve(s, ctx, item) {
        if (inGame(s.players[item.user])) draw(s, ctx, item.user, 1);
      },
    },
  ],
  on: {},
  decide: {},
  mission: () => false,
  overturns: (s) => s.players.every((p) => p.alive),
};
