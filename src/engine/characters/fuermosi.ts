// 福尔摩斯 (003_… 角色详述). 男.
// 揭露: 情报传递时，可以丢弃一张黑色手牌，然后翻开一张传递中的密电，若为假情报，则抽二张牌 — in the 传递
//   window (timing of 调虎离山/截获), in any turn; only a face-down 密电 in transit; an active skill on the
//   stack (识破 cannot answer it). [choice] The black card is named when the skill is used and discarded
//   face up when it resolves (everyone may check it is black); if it has left the hand by then, or the
//   intel is no longer a face-down 密电 in transit, the skill does nothing.
// 真相: 当一位玩家使用试探时，你可以弃一张手牌先检视该试探 — after the 试探 was not 识破'd, before its
//   effect; only you see the card; the 试探 then goes on as normal. [choice] Not for a 试探 you used or
//   that targets you (you already see it).
// 机密任务: 获得三张或以上的红色情报.
import { discardFromHand, draw } from '../ops.js';
import { handOf, inTransmit, isCardList, notNow } from './common.js';
import { countColor, inGame, removeFrom } from '../state.js';
import type { AnswerWith, CharacterDef, DecideAction, DecideWith, ItemWith, UseWith } from './skill.js';
import type { GameState, Transit } from '../types.js';

/** The intel in transit is a face-down 密电. */
const hiddenCipher = (s: GameState): s is GameState & { transit: Transit } => !!s.transit && s.transit.mode === '密电' && !s.transit.faceUp;

export const 福尔摩斯: CharacterDef = {
  name: '福尔摩斯',
  gender: '男',
  hidden: false,
  skills: ['揭露', '真相'],
  active: [
    {
      name: '揭露',
      candidates: (s, seat) => handOf(s, seat, '黑').map((c) => ({ kind: 'skill' as const, seat, skill: '揭露', cards: [c] })),
      check(s, seat, step, a) {
        if (!inTransmit(s, step)) return notNow('揭露', 'only while intel is being passed (传递)');
        if (!hiddenCipher(s)) return notNow('揭露', 'only on a face-down 密电 in transit');
        if (!isCardList(a.cards) || a.cards.length !== 1 || !s.players[seat].hand.includes(a.cards[0]) || s.cards[a.cards[0]].color !== '黑')
          return notNow('揭露', 'name one black card of your hand to discard');
        return null;
      },
      resolve(s, ctx, item: ItemWith<'cards'>) {
        const me = item.user;
        const card = item.cards[0];
        const hand = s.players[me].hand;
        if (!inGame(s.players[me]) || !hand.includes(card) || !hiddenCipher(s)) return;
        removeFrom(hand, card);
        s.discard.push(card);
        ctx.ev.push({ to: 'all', type: 'discard', seat: me, count: 1, cards: [card] });
        const t = s.transit;
        t.faceUp = true;
        ctx.ev.push({ to: 'all', type: 'intelRevealed', seat: me, card: t.card });
        if (s.cards[t.card].color === '黑') draw(s, ctx, me, 2);
      },
    },
  ],
  triggers: [
    {
      skill: '真相',
      on: 'beforeResolve',
      when(s, _ctx, owner, info) {
        const it = info.item;
        if (it.as !== '试探' || it.card < 0 || it.user === owner || it.target === owner) return false;
        return s.players[owner].hand.length > 0 && { item: s.stack.indexOf(it) };
      },
      // Any hand card to discard, or not at all (the default).
      choices(s, d: DecideWith<{ item: number }>) {
        const me = d.seat;
        const it = s.stack[d.data.item];
        if (!it || it.as !== '试探' || it.resolved) return [];
        const hand = s.players[me].hand;
        if (hand.length === 0) return [];
        return [{ kind: 'decide', seat: me, option: 'no' }, ...hand.map((card): DecideAction => ({ kind: 'decide', seat: me, card }))];
      },
      names(s, u: UseWith<{ item: number }>) {
        const it = s.stack[u.data.item];
        return { target: it.target, user: it.user };
      },
      effect(s, ctx, u: UseWith<{ item: number }>, a: AnswerWith<'card'>) {
        const me = u.seat;
        const it = s.stack[u.data.item];
        discardFromHand(s, ctx, me, [a.card]);
        ctx.ev.push({ to: [me], type: 'probeSeen', seat: me, user: it.user, target: it.target, card: it.card });
      },
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) => countColor(s, s.players[seat].intel, '红') >= 3,
};
