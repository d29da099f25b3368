// Using skills (docs/rules.md §8, §11): the decisions triggered skills ask (answered by 'decide'
// actions), and active skills used in a response window (they go on the stack). The framework
// checks face, owner and costs here; a character states only its own conditions.
import { flip, identityHidden, showIdentity } from './ops.js';
import { refuse, type Refusal } from './refusals.js';
import { activeSkill, charOf, faceUp } from './registry.js';
import { has, over, type Ctx } from './state.js';
import { continueResolving } from './turn.js';
import type { Decide, DecideAction, Decision, SkillAction } from './characters/skill.js';
import type { Action, GameState, Pending, StackItem, Step } from './types.js';

const identityPaid = (skill: string): Refusal => refuse('skillNotNow', { skill, rule: 'its cost, showing your identity card, is paid already' });

// ---- decisions ------------------------------------------------------------------------------

const sameCards = (a?: number[], b?: number[]) =>
  (a?.length ?? 0) === (b?.length ?? 0) && (a ?? []).every((x) => (b ?? []).includes(x));

function matches(x: DecideAction, a: DecideAction): boolean {
  return x.option === a.option && x.target === a.target && x.card === a.card && sameCards(x.cards, a.cards);
}

/** A decision's choices; none while its cost 翻开你的身份牌 cannot be paid (docs/rules.md §11). */
export function choicesOf(s: GameState, dec: Decision, d: Decide): DecideAction[] {
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
  const skill = activeSkill(s, a.seat, a.skill)!;
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
  // Cards it names from its user's hand (偷龙转凤's discard, 合谋's 假情报, 揭露's black card) are the
  // user's secret until the skill's effect shows them, if it does: everyone is told only the others.
  const told = a.cards?.filter((c) => !s.players[a.seat].hand.includes(c));
  ctx.ev.push({ to: 'all', type: 'skill', seat: a.seat, skill: skill.name, target: a.target, intel: a.intel, cards: told?.length ? told : undefined, of });
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
