// 千面女郎 (003_…). 女, face up.
// 城府: 你被试探时可以隐瞒身份 — as 老鬼's: she picks either action of the 试探.
// 逢缘: 你可以指定你所有非直达情报的传递方向 — the send perk (direction next or previous).
// 笙歌: 当一位玩家使用真伪莫辨时，你可以抽三张牌，然后把一张手牌分给另一位玩家 — any user, herself
//   included; when the 真伪莫辨 is about to take effect, not when it was 识破'd (003 当……时); the card
//   given goes to any other player in the game (mandatory once she drew; default the first choice).
// 机密任务: 你左手边的第一位玩家或你右手边的第一位玩家宣告胜利。你的胜利会导致他的宣告失败 — docs/rules.md §1:
//   右手边 = the next seat, 左手边 = the previous one; the first live, not-out seat each way.
import { draw } from '../ops.js';
import { askNext, enqueue } from '../pending.js';
import { faceUp } from '../registry.js';
import { liveOthers, chengfuDecision, chengfuProbed, giveCard, giveChoices, YES_NO } from './common.js';
import { inGame } from '../state.js';
import type { CharacterDef } from './skill.js';
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
  on: {
    beforeResolve(s, _ctx, owner, info) {
      if (info.item!.as !== '真伪莫辨' || !faceUp(s, owner) || !inGame(s.players[owner])) return;
      enqueue(s, owner, '笙歌');
    },
  },
  probed: chengfuProbed,
  decide: {
    城府: chengfuDecision,
    笙歌: {
      choices(s, d) {
        const me = d.seat;
        if (!inGame(s.players[me])) return [];
        if (d.stage === 'use') return faceUp(s, me) ? YES_NO : [];
        return giveChoices(s, me, liveOthers(s, me));
      },
      answer(s, ctx, d, a) {
        const me = d.seat;
        if (d.stage === 'use') {
          if (a.option !== 'yes') return;
          ctx.ev.push({ to: 'all', type: 'skillUsed', seat: me, skill: '笙歌' });
          draw(s, ctx, me, 3);
          askNext(s, me, '笙歌', 'give');
          return;
        }
        giveCard(s, ctx, me, a.target!, a.card!, '笙歌');
      },
    },
  },
  mission: () => false,
  overturns: (s, seat, d) => d.seat === neighbour(s, seat, 1) || d.seat === neighbour(s, seat, -1),
};
