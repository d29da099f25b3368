// 老金 (003_…). 男, 潜伏.
// 弃卒保帅: 当你的卡牌被识破时，可以翻开此角色牌，抽五张牌，然后把二张手牌按任意顺序放回牌库顶 — face
//   down only (翻开); by 识破 or 警觉. The two cards go back one at a time: the second chosen is the new top.
// 釜底抽薪: 当你获得假情报时，可以放置一张假情报到自己面前，然后盖伏此角色牌，并在任意位玩家面前各放置一张
//   情报 — face up; all from the hand (the 假情报 a black hand card); any number of players, yourself
//   included, one card each, chosen one at a time until "done".
// 机密任务: 手牌集齐三张红色卡牌和三张蓝色卡牌.
import { placeFromHand } from '../outcome.js';
import { draw, flip, handToDeckTop } from '../ops.js';
import { askNext } from '../pending.js';
import { handOf, livePlayers } from './common.js';
import { inGame, over } from '../state.js';
import type { AnswerOr, AnswerWith, CharacterDef, DecideAction, DecideWith } from './skill.js';

/** 釜底抽薪's placing: the players given a card so far. */
type Placing = DecideWith<{ done: readonly number[] }>;

export const 老金: CharacterDef = {
  name: '老金',
  gender: '男',
  hidden: true,
  skills: ['弃卒保帅', '釜底抽薪'],
  active: [],
  triggers: [
    {
      skill: '弃卒保帅',
      on: 'negated',
      face: 'down',
      about: 'self',
      effect(s, ctx, u) {
        draw(s, ctx, u.seat, 5);
        askNext(s, u.seat, '弃卒保帅', 'back1');
      },
      // the two cards put back, one at a time
      then: {
        choices: (s, d) => (inGame(s.players[d.seat]) ? s.players[d.seat].hand.map((card) => ({ kind: 'decide' as const, seat: d.seat, card })) : []),
        answer(s, ctx, d, a: AnswerWith<'card'>) {
          handToDeckTop(s, ctx, d.seat, a.card);
          if (d.stage === 'back1') askNext(s, d.seat, '弃卒保帅', 'back2');
        },
      },
    },
    {
      skill: '釜底抽薪',
      on: 'intel',
      about: 'self',
      when: (s, _ctx, _owner, info) => s.cards[info.card].color === '黑',
      // First the 假情报 for oneself (stage 'black'), then one card each before any players ('place').
      stage: 'black',
      choices(s, d) {
        const me = d.seat;
        const black = handOf(s, me, '黑');
        if (black.length === 0) return [];
        return [{ kind: 'decide', seat: me, option: 'no' }, ...black.map((card) => ({ kind: 'decide' as const, seat: me, card }))];
      },
      effect(s, ctx, u, a: AnswerWith<'card'>) {
        const me = u.seat;
        placeFromHand(s, ctx, me, me, [a.card]);
        if (over(s) || !inGame(s.players[me])) return;
        flip(s, ctx, me, false);
        askNext(s, me, '釜底抽薪', 'place', { done: [] });
      },
      then: {
        choices(s, d: Placing) {
          const me = d.seat;
          if (!inGame(s.players[me])) return [];
          const done = d.data.done;
          const out: DecideAction[] = [{ kind: 'decide', seat: me, option: 'done' }];
          for (const t of livePlayers(s))
            if (!done.includes(t)) for (const card of s.players[me].hand) out.push({ kind: 'decide', seat: me, target: t, card });
          return out;
        },
        answer(s, ctx, d: Placing, a: AnswerOr<'done', 'target' | 'card'>) {
          const me = d.seat;
          if (a.option === 'done' || a.card === undefined) return;
          const done = d.data.done.concat(a.target);
          placeFromHand(s, ctx, me, a.target, [a.card]);
          if (over(s) || !inGame(s.players[me]) || s.players[me].hand.length === 0) return;
          askNext(s, me, '釜底抽薪', 'place', { done });
        },
      },
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) => handOf(s, seat, '红').length >= 3 && handOf(s, seat, '蓝').length >= 3,
};
