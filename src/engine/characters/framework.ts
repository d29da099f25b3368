// The skill framework: timing points, the queue of triggered skills and its decisions, active
// skills on the stack, choosing characters. The core calls fire(); characters register hooks.
import { refuse, type Refusal } from '../refusals.js';
import { bit, countColor, has, inGame, over, type Ctx } from '../state.js';
import type { Action, CardName, CharacterName, GameState, Pending, StackItem, Step } from '../types.js';
import { CHARACTERS, SKILLS } from './index.js';
import type { CharacterDef, Decide, DecideAction, Decision, HookInfo, HookPoint, Perks, SkillAction } from './skill.js';
import {
  afterResolution,
  checkEnd,
  clearOut,
  nextTurn,
  continueResolving,
  endPassing,
  endTurn,
  hop,
  setPending,
  startTurn,
} from '../flow.js';

export function charOf(s: GameState, seat: number): CharacterDef | undefined {
  const n = s.chars?.seats[seat]?.name;
  return n ? CHARACTERS[n] : undefined;
}

export function faceUp(s: GameState, seat: number): boolean {
  return s.chars?.seats[seat]?.faceUp ?? false;
}

/** A face-down character has no gender (003 游戏术语); rulings §9: only the character's counts. */
export function genderOf(s: GameState, seat: number): CharacterDef['gender'] | undefined {
  const d = charOf(s, seat);
  return d && faceUp(s, seat) ? d.gender : undefined;
}

export const isFemale = (s: GameState, seat: number): boolean => genderOf(s, seat)?.includes('女') ?? false;
export const isMale = (s: GameState, seat: number): boolean => genderOf(s, seat)?.includes('男') ?? false;

/**
 * Whether `seat` counts as this gender where a skill's effect depends on it; a character that
 * counts as both (乔装) is shown to have made the difference.
 */
export function countsAs(s: GameState, ctx: Ctx, seat: number, g: '男' | '女'): boolean {
  if (!genderOf(s, seat)?.includes(g)) return false;
  const k = perk(s, seat, 'bothGenders');
  if (k) ctx.ev.push({ to: 'all', type: 'skillUsed', seat, skill: k });
  return true;
}

/** The skill name of a perk this seat's face-up character has, or undefined. */
export function perk<K extends keyof Perks>(s: GameState, seat: number, k: K): Perks[K] | undefined {
  if (!s.chars || !faceUp(s, seat)) return undefined;
  return charOf(s, seat)?.perks?.[k];
}

/** The cards a hand card may be used as through the seat's face-up character. */
export function playsAs(s: GameState, seat: number, card: number): { as: CardName; skill: string }[] {
  if (!s.chars || !faceUp(s, seat)) return [];
  return charOf(s, seat)?.playsAs?.(s, seat, card) ?? [];
}

/** 翻开 / 盖伏 (003: a face-down character cannot be 盖伏'd again, nor a face-up one 翻开'd). */
export function flip(s: GameState, ctx: Ctx, seat: number, up: boolean): boolean {
  const sc = s.chars!.seats[seat];
  if (!sc.name || sc.faceUp === up) return false;
  sc.faceUp = up;
  ctx.ev.push({ to: 'all', type: up ? 'characterUp' : 'characterDown', seat, character: sc.name });
  return true;
}

/**
 * 翻开你的身份牌 as a skill's cost (救美, 黄雀在后, 爱情; rulings §13). A shown identity card stays shown,
 * so such a skill can be paid for, and used, only while the card is still face down.
 */
export const identityHidden = (s: GameState, seat: number): boolean => !s.chars!.seats[seat].shown;

/** Pays 翻开你的身份牌: everyone sees the identity card from now on. */
export function showIdentity(s: GameState, ctx: Ctx, seat: number): void {
  s.chars!.seats[seat].shown = true;
  ctx.ev.push({ to: 'all', type: 'identityShown', seat, identity: s.players[seat].identity });
}

const identityPaid = (skill: string): Refusal => refuse('skillNotNow', { skill, rule: 'its cost, showing your identity card, is paid already' });

/**
 * A death undone (救美): the player is alive again and the death leaves no trace in the death
 * records (death order, killer, what was before the player), so no 机密任务 or skill that counts
 * deaths, killings or their order counts it (rulings §13). What triggered at the death stays done.
 */
