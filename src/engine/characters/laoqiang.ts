// 老枪 (003_…). 男, 潜伏.
// 就计: as 老鬼's.
// 合谋: 在你面前放置一张假情报，盖伏此角色牌和另一张潜伏角色牌，然后你们互相查看对方的身份牌 — face up,
//   at any time in anyone's turn, only while another face-up 潜伏 character is in play; the 假情报 is
//   a black hand card (放置情报 is from the hand); only the two see each other's identity.
// 机密任务: 获得三张或以上的红色情报.
// His records (mark): `saw`, the seats whose identity card he has seen; `seenBy`, the seats that have
//   seen his (bitmasks). A card taken by 临危受命 is another card: whoever saw the old one knows nothing of it.
import { placeFromHand } from '../outcome.js';
import { bit, countColor, has, inGame } from '../state.js';
import { charOf, faceUp, markOf } from '../registry.js';
import { flip } from '../ops.js';
import { handOf, isCardList, jiuji, notNow, otherLive } from './common.js';
import type { ActiveSkill, CharacterDef, IdentityRecords, ItemWith } from './skill.js';
import type { GameState } from '../types.js';

const openHidden = (s: GameState, seat: number) => faceUp(s, seat) && charOf(s, seat)?.hidden === true;

/**
 * 合谋, 003: 在你面前放置一张假情报 (`cost`)，盖伏此角色牌和另一张 (face-up 潜伏) 角色牌，然后你们互相查看对方的
 * 身份牌; 000: 盖伏此角色：盖伏一位玩家的角色牌 (any face-up character)，你们互相查看对方的身份牌.
 */
export function hemouOf(o: { cost: boolean; target: (s: GameState, seat: number) => boolean }): ActiveSkill {
  const needs = o.cost ? 'it needs another face-up 潜伏 character' : 'it needs another face-up character';
  return {
    name: '合谋',
    candidates(s, seat) {
      const out = [];
      const costs = o.cost ? handOf(s, seat, '黑').map((c) => [c]) : [undefined];
      for (let t = 0; t < s.players.length; t++)
        if (t !== seat && inGame(s.players[t]) && o.target(s, t))
          for (const cards of costs) out.push({ kind: 'skill' as const, seat, skill: '合谋', target: t, ...(cards ? { cards } : {}) });
      return out;
    },
    check(s, seat, _step, a) {
      const r = otherLive(s, seat, a.target, '合谋');
      if (r) return r;
      if (!o.target(s, a.target!)) return notNow('合谋', needs);
      if (!o.cost) return a.cards === undefined ? null : notNow('合谋', 'it names no card');
      if (!isCardList(a.cards) || a.cards.length !== 1 || !s.players[seat].hand.includes(a.cards[0]) || s.cards[a.cards[0]].color !== '黑')
        return notNow('合谋', 'name one black card of your hand as the 假情报');
      return null;
    },
    resolve(s, ctx, item: ItemWith<'target'>) {
      const me = item.user;
      const other = item.target;
      if (!inGame(s.players[me])) return;
      // The 假情报 named at use: with the cost, the check takes one card exactly; without, none.
      if (item.cards) {
        const card = item.cards[0];
        if (!s.players[me].hand.includes(card)) return;
        placeFromHand(s, ctx, me, me, [card]);
      }
      flip(s, ctx, me, false);
      if (inGame(s.players[other])) flip(s, ctx, other, false);
      if (!inGame(s.players[me]) || !inGame(s.players[other])) return;
      const m = markOf(s, me);
      m.saw = (m.saw ?? 0) | bit(other);
      m.seenBy = (m.seenBy ?? 0) | bit(other);
      ctx.ev.push({ to: [me], type: 'identitySeen', seat: other, identity: s.players[other].identity });
      ctx.ev.push({ to: [other], type: 'identitySeen', seat: me, identity: s.players[me].identity });
    },
  };
}

/** What 合谋 told (its records, `saw` and `seenBy`). */
export const hemouRecords: IdentityRecords = {
  told(s, owner, viewer, seat) {
    const m = s.chars!.seats[owner].mark;
    if (!m) return false;
    return viewer === owner ? has(m.saw ?? 0, seat) : seat === owner && has(m.seenBy ?? 0, viewer);
  },
  changed(s, owner, seat) {
    const m = s.chars!.seats[owner].mark;
    if (!m) return;
    if (seat === owner) m.seenBy = 0;
    else if (m.saw !== undefined) m.saw &= ~bit(seat);
  },
};

export const 老枪: CharacterDef = {
  name: '老枪',
  gender: '男',
  hidden: true,
  skills: ['就计', '合谋'],
  active: [hemouOf({ cost: true, target: openHidden })],
  triggers: [jiuji],
  identities: hemouRecords,
  on: {},
  decide: {},
  mission: (s, seat) => countColor(s, s.players[seat].intel, '红') >= 3,
};
