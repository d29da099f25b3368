// 怪盗九九 (003_…). 男, face up.
// 阴谋: 当一位玩家获得你传出的假情报时，你可以抽取任意一位玩家的一张手牌 — black intel he sent, taken by
//   someone or 截获'd; not one gained through 真伪莫辨 or a skill. [choice] Also when the one who gains it
//   is himself (it came back to him): unlike 计中计, 003 prints no exception.
// 阳谋: 当你获得另一位玩家传出的假情报时，你可以抽取任意一位玩家的一张手牌 — black intel another sent, taken
//   by him or 截获'd by him; not through 真伪莫辨 or a skill; not when the gain killed him.
// Both: 抽取 is one card at random from the hand, seen only by the two; a player with no hand gives
//   nothing (抽取无效), so only players with cards are offered. [choice] "任意一位玩家" is any other
//   player in the game (taking from one's own hand changes nothing).
// 机密任务: 获得九张或以上的手牌 (nine or more cards in hand).
import { randInt } from '../rng.js';
import type { GameState } from '../types.js';
import { inGame } from '../state.js';
import { liveOthers } from './common.js';
import type { CharacterDef, DecideAction, TriggerSkill } from './skill.js';

export const black = (s: GameState, card: number | undefined) => card !== undefined && s.cards[card].color === '黑';

/**
 * 阴谋 and 阳谋: a card at random from the hand of a player, asked with `when`. `from` (000): only from the
 * player the moment names (the gainer for 阴谋, the sender for 阳谋, kept in the data as `target`); without
 * it (003) from any other player with cards.
 */
export const takeFrom = (skill: string, t: Pick<TriggerSkill, 'about' | 'when'>, from?: 'named'): TriggerSkill => ({
  skill,
  on: 'intel',
  ...t,
  choices(s, d) {
    const me = d.seat;
    const named = from === 'named' ? [d.data!.target!].filter((x) => x !== me && inGame(s.players[x])) : liveOthers(s, me);
    const ts = named.filter((x) => s.players[x].hand.length > 0);
    if (ts.length === 0) return [];
    return [{ kind: 'decide', seat: me, option: 'no' }, ...ts.map((target): DecideAction => ({ kind: 'decide', seat: me, target }))];
  },
  names: (_s, _u, a) => ({ target: a!.target }),
  effect(s, ctx, u, a) {
    const me = u.seat;
    const t = a!.target!;
    const from = s.players[t].hand;
    if (from.length === 0) return;
    const got = from.splice(randInt(s.rng, from.length), 1);
    s.players[me].hand.push(...got);
    ctx.ev.push({ to: 'all', type: 'handTaken', seat: me, from: t, count: 1 });
    ctx.ev.push({ to: [me, t], type: 'handTakenCards', seat: me, from: t, cards: got });
  },
});

export const 怪盗九九: CharacterDef = {
  name: '怪盗九九',
  gender: '男',
  hidden: false,
  skills: ['阴谋', '阳谋'],
  active: [],
  triggers: [
    takeFrom('阴谋', { when: (s, _ctx, owner, info) => black(s, info.card) && (info.sender ?? -1) === owner }),
    takeFrom('阳谋', {
      about: 'self',
      when: (s, _ctx, owner, info) => black(s, info.card) && (info.sender ?? -1) >= 0 && (info.sender ?? -1) !== owner,
    }),
  ],
  on: {},
  decide: {},
  mission: (s, seat) => s.players[seat].hand.length >= 9,
};