export function undoDeath(s: GameState, seat: number): void {
  const c = s.chars!;
  const sc = c.seats[seat];
  s.players[seat].alive = true;
  c.deaths--;
  for (const x of c.seats) if ((x.deathNo ?? 0) > (sc.deathNo ?? 0)) x.deathNo!--;
  delete sc.killedBy;
  delete sc.deathNo;
  delete sc.trueAtDeath;
  delete sc.redAtDeath;
  delete sc.femaleAtDeath;
}

/** Calls a timing point's hooks, in seat order from the current player (rulings §7). */
export function fire(s: GameState, ctx: Ctx, point: HookPoint, info: HookInfo): void {
  const c = s.chars!;
  const n = c.seats.length;
  for (let k = 0; k < n; k++) {
    const seat = (s.current + k) % n;
    const name = c.seats[seat].name;
    if (!name) continue;
    const h = CHARACTERS[name].on[point];
    if (h) h(s, ctx, seat, info);
    // During a declaration the game already counts as over: every seat's 'victory' hook still runs.
    if (point === 'victory' ? s.result !== null : over(s)) return;
  }
}

export function enqueue(s: GameState, seat: number, skill: string, stage = 'use', data?: Decide['data']): void {
  s.chars!.queue.push({ seat, skill, stage, data });
}

/** Queues a decision that `owner`'s character defines but another seat answers (情仇). */
export function enqueueFor(s: GameState, owner: number, seat: number, skill: string, stage = 'use', data?: Decide['data']): void {
  s.chars!.queue.push({ seat, of: owner, skill, stage, data });
}

/** The next stage of the skill being decided: asked before anything else queued. */
export function askNext(s: GameState, seat: number, skill: string, stage: string, data?: Decide['data']): void {
  s.chars!.queue.unshift({ seat, skill, stage, data });
}

/** Asks an inline decision in the middle of a card's effect (the stack pauses, then goes on). */
export function askInline(s: GameState, ctx: Ctx, seat: number, skill: string, stage: string, data?: Decide['data']): void {
  setPending(s, ctx, { kind: 'decide', seat, skill, stage, data, inline: true });
}

/**
 * Before anyone decides anything else: asks the queued triggered skills one by one (holding the
 * decision they interrupted), then gives that decision back, re-checked against what changed.
 */
export function pump(s: GameState, ctx: Ctx): void {
  const c = s.chars!;
  for (;;) {
    while (!s.result && c.queue.length > 0) {
      if (s.pending && s.pending.kind === 'decide') return;
      const t = c.queue.shift()!;
      if (t.skill === '#cleanup') {
        if (!s.players[t.seat].alive) clearOut(s, ctx, t.seat);
        checkEnd(s, ctx);
        continue;
      }
      if (t.skill === '#nextTurn') {
        // Something queued after the turn's end (a death by a turn-end skill) comes first.
        if (c.queue.some((x) => x.skill !== '#nextTurn')) {
          c.queue.push(t);
          continue;
        }
        c.holding = false;
        c.held = null;
        s.pending = null;
        nextTurn(s, ctx);
        continue;
      }
      const def = charOf(s, t.of ?? t.seat);
      const dec = def?.decide[t.skill];
      if (!dec) continue;
      const d: Decide = { kind: 'decide', seat: t.seat, skill: t.skill, stage: t.stage, data: t.data, opened: s.version };
      if (t.of !== undefined) d.of = t.of;
      if (choicesOf(s, dec, d).length === 0) continue;
      if (!c.holding) {
        c.holding = true;
        c.held = s.pending;
      }
      s.pending = d;
      ctx.newDecision = true;
      return;
    }
    if (s.result) {
      // The game is over: no skill is asked any more, but the dead still give up their cards.
      for (const t of c.queue) if (t.skill === '#cleanup' && !s.players[t.seat].alive) clearOut(s, ctx, t.seat);
      c.queue.length = 0;
      c.holding = false;
      c.held = null;
      return;
    }
    if (s.pending && s.pending.kind === 'decide') return;
    if (!c.holding) {
      // The stack paused for triggers that all turned out to have nothing to ask: go on.
      if (s.pending || !s.resolving) return;
      continueResolving(s, ctx);
      if (c.queue.length === 0) return;
      continue;
    }
    const h = c.held;
    c.holding = false;
    c.held = null;
    s.pending = null;
    resume(s, ctx, h);
    if (c.queue.length === 0) return;
  }
}

