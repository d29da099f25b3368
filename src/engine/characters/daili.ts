// 戴笠 (003_…). 男, face up.
// 笑里藏刀: 当另一位玩家获得你传出的真情报时，你可以在他面前放置一张假情报 — red or blue intel he sent,
//   taken by another or 截获'd by another (not through 真伪莫辨 or a skill: those are not "传出"); the
//   假情报 is a black card of his hand; the placement is credited (亲手) to him. Not when that player
//   is no longer in the game.
// 运筹帷幄: 当你获得真情报时，你可以抽一张牌 — red or blue intel gained in any way.
// 机密任务: 获得三张或以上的蓝色情报.
import { placeFromHand } from '../outcome.js';
import { draw } from '../ops.js';
import { handOf } from './common.js';
import { countColor, inGame } from '../state.js';
import type { AnswerWith, CharacterDef, DecideWith } from './skill.js';

export const 戴笠: CharacterDef = {
  name: '戴笠',
  gender: '男',
  hidden: false,
  skills: ['笑里藏刀', '运筹帷幄'],
  active: [],
  triggers: [
    {
      skill: '笑里藏刀',
      on: 'intel',
      about: 'other',
      when: (s, _ctx, owner, info) =>
        s.cards[info.card].color !== '黑' && info.sender === owner && inGame(s.players[info.seat]) && { seat: info.seat },
      choices(s, d: DecideWith<{ seat: number }>) {
        const me = d.seat;
        const t = d.data.seat;
        if (!inGame(s.players[t])) return [];
        const black = handOf(s, me, '黑');
        if (black.length === 0) return [];
        return [{ kind: 'decide', seat: me, option: 'no' }, ...black.map((card) => ({ kind: 'decide' as const, seat: me, target: t, card }))];
      },
      names: (_s, _u, a: AnswerWith<'target'>) => ({ target: a.target }),
      effect: (s, ctx, u, a: AnswerWith<'target' | 'card'>) => placeFromHand(s, ctx, u.seat, a.target, [a.card]),
    },
    {
      skill: '运筹帷幄',
      on: 'intel',
      about: 'self',
      when: (s, _ctx, _owner, info) => s.cards[info.card].color !== '黑',
      effect: (s, ctx, u) => draw(s, ctx, u.seat, 1),
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) => countColor(s, s.players[seat].intel, '蓝') >= 3,
};
