// 浮萍 (003_…). 女, 潜伏.
// 先机: 翻开此角色牌，抽取另一位玩家的二张手牌，然后他抽二张牌 — at any time; the two are taken at random
//   (抽取) — all when he has fewer —, then he draws two from the deck.
// 后着: 当你死亡时，可以检视另一位玩家的手牌，然后把其中一张放置在一位玩家面前 — face up; only you see
//   his hand; any player in the game may receive the card.
// 机密任务: 你成为第二位或以后死亡的玩家 (losing the game is not dying).
import { placeFromHand } from '../outcome.js';
import { draw } from '../ops.js';
import { askNext } from '../pending.js';
import { liveOthers, livePlayers, otherLive } from './common.js';
import { randInt } from '../rng.js';
import { inGame } from '../state.js';
import type { AnswerWith, CharacterDef, DecideAction, DecideWith, ItemWith } from './skill.js';

/** 后着's second stage: placing the cards of `from`'s hand. */
type Placing = DecideWith<{ from: number }>;

export const 浮萍: CharacterDef = {
  name: '浮萍',
  gender: '女',
  hidden: true,
  skills: ['先机', '后着'],
  active: [
    {
      name: '先机',
      reveal: true,
      candidates: (s, seat) => liveOthers(s, seat).map((target) => ({ kind: 'skill' as const, seat, skill: '先机', target })),
      check: (s, seat, _step, a) => otherLive(s, seat, a.target, '先机'),
      resolve(s, ctx, item: ItemWith<'target'>) {
        const me = item.user;
        const t = item.target;
        if (!inGame(s.players[me]) || !inGame(s.players[t])) return;
        const from = s.players[t].hand;
        const got: number[] = [];
        while (got.length < 2 && from.length > 0) got.push(from.splice(randInt(s.rng, from.length), 1)[0]);
        s.players[me].hand.push(...got);
        ctx.ev.push({ to: 'all', type: 'handTaken', seat: me, from: t, count: got.length });
        ctx.ev.push({ to: [me, t], type: 'handTakenCards', seat: me, from: t, cards: got });
        draw(s, ctx, t, 2);
      },
    },
  ],
  triggers: [
    {
      skill: '后着',
      on: 'death',
      about: 'self',
      ownDeath: true,
      // First whose hand (stage 'who'), then which card of it to whom ('place').
      stage: 'who',
      choices(s, d) {
        const me = d.seat;
        const ts = liveOthers(s, me).filter((t) => s.players[t].hand.length > 0);
        if (ts.length === 0) return [];
        return [{ kind: 'decide', seat: me, option: 'no' }, ...ts.map((target) => ({ kind: 'decide' as const, seat: me, target }))];
      },
      names: (_s, _u, a: AnswerWith<'target'>) => ({ target: a.target }),
      effect(s, ctx, u, a: AnswerWith<'target'>) {
        ctx.ev.push({ to: [u.seat], type: 'handSeen', seat: a.target, cards: s.players[a.target].hand.slice() });
        askNext(s, u.seat, '后着', 'place', { from: a.target });
      },
      then: {
        choices(s, d: Placing) {
          const from = d.data.from;
          if (!inGame(s.players[from])) return [];
          const out: DecideAction[] = [];
          for (const card of s.players[from].hand) for (const target of livePlayers(s)) out.push({ kind: 'decide', seat: d.seat, card, target });
          return out;
        },
        answer: (s, ctx, d: Placing, a: AnswerWith<'card' | 'target'>) => placeFromHand(s, ctx, d.data.from, a.target, [a.card], d.seat),
        // While placing, he looks at the hand of the player he chose (data.from).
        sees: (_s, d: Placing) => d.data.from,
      },
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) => !s.players[seat].alive && (s.chars!.seats[seat].deathNo ?? 0) >= 2,
  missionWhenDead: true,
};