/** Gives back a decision interrupted by triggered skills, as the state now is. */
function resume(s: GameState, ctx: Ctx, h: Pending | null): void {
  if (h === null) {
    if (s.resolving) continueResolving(s, ctx);
    return;
  }
  const t = s.transit;
  switch (h.kind) {
    case 'window':
      return afterResolution(s, ctx, h.step);
    case 'send':
      if (!inGame(s.players[h.seat])) return endTurn(s, ctx);
      return setPending(s, ctx, { kind: 'send', seat: h.seat });
    case 'receive':
      if (!t) return endPassing(s, ctx);
      if (!inGame(s.players[h.seat])) {
        t.from = h.seat;
        return hop(s, ctx);
      }
      return setPending(s, ctx, { kind: 'receive', seat: h.seat });
    case 'discard':
      if (!inGame(s.players[h.seat]) || s.players[h.seat].hand.length === 0) return continueResolving(s, ctx);
      return setPending(s, ctx, { kind: 'discard', seat: h.seat, reason: h.reason });
    case 'decide': {
      const { opened: _o, deadline: _d, ...rest } = h;
      return setPending(s, ctx, rest);
    }
    case 'chooseCharacter':
      return setPending(s, ctx, { kind: 'chooseCharacter', picked: h.picked });
  }
}

// ---- decisions ------------------------------------------------------------------------------

const sameCards = (a?: number[], b?: number[]) =>
  (a?.length ?? 0) === (b?.length ?? 0) && (a ?? []).every((x) => (b ?? []).includes(x));

function matches(x: DecideAction, a: DecideAction): boolean {
  return x.option === a.option && x.target === a.target && x.card === a.card && sameCards(x.cards, a.cards);
}

/** A decision's choices; none while its cost 翻开你的身份牌 cannot be paid (rulings §13). */
function choicesOf(s: GameState, dec: Decision, d: Decide): DecideAction[] {
  if (dec.showsIdentity && !identityHidden(s, d.seat)) return [];
  return dec.choices(s, d);
}

export function decideChoices(s: GameState, d: Decide): DecideAction[] {
  const dec = charOf(s, d.of ?? d.seat)?.decide[d.skill];
  return dec ? choicesOf(s, dec, d) : [];
}

export function checkDecide(s: GameState, a: DecideAction): Refusal | null {
  const p = s.pending;
  if (!p || p.kind !== 'decide' || p.seat !== a.seat) return refuse('notDeciding');
  if (!decideChoices(s, p).some((x) => matches(x, a))) return refuse('notAChoice', { skill: p.skill });
  return null;
}

export function performDecide(s: GameState, ctx: Ctx, a: DecideAction): void {
  const d = s.pending as Decide;
  const dec = charOf(s, d.of ?? d.seat)!.decide[d.skill];
  s.pending = null;
  ctx.newDecision = true;
  if (dec.showsIdentity && a.option === 'yes') showIdentity(s, ctx, d.seat);
  dec.answer(s, ctx, d, a);
  if (over(s)) return;
  if (d.inline && !s.pending) continueResolving(s, ctx);
}

export function timeoutDecide(s: GameState, ctx: Ctx, d: Decide): void {
  performDecide(s, ctx, decideChoices(s, d)[0]);
}

// ---- active skills --------------------------------------------------------------------------

export function checkSkill(s: GameState, a: SkillAction): Refusal | null {
  const p = s.pending!;
  if (p.kind !== 'window') return refuse('notYourDecision', { seat: a.seat });
  if (has(p.passed, a.seat)) return refuse('alreadyPassed', { seat: a.seat });
  const def = charOf(s, a.seat);
  const skill = def?.active.find((k) => k.name === a.skill);
  if (!def || !skill) return refuse('noSuchSkill', { skill: String(a.skill) });
  if (!skill.anyFace && (skill.reveal ?? false) === faceUp(s, a.seat)) return refuse('skillFace', { skill: skill.name });
  if (onStack(s, a.seat, skill.name)) return refuse('skillPending', { skill: skill.name });
  if (skill.showsIdentity && !identityHidden(s, a.seat)) return identityPaid(skill.name);
  return skill.check(s, a.seat, p.step, a);
}

