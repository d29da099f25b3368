// 无间行者 (003_…). 男, face up.
// 城府: 你被试探时可以隐瞒身份 — as 老鬼's: he picks either action of the 试探.
// 加密: 你的文本情报可以用密电的方式传递 — the send perk (a 文本 card sent face down, seat to seat).
// 绝密: 当你传出的情报被截获或破译时，你可以抽取一位玩家的一张手牌，或在其面前放置一张假情报 — after a 截获
//   (card, or anything used as one: 截上) took his intel, or a 破译 (likewise) looked at it; not when
//   it was 识破'd. [choice] "一位玩家" = any other player in the game (not only the one who took or
//   decoded it); 抽取 takes one card at random (only the two of them see which); the 假情报 is a
//   black hand card, placed as intel credited to him (亲手).
// 机密任务: 一位玩家因为获得你传出的情报而宣告胜利。你的胜利会导致他的宣告失败 — the gain of intel he sent
//   (taken or 截获'd) made another declare: faction or 机密任务 alike (003: 包括小白等).
import { placeFromHand } from '../outcome.js';
import { randInt } from '../rng.js';
import { bit, inGame } from '../state.js';
import { enqueue } from '../pending.js';
import { faceUp } from '../registry.js';
import { handOf, liveOthers, chengfuDecision, chengfuProbed } from './common.js';
import type { AnswerWith, CharacterDef, DecideAction } from './skill.js';

/** 绝密's answers: not at all, a hand card of `target` taken, or the 假情报 `card` placed before `target`. */
type Juemi =
  | (DecideAction & { readonly option: 'no' })
  | (AnswerWith<'target'> & { readonly option: 'take' })
  | (AnswerWith<'target' | 'card'> & { readonly option: 'place' });

export const 无间行者: CharacterDef = {
  name: '无间行者',
  gender: '男',
  hidden: false,
  skills: ['城府', '加密', '绝密'],
  perks: { textAsCipher: '加密' },
  active: [],
  on: {
    beforeResolve(s, _ctx, owner, info) {
      // Which intel a 截获 is about to take: known only before it takes it.
      const it = info.item;
      const t = s.transit;
      if (it.as !== '截获' || !t || t.sender !== owner || it.user === owner) return;
      const sc = s.chars!.seats[owner];
      sc.mark = { ...sc.mark, 绝密: t.card };
    },
    resolved(s, _ctx, owner, info) {
      const it = info.item;
      const sc = s.chars!.seats[owner];
      let hit = false;
      if (it.as === '截获' && sc.mark?.绝密 !== undefined) {
        hit = s.players[it.user].intel.includes(sc.mark.绝密);
        delete sc.mark.绝密;
      } else if (it.as === '破译') {
        const t = s.transit;
        hit = !!t && t.sender === owner && it.user !== owner && t.at === it.user && (t.known & bit(it.user)) !== 0;
      }
      if (hit && faceUp(s, owner) && inGame(s.players[owner])) enqueue(s, owner, '绝密');
    },
  },
  probed: chengfuProbed,
  decide: {
    城府: chengfuDecision,
    绝密: {
      choices(s, d) {
        const me = d.seat;
        if (!faceUp(s, me) || !inGame(s.players[me])) return [];
        const out: DecideAction[] = [];
        const others = liveOthers(s, me);
        for (const target of others) if (s.players[target].hand.length > 0) out.push({ kind: 'decide', seat: me, option: 'take', target });
        for (const target of others) for (const card of handOf(s, me, '黑')) out.push({ kind: 'decide', seat: me, option: 'place', target, card });
        return out.length ? [{ kind: 'decide', seat: me, option: 'no' }, ...out] : [];
      },
      answer(s, ctx, d, a: Juemi) {
        const me = d.seat;
        const t = a.target;
        if (t === undefined || (a.option !== 'take' && a.option !== 'place')) return;
        ctx.ev.push({ to: 'all', type: 'skillUsed', seat: me, skill: '绝密', target: t, option: a.option });
        if (a.option === 'take') {
          const from = s.players[t].hand;
          const got = from.splice(randInt(s.rng, from.length), 1);
          s.players[me].hand.push(...got);
          ctx.ev.push({ to: 'all', type: 'handTaken', seat: me, from: t, count: got.length });
          ctx.ev.push({ to: [me, t], type: 'handTakenCards', seat: me, from: t, cards: got });
          return;
        }
        placeFromHand(s, ctx, me, t, [a.card]);
      },
    },
  },
  mission: () => false,
  overturns: (_s, seat, d) => d.sender === seat,
};
