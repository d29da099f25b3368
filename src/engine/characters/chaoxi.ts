// 潮汐 (003_… 角色详述). 男.
// 城府: 你被试探时可以隐瞒身份 — as 老鬼's (common.ts): face up, either action of the 试探.
// 时差: 当你获得假情报时，可以把另一位玩家的一张情报加入你的手牌 — face up, alive after the gain; any one
//   intel (any colour) in front of another player in the game; it goes into your hand.
// 机密任务: 一位玩家因为获得你传出的情报而宣告胜利。你的胜利会导致他的宣告失败 — another player declares
//   (faction or 机密任务) on gaining intel 潮汐 sent (taken, or 截获'd): an 打酱油 潮汐 in the game takes
//   the declaration over and wins instead (outcome.ts declare; overturns). It never holds otherwise.
//   [choice] Whatever his character's side: a 机密任务 is no skill.
import { removeFrom } from '../state.js';
import { liveOthers, chengfuDecision, chengfuProbed } from './common.js';
import { intelOwner } from '../ops.js';
import type { AnswerWith, CharacterDef, DecideAction } from './skill.js';

export const 潮汐: CharacterDef = {
  name: '潮汐',
  gender: '男',
  hidden: false,
  skills: ['城府', '时差'],
  active: [],
  triggers: [
    {
      skill: '时差',
      on: 'intel',
      about: 'self',
      when: (s, _ctx, _owner, info) => s.cards[info.card].color === '黑',
      choices(s, d) {
        const me = d.seat;
        const out: DecideAction[] = [];
        for (const t of liveOthers(s, me)) for (const card of s.players[t].intel) out.push({ kind: 'decide', seat: me, card });
        return out.length ? [{ kind: 'decide', seat: me, option: 'no' }, ...out] : [];
      },
      names: (s, _u, a: AnswerWith<'card'>) => ({ target: intelOwner(s, a.card) }),
      effect(s, ctx, u, a: AnswerWith<'card'>) {
        const me = u.seat;
        const from = intelOwner(s, a.card);
        removeFrom(s.players[from].intel, a.card);
        s.players[me].hand.push(a.card);
        ctx.ev.push({ to: 'all', type: 'intelToHand', seat: me, from, card: a.card });
      },
    },
  ],
  on: {},
  probed: chengfuProbed,
  decide: {
    城府: chengfuDecision,
  },
  mission: () => false,
  overturns: (_s, seat, d) => d.sender === seat && d.seat !== seat,
};
