// 情报处长·初版 (000_…). 男, face up.
// 隔墙有耳: 当一位玩家被试探时，你可以抽一张牌，然后舍弃一张手牌或烧毁你的一张非假情报 — any player's 试探 (a card,
//   not 识破'd: before it takes effect, like 就计), on any target, himself included; after the draw he must
//   discard a hand card or burn one of his own red/blue intel (the default on timeout: the first hand card).
// 机密任务: 获得三张或以上的红色情报.
import { draw, burnIntel } from '../../ops.js';
import { askNext } from '../../pending.js';
import { countColor, inGame, removeFrom } from '../../state.js';
import type { AnswerWith, CharacterDef, DecideAction, UseWith } from '../skill.js';

export const 情报处长初版: CharacterDef = {
  name: '情报处长·初版',
  gender: '男',
  hidden: false,
  skills: ['隔墙有耳'],
  active: [],
  triggers: [
    {
      skill: '隔墙有耳',
      on: 'beforeResolve',
      when(s, _ctx, _owner, info) {
        const it = info.item;
        return it.as === '试探' && it.card >= 0 && it.target !== undefined && inGame(s.players[it.target]) && { target: it.target };
      },
      names: (_s, u: UseWith<{ target: number }>) => ({ target: u.data.target }),
      effect(s, ctx, u) {
        draw(s, ctx, u.seat, 1);
        askNext(s, u.seat, '隔墙有耳', 'pay');
      },
      then: {
        // A hand card to discard (`card`), or one of his red/blue intel to burn (option 'burn').
        choices(s, d) {
          const me = d.seat;
          if (!inGame(s.players[me])) return [];
          const out: DecideAction[] = s.players[me].hand.map((card) => ({ kind: 'decide', seat: me, card }));
          for (const card of s.players[me].intel) if (s.cards[card].color !== '黑') out.push({ kind: 'decide', seat: me, option: 'burn', card });
          return out;
        },
        answer(s, ctx, d, a: AnswerWith<'card'>) {
          const me = d.seat;
          if (a.option === 'burn') return burnIntel(s, ctx, a.card);
          removeFrom(s.players[me].hand, a.card);
          s.discard.push(a.card);
          ctx.ev.push({ to: 'all', type: 'discard', seat: me, count: 1 });
          ctx.ev.push({ to: [me], type: 'discardCards', seat: me, cards: [a.card] });
        },
      },
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) => countColor(s, s.players[seat].intel, '红') >= 3,
  missionWhenDead: true,
};
