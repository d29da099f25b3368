// 黑玫瑰 (003_…). 女, 潜伏.
// 血染玫瑰: 翻开此角色牌，指定一位玩家，然后展示牌库顶的一张牌，若那张牌是黑色，你可以在他面前放置最多三张
//   假情报，否则你只能放置一张 — the top card is always shown, then goes back on top; the 假情报 are
//   black hand cards; placing none is allowed; several are placed at once, so 烧毁 cannot save him.
// 机密任务: 亲手让一位获得了三张或以上真情报的玩家死亡 (亲手: one's skills, sent intel, 真伪莫辨).
import { placeFromHand } from '../outcome.js';
import { takeTop } from '../ops.js';
import { askInline } from '../pending.js';
import { handOf, subsets, anyLive, isCardList } from './common.js';
import { inGame } from '../state.js';
import type { AnswerWith, CharacterDef, DecideWith, ItemWith } from './skill.js';

/** 血染玫瑰's question: the player named, and at most how many 假情报. */
type Xueran = DecideWith<{ target: number; max: number }>;

export const 黑玫瑰: CharacterDef = {
  name: '黑玫瑰',
  gender: '女',
  hidden: true,
  skills: ['血染玫瑰'],
  active: [
    {
      name: '血染玫瑰',
      reveal: true,
      candidates(s, seat) {
        const out = [];
        for (let t = 0; t < s.players.length; t++) if (inGame(s.players[t])) out.push({ kind: 'skill' as const, seat, skill: '血染玫瑰', target: t });
        return out;
      },
      check: (s, _seat, _step, a) => anyLive(s, a.target, '血染玫瑰'),
      resolve(s, ctx, item: ItemWith<'target'>) {
        const top = takeTop(s, ctx);
        if (top === undefined) return;
        s.deck.push(top);
        ctx.ev.push({ to: 'all', type: 'shown', seat: item.user, card: top });
        const t = item.target;
        if (!inGame(s.players[t]) || !inGame(s.players[item.user])) return;
        const max = s.cards[top].color === '黑' ? 3 : 1;
        if (handOf(s, item.user, '黑').length === 0) return;
        askInline(s, ctx, item.user, '血染玫瑰', 'place', { target: t, max });
      },
    },
  ],
  on: {},
  decide: {
    血染玫瑰: {
      choices(s, d: Xueran) {
        const t = d.data.target;
        if (!inGame(s.players[t]) || !inGame(s.players[d.seat])) return [];
        return subsets(handOf(s, d.seat, '黑'), 0, d.data.max).map((cards) => ({ kind: 'decide' as const, seat: d.seat, target: t, cards }));
      },
      answer(s, ctx, d: Xueran, a: AnswerWith<'target' | 'cards'>) {
        if (!isCardList(a.cards) || a.cards.length === 0) return;
        placeFromHand(s, ctx, d.seat, a.target, a.cards);
      },
    },
  },
  mission: (s, seat) =>
    s.chars!.seats.some((x, i) => i !== seat && !s.players[i].alive && x.killedBy === seat && (x.trueAtDeath ?? 0) >= 3),
};
