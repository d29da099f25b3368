// 情报处长 (003_…). 男, face up.
// 隔墙有耳: 当你试探一位玩家时，你可以抽二张牌，然后选择一张手牌放回牌库顶 — when nobody answers the 试探,
//   隔墙有耳 resolves first, then the 试探 (before it takes effect); not when the 试探 was 识破'd (a negated
//   card never reaches its effect). The card put back is any hand card.
// 偷龙转凤: 当情报到达你时，你可以丢弃一张手牌，然后将该情报与牌库顶的第一张牌调换 — an active skill in the
//   到达 window when the intel is at you (the timing of 破译), in any turn; the swapped intel keeps the
//   state of the intel in transit (face up stays face up, face down stays face down) and the passing
//   its mode; nobody knows the face of a face-down swapped intel. [choice] The hand card is named at use
//   and discarded (face down) when the skill resolves; if it has left the hand by then, nothing happens.
// 机密任务: 获得三张或以上的红色情报.
import { discardFromHand, draw, takeTop, handToDeckTop } from '../ops.js';
import { askNext } from '../pending.js';
import { countColor, inGame } from '../state.js';
import { handCardChoices, isCardList, notNow } from './common.js';
import type { AnswerWith, CharacterDef, ItemWith } from './skill.js';

export const 情报处长: CharacterDef = {
  name: '情报处长',
  gender: '男',
  hidden: false,
  skills: ['隔墙有耳', '偷龙转凤'],
  active: [
    {
      name: '偷龙转凤',
      candidates: (s, seat) => s.players[seat].hand.map((c) => ({ kind: 'skill' as const, seat, skill: '偷龙转凤', cards: [c] })),
      check(s, seat, step, a) {
        const t = s.transit;
        if (step !== 'arrive' || !t || t.at !== seat) return notNow('偷龙转凤', 'only when intel arrives at you (到达)');
        if (!isCardList(a.cards) || a.cards.length !== 1 || !s.players[seat].hand.includes(a.cards[0]))
          return notNow('偷龙转凤', 'name one card of your hand to discard');
        return null;
      },
      resolve(s, ctx, item: ItemWith<'cards'>) {
        const me = item.user;
        const t = s.transit;
        const card = item.cards[0];
        if (!t || t.at !== me || !inGame(s.players[me]) || !s.players[me].hand.includes(card)) return;
        discardFromHand(s, ctx, me, [card]);
        const top = takeTop(s, ctx);
        if (top === undefined) return;
        const old = t.card;
        s.deck.push(old);
        t.card = top;
        t.known = 0;
        ctx.ev.push({
          to: 'all',
          type: 'intelSwapped',
          seat: me,
          faceUp: t.faceUp,
          card: t.faceUp ? top : undefined,
          old: t.faceUp ? old : undefined,
        });
      },
    },
  ],
  triggers: [
    {
      skill: '隔墙有耳',
      on: 'beforeResolve',
      when(s, _ctx, owner, info) {
        const it = info.item;
        return it.as === '试探' && it.card >= 0 && it.user === owner && it.target !== undefined && inGame(s.players[it.target]);
      },
      effect(s, ctx, u) {
        draw(s, ctx, u.seat, 2);
        askNext(s, u.seat, '隔墙有耳', 'back');
      },
      then: {
        choices: (s, d) => (inGame(s.players[d.seat]) ? handCardChoices(s, d.seat) : []),
        answer: (s, ctx, d, a: AnswerWith<'card'>) => handToDeckTop(s, ctx, d.seat, a.card, '隔墙有耳'),
      },
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) => countColor(s, s.players[seat].intel, '红') >= 3,
};
