// Pieces several characters share.
import { draw } from '../ops.js';
import { askInline } from '../pending.js';
import { faceUp } from '../registry.js';
import { probeOutcome } from '../cards/probe.js';
import { refuse, type Refusal } from '../refusals.js';
import { countColor, inGame, type Ctx } from '../state.js';
import type { CardName, GameState, Identity, StackItem, Step } from '../types.js';
import type { DecideAction, DecideWith, Decision, TriggerSkill } from './skill.js';

import { YES_NO } from '../triggers.js';

export { YES_NO };

/**
 * 就计: 当你被 (one of `cards`) 时，可以翻开此角色，然后抽二张牌. Before the card takes effect. 003 (老鬼, 老枪)
 * and 000's 老枪: 试探 or 锁定; 000's 老鬼: 被试探时 only.
 */
export const jiujiFor = (cards: CardName[]): TriggerSkill => ({
  skill: '就计',
  on: 'beforeResolve',
  face: 'down',
  when: (_s, _ctx, owner, info) => cards.includes(info.item.as as CardName) && info.item.target === owner,
  effect: (s, ctx, u) => draw(s, ctx, u.seat, 2),
});

export const jiuji = jiujiFor(['试探', '锁定']);

/** 全灭 of a faction: every player of that identity has died or lost (rulings: out of the game). */
export const wiped = (s: GameState, id: Identity): boolean => {
  const members = s.players.filter((p) => p.identity === id);
  return members.length > 0 && members.every((p) => !inGame(p));
};

/**
 * 城府 (老鬼, 潮汐; later 千面女郎, 无间行者): 你被试探时可以隐瞒身份 — face up, the target picks either
 * action of the 试探 (comply / deny), asked in the middle of its effect. Use as CharacterDef.probed.
 */
export function chengfuProbed(s: GameState, ctx: Ctx, owner: number, item: StackItem): boolean {
  if (!faceUp(s, owner)) return false;
  askInline(s, ctx, owner, '城府', 'answer', { item: s.stack.indexOf(item) });
  return true;
}

export const chengfuDecision: Decision<DecideWith<{ item: number }>> = {
  // The truthful answer first: the default on timeout (docs/rules.md §10).
  choices(s, d) {
    const item = s.stack[d.data.item];
    const is = s.players[d.seat].identity === s.cards[item.card].probe!.identity;
    const yes = { kind: 'decide' as const, seat: d.seat, option: 'comply' };
    const no = { kind: 'decide' as const, seat: d.seat, option: 'deny' };
    return is ? [yes, no] : [no, yes];
  },
  answer(s, ctx, d, a) {
    const item = s.stack[d.data.item];
    ctx.ev.push({ to: 'all', type: 'skillUsed', seat: d.seat, skill: '城府' });
    probeOutcome(s, ctx, item, a.option === 'comply');
  },
};

export const notNow = (skill: string, rule: string): Refusal => refuse('skillNotNow', { skill, rule });

/** "另一位玩家": a live player other than the user. */
export function otherLive(s: GameState, seat: number, t: unknown, skill: string): Refusal | null {
  if (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t >= s.players.length || t === seat || !inGame(s.players[t]))
    return notNow(skill, 'name another player in the game');
  return null;
}

export function anyLive(s: GameState, t: unknown, skill: string): Refusal | null {
  if (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t >= s.players.length || !inGame(s.players[t]))
    return notNow(skill, 'name a player in the game');
  return null;
}

/** "情报传递时": the 传递 window with intel on its way. */
export const inTransmit = (s: GameState, step: Step) => step === 'transmit' && s.transit !== null;

export const isCardList = (x: unknown): x is number[] =>
  Array.isArray(x) && x.every((v) => typeof v === 'number' && Number.isInteger(v)) && new Set(x).size === x.length;

/** Each hand card of `seat`, one choice each (the first is the default on timeout). */
export const handCardChoices = (s: GameState, seat: number): DecideAction[] =>
  inGame(s.players[seat]) ? s.players[seat].hand.map((card) => ({ kind: 'decide' as const, seat, card })) : [];

/** "选择一张手牌分给…" (联动, 笙歌, 嗜血): each hand card to each of `targets`, card by card. */
export function giveChoices(s: GameState, me: number, targets: number[]): DecideAction[] {
  const out: DecideAction[] = [];
  for (const card of s.players[me].hand) for (const target of targets) out.push({ kind: 'decide', seat: me, card, target });
  return out;
}

// ---- helpers the characters share ---------------------------------------------------------------

export const trueCount = (s: GameState, seat: number): number =>
  countColor(s, s.players[seat].intel, '红') + countColor(s, s.players[seat].intel, '蓝');

/** Hand cards of one colour. */
export const handOf = (s: GameState, seat: number, color: '红' | '蓝' | '黑'): number[] =>
  s.players[seat].hand.filter((id) => s.cards[id].color === color);

/** Every subset of `ids` with between `min` and `max` elements. */
export function subsets(ids: number[], min: number, max: number): number[][] {
  const out: number[][] = [];
  const walk = (start: number, cur: number[]) => {
    if (cur.length >= min) out.push(cur.slice());
    if (cur.length === max) return;
    for (let i = start; i < ids.length; i++) {
      cur.push(ids[i]);
      walk(i + 1, cur);
      cur.pop();
    }
  };
  walk(0, []);
  return out;
}

export function liveOthers(s: GameState, seat: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.players.length; i++) if (i !== seat && inGame(s.players[i])) out.push(i);
  return out;
}

export function livePlayers(s: GameState): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.players.length; i++) if (inGame(s.players[i])) out.push(i);
  return out;
}
