// 贝雷帽 (003_…). 男, not hidden.
// 换日: 你的黑色手牌可以当作锁定使用 — still a 锁定 (own turn, 出牌阶段 or 传递), 识破 can answer it; the card
//   keeps its colour. [choice] A black 锁定 is simply played as itself.
// 偷天: 当一位玩家获得你传出的假情报时，你可以把他面前的一张真情报加入到任意一位玩家的手牌中 — only intel he
//   sent (taken, 截获'd, or come back to him), not 真伪莫辨 nor skills. [choice] The gainer must still be in
//   the game; "任意一位玩家" is any player in the game, the gainer and 贝雷帽 included; the card is public
//   (it was face up).
// 机密任务: 手牌集齐三张红色卡牌和三张蓝色卡牌.
import { inGame, removeFrom } from '../state.js';
import { handOf, livePlayers } from './common.js';
import type { AnswerWith, CharacterDef, DecideAction, TriggerSkill, UseWith } from './skill.js';
import type { GameState } from '../types.js';

const trueIntel = (s: GameState, seat: number) => s.players[seat].intel.filter((id) => s.cards[id].color !== '黑');

/** 换日 (003; 000's 舍弃你的一张黑色手牌：视为使用了锁定 is the same). */
export const huanri: NonNullable<CharacterDef['playsAs']> = (s, _seat, card) =>
  s.cards[card].color === '黑' && s.cards[card].name !== '锁定' ? [{ as: '锁定', skill: '换日' }] : [];

/** 偷天: the gainer of the black intel is `from`. */
const toutian: TriggerSkill<UseWith<{ from: number }>> = {
  skill: '偷天',
  on: 'intel',
  when: (s, _ctx, owner, info) =>
    info.sender === owner && s.cards[info.card].color === '黑' && inGame(s.players[info.seat]) && trueIntel(s, info.seat).length > 0 && { from: info.seat },
  choices(s, d) {
    const me = d.seat;
    const from = d.data.from;
    if (!inGame(s.players[from])) return [];
    const cards = trueIntel(s, from);
    if (cards.length === 0) return [];
    const out: DecideAction[] = [{ kind: 'decide', seat: me, option: 'no' }];
    for (const card of cards) for (const target of livePlayers(s)) out.push({ kind: 'decide', seat: me, card, target });
    return out;
  },
  names: (_s, u) => ({ target: u.data.from }),
  effect(s, ctx, u, a: AnswerWith<'card' | 'target'>) {
    const from = u.data.from;
    removeFrom(s.players[from].intel, a.card);
    s.players[a.target].hand.push(a.card);
    ctx.ev.push({ to: 'all', type: 'intelToHand', from, seat: a.target, card: a.card });
  },
};

export const 贝雷帽: CharacterDef = {
  name: '贝雷帽',
  gender: '男',
  hidden: false,
  skills: ['换日', '偷天'],
  playsAs: huanri,
  active: [],
  triggers: [toutian],
  on: {},
  decide: {},
  mission: (s, seat) => handOf(s, seat, '红').length >= 3 && handOf(s, seat, '蓝').length >= 3,
};
