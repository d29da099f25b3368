// 千面女郎 (003_…). 女, face up.
// 城府: 你被试探时可以隐瞒身份 — as 老鬼's: she picks either action of the 试探.
// 逢缘: 你可以指定你所有非直达情报的传递方向 — the send perk (direction next or previous).
// 笙歌: 当一位玩家使用真伪莫辨时，你可以抽三张牌，然后把一张手牌分给另一位玩家 — any user, herself
//   included; when the 真伪莫辨 is about to take effect, not when it was 识破'd (003 当……时); the card
//   given goes to any other player in the game (mandatory once she drew; default the first choice).
// 机密任务: 你左手边的第一位玩家或你右手边的第一位玩家宣告胜利。你的胜利会导致他的宣告失败 — docs/rules.md §1:
//   右手边 = the next seat, 左手边 = the previous one; the first live, not-out seat each way.
import { draw, giveCard } from '../ops.js';
import { askNext } from '../pending.js';
import { liveOthers, chengfuDecision, chengfuProbed, giveChoices } from './common.js';
import { inGame } from '../state.js';
import type { AnswerWith, CharacterDef } from './skill.js';
import type { GameState } from '../types.js';

/** The first seat in the game from `seat` going `dir` (+1 右手边, -1 左手边); -1 when none. */
export function neighbour(s: GameState, seat: number, dir: 1 | -1): number {
  const n = s.players.length;
  for (let k = 1; k < n; k++) {
    const t = (seat + dir * k + n * n) % n;
    if (inGame(s.players[t])) return t;
  }
  return -1;
}

export const 千面女郎: CharacterDef = {
  name: '千面女郎',
  gender: '女',
  hidden: false,
  skills: ['城府', '逢缘', '笙歌'],
  perks: { chooseDirection: '逢缘' },
  active: [],
  triggers: [
    {
      skill: '笙歌',
      on: 'beforeResolve',
      when: (_s, _ctx, _owner, info) => info.item.as === '真伪莫辨',
      effect(s, ctx, u) {
        draw(s, ctx, u.seat, 3);
        askNext(s, u.seat, '笙歌', 'give');
      },
      then: {
        choices: (s, d) => (inGame(s.players[d.seat]) ? giveChoices(s, d.seat, liveOthers(s, d.seat)) : []),
        answer: (s, ctx, d, a: AnswerWith<'target' | 'card'>) => giveCard(s, ctx, d.seat, a.target, a.card, '笙歌'),
      },
    },
  ],
  on: {},
  probed: chengfuProbed,
  decide: {
    城府: chengfuDecision,
  },
  mission: () => false,
  overturns: (s, seat, d) => d.seat === neighbour(s, seat, 1) || d.seat === neighbour(s, seat, -1),
};