/**
 * A skill of this seat already waiting to resolve: the character turns over only when it does
 * (掩护, 合谋 盖伏 it then), so until then the same use cannot be declared again.
 */
function onStack(s: GameState, seat: number, skill: string): boolean {
  return s.stack.some((it) => it.user === seat && it.skill === skill && !it.resolved);
}

export function performSkill(s: GameState, ctx: Ctx, a: SkillAction): void {
  const w = s.pending as Extract<Pending, { kind: 'window' }>;
  const skill = SKILLS[a.skill];
  if (skill.reveal) flip(s, ctx, a.seat, true);
  if (skill.conceal) flip(s, ctx, a.seat, false);
  if (skill.showsIdentity) showIdentity(s, ctx, a.seat);
  const of = a.of ?? (skill.as === '识破' ? s.stack.length - 1 : undefined);
  const item: StackItem = { card: -1, as: skill.as ?? skill.name, skill: skill.name, user: a.seat };
  if (a.target !== undefined) item.target = a.target;
  if (a.intel !== undefined) item.intel = a.intel;
  if (a.cards !== undefined) item.cards = a.cards.slice();
  if (of !== undefined) item.of = of;
  s.stack.push(item);
  w.passed = 0;
  ctx.newDecision = true;
  ctx.ev.push({ to: 'all', type: 'skill', seat: a.seat, skill: skill.name, target: a.target, intel: a.intel, cards: a.cards, of });
}

export function skillActions(s: GameState, seat: number, step: Step, out: Action[]): void {
  const def = charOf(s, seat);
  if (!def) return;
  const up = faceUp(s, seat);
  for (const skill of def.active) {
    if ((!skill.anyFace && (skill.reveal ?? false) === up) || onStack(s, seat, skill.name)) continue;
    if (skill.showsIdentity && !identityHidden(s, seat)) continue;
    for (const a of skill.candidates(s, seat)) if (!skill.check(s, seat, step, a)) out.push(a);
  }
}

// ---- choosing characters (rulings §9) ---------------------------------------------------------

export function checkPick(s: GameState, a: Extract<Action, { kind: 'pickCharacter' }>): Refusal | null {
  const p = s.pending!;
  if (p.kind !== 'chooseCharacter' || has(p.picked, a.seat)) return refuse('notChoosingCharacter');
  if (!s.chars!.seats[a.seat].offers.includes(a.character)) return refuse('notOffered', { character: String(a.character) });
  return null;
}

export function performPick(s: GameState, ctx: Ctx, seat: number, character: CharacterName): void {
  const p = s.pending as Extract<Pending, { kind: 'chooseCharacter' }>;
  const sc = s.chars!.seats[seat];
  sc.name = character;
  sc.faceUp = !CHARACTERS[character].hidden;
  p.picked |= bit(seat);
  ctx.ev.push({ to: 'all', type: 'characterPicked', seat });
  ctx.ev.push({ to: [seat], type: 'character', seat, character });
  const all = (1 << s.players.length) - 1;
  if ((p.picked & all) !== all) return;
  // Everyone has chosen: face-up characters are shown, then identities are dealt (003 开始游戏).
  s.chars!.seats.forEach((x, i) => {
    if (x.faceUp) ctx.ev.push({ to: 'all', type: 'characterUp', seat: i, character: x.name });
  });
  s.players.forEach((q, i) => ctx.ev.push({ to: [i], type: 'identity', seat: i, identity: q.identity }));
  setPending(s, ctx, null);
  startTurn(s, ctx);
}

export function timeoutPick(s: GameState, ctx: Ctx): void {
  for (let i = 0; i < s.players.length; i++) {
    const p = s.pending;
    if (!p || p.kind !== 'chooseCharacter') return;
    if (!has(p.picked, i)) performPick(s, ctx, i, s.chars!.seats[i].offers[0]);
  }
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
