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
import { inGame } from '../state.js';
import type { GameState } from '../types.js';
import { enqueue } from '../pending.js';
import { faceUp } from '../registry.js';
import { liveOthers } from './common.js';
import type { CharacterDef, Decision, DecideAction } from './skill.js';

const takeFrom = (skill: string): Decision => ({
  choices(s, d) {
    const me = d.seat;
    if (!faceUp(s, me) || !inGame(s.players[me])) return [];
    const ts = liveOthers(s, me).filter((t) => s.players[t].hand.length > 0);
    if (ts.length === 0) return [];
    return [{ kind: 'decide', seat: me, option: 'no' }, ...ts.map((target): DecideAction => ({ kind: 'decide', seat: me, target }))];
  },
  answer(s, ctx, d, a) {
    const me = d.seat;
    const t = a.target;
    if (t === undefined) return;
    ctx.ev.push({ to: 'all', type: 'skillUsed', seat: me, skill, target: t });
    const from = s.players[t].hand;
    if (from.length === 0) return;
    const got = from.splice(randInt(s.rng, from.length), 1);
    s.players[me].hand.push(...got);
    ctx.ev.push({ to: 'all', type: 'handTaken', seat: me, from: t, count: 1 });
    ctx.ev.push({ to: [me, t], type: 'handTakenCards', seat: me, from: t, cards: got });
  },
});

const black = (s: GameState, card: number | undefined) => card !== undefined && s.cards[card].color === '黑';

export const 怪盗九九: CharacterDef = {
  name: '怪盗九九',
  gender: '男',
  hidden: false,
  skills: ['阴谋', '阳谋'],
  active: [],
  on: {
    intel(s, _ctx, owner, info) {
      if (!black(s, info.card) || !faceUp(s, owner) || !inGame(s.players[owner])) return;
      const sender = info.sender ?? -1;
      if (sender === owner) enqueue(s, owner, '阴谋');
      if (info.seat === owner && sender >= 0 && sender !== owner) enqueue(s, owner, '阳谋');
    },
  },
  decide: { 阴谋: takeFrom('阴谋'), 阳谋: takeFrom('阳谋') },
  mission: (s, seat) => s.players[seat].hand.length >= 9,
};
