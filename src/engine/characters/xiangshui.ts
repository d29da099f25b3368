// 致命香水 (003_…). 女, face up.
// 攻守兼备: 当你使用锁定或调虎离山时，抽二张牌，然后选择一张手牌放回牌库顶 — when her 锁定 / 调虎离山 (a card,
//   or anything used as one) is about to take effect, not when it was 识破'd (003 当……时); mandatory:
//   she draws two at once, then puts one hand card back on top of the deck (default: the first).
// 临危受命: 当另一位玩家死亡时，在其翻开身份牌前，你可以把你的身份牌面朝下移出游戏，然后得到他的身份牌，
//   并且将一位玩家面前的一张情报与牌库顶的第一张牌调换 — face up; at his death, before his clean-up. Her
//   old identity leaves the game unseen; she alone learns the new one (everyone, if his card had been
//   shown). His clean-up then reveals no identity (her mark `took`: the seats whose card she took). [choice] He still died as
//   what he was: deaths by faction and his faction's victory count him as before (003: her new card
//   completes no 机密任务 by a faction's death — missions look at the living identity she holds).
//   Then the swap is mandatory where possible: [choice] an intel in front of a player in the game (not
//   the dead one); the deck's top card takes its place as intel placed by her (亲手; it may kill),
//   and the intel goes on top of the deck.
// 机密任务: 无 (003) — never met; she wins with a faction or as the last survivor.
import { draw, takeTop, handToDeckTop, intelOwner } from '../ops.js';
import { placeIntel } from '../outcome.js';
import { askNext, enqueue } from '../pending.js';
import { livePlayers, handCardChoices } from './common.js';
import { identityChanged, identityGone, markOf } from '../registry.js';
import { bit, has, inGame, over, removeFrom } from '../state.js';
import type { AnswerWith, CharacterDef, DecideAction, DecideWith, UseWith } from './skill.js';

export const 致命香水: CharacterDef = {
  name: '致命香水',
  gender: '女',
  hidden: false,
  skills: ['攻守兼备', '临危受命'],
  active: [],
  triggers: [
    {
      skill: '攻守兼备',
      on: 'beforeResolve',
      optional: false,
      when: (_s, _ctx, owner, info) => info.item.user === owner && (info.item.as === '锁定' || info.item.as === '调虎离山'),
      effect(s, ctx, u) {
        draw(s, ctx, u.seat, 2);
        if (s.players[u.seat].hand.length > 0) enqueue(s, u.seat, '攻守兼备', 'back');
      },
    },
    {
      skill: '临危受命',
      on: 'death',
      about: 'other',
      when: (_s, _ctx, _owner, info) => ({ seat: info.seat }),
      still(s, d: DecideWith<{ seat: number }>) {
        const him = d.data.seat;
        return !(s.players[him].alive || s.players[him].out || s.gone.includes(him) || identityGone(s, him));
      },
      names: (_s, u: UseWith<{ seat: number }>) => ({ target: u.data.seat }),
      effect(s, ctx, u: UseWith<{ seat: number }>) {
        const me = u.seat;
        const c = s.chars!;
        const him = u.data.seat;
        const shown = c.seats[him].shown;
        s.players[me].identity = s.players[him].identity;
        const m = markOf(s, me);
        m.took = (m.took ?? 0) | bit(him);
        c.seats[me].shown = shown;
        // Whoever had seen her old card (合谋) does not know the new one.
        identityChanged(s, me);
        ctx.ev.push({ to: shown ? 'all' : [me], type: 'identity', seat: me, identity: s.players[me].identity });
        if (!over(s)) askNext(s, me, '临危受命', 'swap');
      },
      // then one intel on the table swapped for the top of the deck
      then: {
        choices(s, d) {
          const me = d.seat;
          if (!inGame(s.players[me]) || (s.deck.length === 0 && s.discard.length === 0)) return [];
          const out: DecideAction[] = [];
          for (const t of livePlayers(s)) for (const card of s.players[t].intel) out.push({ kind: 'decide', seat: me, card });
          return out;
        },
        answer(s, ctx, d, a: AnswerWith<'card'>) {
          const me = d.seat;
          const owner = intelOwner(s, a.card);
          if (owner < 0) return;
          const top = takeTop(s, ctx);
          if (top === undefined) return;
          removeFrom(s.players[owner].intel, a.card);
          s.deck.push(a.card);
          ctx.ev.push({ to: 'all', type: 'intelToDeck', seat: owner, card: a.card, skill: '临危受命' });
          placeIntel(s, ctx, owner, [top], me);
        },
      },
    },
  ],
  identities: { gone: (s, owner, seat) => has(s.chars!.seats[owner].mark?.took ?? 0, seat) },
  on: {},
  decide: {
    攻守兼备: {
      choices: (s, d) => handCardChoices(s, d.seat),
      answer: (s, ctx, d, a: AnswerWith<'card'>) => handToDeckTop(s, ctx, d.seat, a.card, '攻守兼备'),
    },
  },
  mission: () => false,
};
