// 黄雀 (003_…). 女, 潜伏.
// 潜藏伏击: 翻开此角色牌，然后把另一位玩家面前的一张情报放回牌库顶 — at any time.
// 黄雀在后: 当另一位玩家死亡时，可以翻开你的身份牌，然后在一位玩家面前放置最多二张假情报 — face up; the
//   identity is shown to everyone (the cost, paid by the framework: only while her identity card is
//   face down, so once a game; docs/rules.md §11); the 假情报 are black hand cards (none is allowed).
// 机密任务: 一位潜伏战线玩家和一位军情处玩家死亡.
import { placeFromHand } from '../outcome.js';
import { inGame, removeFrom } from '../state.js';
import { handOf, livePlayers, subsets, notNow } from './common.js';
import { intelOwner } from '../ops.js';
import type { AnswerWith, CharacterDef, DecideAction, ItemWith } from './skill.js';

export const 黄雀: CharacterDef = {
  name: '黄雀',
  gender: '女',
  hidden: true,
  skills: ['潜藏伏击', '黄雀在后'],
  active: [
    {
      name: '潜藏伏击',
      reveal: true,
      candidates(s, seat) {
        const out = [];
        for (let t = 0; t < s.players.length; t++)
          if (t !== seat && inGame(s.players[t])) for (const intel of s.players[t].intel) out.push({ kind: 'skill' as const, seat, skill: '潜藏伏击', intel });
        return out;
      },
      check(s, seat, _step, a) {
        const owner = typeof a.intel === 'number' ? intelOwner(s, a.intel) : -1;
        if (owner < 0 || owner === seat || !inGame(s.players[owner])) return notNow('潜藏伏击', 'name an intel in front of another player');
        return null;
      },
      resolve(s, ctx, item: ItemWith<'intel'>) {
        const owner = intelOwner(s, item.intel);
        if (owner < 0 || !inGame(s.players[owner])) return;
        removeFrom(s.players[owner].intel, item.intel);
        s.deck.push(item.intel);
        ctx.ev.push({ to: 'all', type: 'intelToDeck', seat: owner, card: item.intel });
      },
    },
  ],
  triggers: [
    {
      skill: '黄雀在后',
      on: 'death',
      showsIdentity: true,
      about: 'other',
      choices(s, d) {
        const out: DecideAction[] = [{ kind: 'decide', seat: d.seat, option: 'no' }];
        const sets = subsets(handOf(s, d.seat, '黑'), 0, 2);
        for (const target of livePlayers(s)) for (const cards of sets) out.push({ kind: 'decide', seat: d.seat, option: 'yes', target, cards });
        return out;
      },
      names: (_s, _u, a: AnswerWith<'target'>) => ({ target: a.target }),
      effect: (s, ctx, u, a: AnswerWith<'target' | 'cards'>) => placeFromHand(s, ctx, u.seat, a.target, a.cards),
    },
  ],
  on: {},
  decide: {},
  mission: (s) =>
    s.players.some((p) => !p.alive && p.identity === '潜伏战线') && s.players.some((p) => !p.alive && p.identity === '军情处'),
};
