// 六姐 (003_… 角色详述). 女.
// 拷问: 当你试探一位玩家时，你可以抽取他的一张手牌 — face up; after the 试探 was not 识破'd, before its
//   effect (like 就计); one card of the target's hand at random; then the 试探 resolves as normal.
// 搜取: 当一位玩家死亡时，你随机检视他的一张手牌，然后你可以将该牌加入手牌或作为情报 — face up, another
//   player's death; one of his hand cards at random (seeded), seen by you alone; no hand: nothing. Then
//   you may take it into your hand or put it in front of yourself as intel (you may die of it). [choice]
//   The card is looked at when the death happens; if it has left his hand before you decide (his own
//   遗志 asked before you), you can only let it go. The dead player's clean-up waits for the decision.
// 机密任务: 获得六张或以上的情报.
import { placeIntel } from '../outcome.js';
import { enqueue } from '../pending.js';
import { faceUp } from '../registry.js';
import { randInt } from '../rng.js';
import { inGame, removeFrom } from '../state.js';
import type { CharacterDef, DecideWith, TriggerSkill, UseWith } from './skill.js';

/** 拷问 (003 and 000 alike). */
export const kaowen: TriggerSkill<UseWith<{ target: number }>> = {
  skill: '拷问',
  on: 'beforeResolve',
  when(s, _ctx, owner, info) {
    const it = info.item;
    if (it.as !== '试探' || it.card < 0 || it.user !== owner || it.target === undefined) return false;
    return inGame(s.players[it.target]) && s.players[it.target].hand.length > 0 && { target: it.target };
  },
  still: (s, d) => inGame(s.players[d.data.target]) && s.players[d.data.target].hand.length > 0,
  names: (_s, u) => ({ target: u.data.target }),
  effect(s, ctx, u) {
    const me = u.seat;
    const t = u.data.target;
    const from = s.players[t].hand;
    const card = from.splice(randInt(s.rng, from.length), 1)[0];
    s.players[me].hand.push(card);
    ctx.ev.push({ to: 'all', type: 'handTaken', seat: me, from: t, count: 1 });
    ctx.ev.push({ to: [me, t], type: 'handTakenCards', seat: me, from: t, cards: [card] });
  },
};

/** 搜取's question: the dead player and the card seen. */
type Seen = { from: number; card: number };

// 当一位玩家死亡时 you see one of his hand cards at random, at once; what to do with it is asked.
const souqu: TriggerSkill<UseWith<{ from: number }>> = {
  skill: '搜取',
  on: 'death',
  optional: false,
  about: 'other',
  when: (s, _ctx, _owner, info) => s.players[info.seat].hand.length > 0 && { from: info.seat },
  names: (_s, u) => ({ target: u.data.from }),
  effect(s, ctx, u) {
    const dead = u.data.from;
    const hand = s.players[dead].hand;
    const card = hand[randInt(s.rng, hand.length)];
    ctx.ev.push({ to: [u.seat], type: 'handSeen', seat: dead, cards: [card] });
    enqueue(s, u.seat, '搜取', 'use', { from: dead, card });
  },
};

export const 六姐: CharacterDef = {
  name: '六姐',
  gender: '女',
  hidden: false,
  skills: ['拷问', '搜取'],
  active: [],
  triggers: [kaowen, souqu],
  on: {},
  decide: {
    搜取: {
      choices(s, d: DecideWith<Seen>) {
        const me = d.seat;
        const { from, card } = d.data;
        if (!faceUp(s, me) || !inGame(s.players[me]) || !s.players[from].hand.includes(card)) return [];
        return ['no', 'hand', 'intel'].map((option) => ({ kind: 'decide' as const, seat: me, option }));
      },
      answer(s, ctx, d: DecideWith<Seen>, a) {
        if (a.option !== 'hand' && a.option !== 'intel') return;
        const me = d.seat;
        const { from, card } = d.data;
        const hand = s.players[from].hand;
        removeFrom(hand, card);
        if (a.option === 'hand') {
          s.players[me].hand.push(card);
          ctx.ev.push({ to: 'all', type: 'handTaken', seat: me, from, count: 1 });
          ctx.ev.push({ to: [me], type: 'handTakenCards', seat: me, from, cards: [card] });
          return;
        }
        placeIntel(s, ctx, me, [card], me);
      },
    },
  },
  mission: (s, seat) => s.players[seat].intel.length >= 6,
};
