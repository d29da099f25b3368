// (state, action) -> (state, events). Checks first, on the untouched state; only an accepted
// action gets a working copy to change.
import { checkEnd } from './outcome.js';
import { performPick, checkPick, timeoutPick } from './pick.js';
import { discardFromHand, drawAfterDiscard } from './ops.js';
import { pump } from './queue.js';
import { fire, perk, playsAs, rulesOf } from './registry.js';
import { defaultAction } from './defaults.js';
import { sendRefusal } from './send.js';
import { checkDecide, checkSkill, performDecide, performSkill } from './skills.js';
import { closeWindow, continueResolving, refuseIntel, sendIntel, takeIntel } from './turn.js';
import { deadlineAt, restartsClock } from './clock.js';
import { explain, refuse, type Refusal } from './refusals.js';
import { bit, cloneState, has, inGame, liveMask, publicCardOf, removeFrom, shallowCopy, type Ctx } from './state.js';
import type { Action, ApplyResult, Clock, GameEvent, GameState, Pending } from './types.js';

const KINDS = new Set(['pass', 'play', 'send', 'take', 'refuse', 'choose', 'timeout', 'resume', 'pickCharacter', 'skill', 'decide']);

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

function checkSeat(s: GameState, seat: unknown): Refusal | null {
  if (!isInt(seat)) return refuse('malformed', { detail: 'seat must be an integer' });
  if (seat < 0 || seat >= s.players.length) return refuse('noSuchSeat', { seat });
  if (!inGame(s.players[seat])) return refuse('notInGame', { seat });
  return null;
}

function checkCardInHand(s: GameState, seat: number, card: unknown): Refusal | null {
  if (!isInt(card)) return refuse('malformed', { detail: 'card must be a card id' });
  if (!s.players[seat].hand.includes(card)) return refuse('notInHand');
  return null;
}

/** Why `a` may not be applied to `s`, or null when it may. */
export function check(s: GameState, a: Action): Refusal | null {
  if (typeof a !== 'object' || a === null || typeof (a as { kind?: unknown }).kind !== 'string')
    return refuse('malformed', { detail: 'an action is an object with a kind' });
  if (!KINDS.has(a.kind)) return refuse('unknownAction', { kind: String(a.kind) });
  if (a.version !== undefined && a.version !== s.version)
    return refuse('stale', { given: String(a.version), version: s.version });
  if (s.result || !s.pending) return refuse('gameOver');
  const p = s.pending;
  if (a.kind === 'timeout' || a.kind === 'resume') return null;
  // A dead player still decides their own death-triggered skills (遗志, 后着).
  const deadDecider = a.kind === 'decide' && p.kind === 'decide' && p.seat === a.seat;
  const r = deadDecider ? null : checkSeat(s, a.seat);
  if (r) return r;
  const seat = a.seat;
  switch (a.kind) {
    case 'pass':
      if (p.kind !== 'window') return refuse('notYourDecision', { seat });
      if (has(p.passed, seat)) return refuse('alreadyPassed', { seat });
      return null;
    case 'play': {
      if (p.kind !== 'window') return refuse('notYourDecision', { seat });
      if (has(p.passed, seat)) return refuse('alreadyPassed', { seat });
      const c = checkCardInHand(s, seat, a.card);
      if (c) return c;
      if (a.as !== undefined && !playsAs(s, seat, a.card).some((x) => x.as === a.as))
        return refuse('cannotPlayAs', { as: String(a.as) });
      return rulesOf(s)[a.as ?? s.cards[a.card].name].check(s, seat, p.step, a);
    }
    case 'send': {
      if (p.kind !== 'send' || p.seat !== seat) return refuse('notSendPhase');
      return checkCardInHand(s, seat, a.card) ?? sendRefusal(s, seat, a);
    }
    case 'take':
    case 'refuse':
      if (p.kind !== 'receive' || p.seat !== seat) return refuse('notReceiving');
      if (a.kind === 'refuse' && has(s.locked, seat)) return refuse('mustTake');
      return null;
    case 'choose':
      if (p.kind !== 'discard' || p.seat !== seat) return refuse('notDiscarding');
      return checkCardInHand(s, seat, a.card);
    case 'pickCharacter':
      return checkPick(s, a);
    case 'skill':
      if (!s.chars) return refuse('noSuchSkill', { skill: String(a.skill) });
      return checkSkill(s, a);
    case 'decide':
      return checkDecide(s, a);
  }
}

function perform(s: GameState, ctx: Ctx, a: Action): void {
  const p = s.pending as Pending;
  switch (a.kind) {
    case 'pass': {
      const w = p as Extract<Pending, { kind: 'window' }>;
      w.passed |= bit(a.seat);
      ctx.ev.push({ to: 'all', type: 'pass', seat: a.seat });
      const live = liveMask(s);
      if ((w.passed & live) === live) closeWindow(s, ctx);
      return;
    }
    case 'play': {
      const w = p as Extract<Pending, { kind: 'window' }>;
      const own = rulesOf(s)[s.cards[a.card].name];
      const rule = a.as === undefined ? own : rulesOf(s)[a.as];
      const via = a.as === undefined ? rule.perkUsed?.(s, a.seat) : playsAs(s, a.seat, a.card).find((x) => x.as === a.as)!.skill;
      removeFrom(s.players[a.seat].hand, a.card);
      const of = rule.needs === 'stackItem' ? (a.of ?? s.stack.length - 1) : undefined;
      s.stack.push({ card: a.card, as: rule.name, user: a.seat, target: a.target, intel: a.intel, of });
      // Any action reopens the window: everyone may answer it (docs/rules.md §8).
      w.passed = 0;
      ctx.newDecision = true;
      ctx.ev.push({
        to: 'all',
        type: 'play',
        seat: a.seat,
        as: rule.name,
        card: rule.hidden || own.hidden ? undefined : a.card,
        skill: via,
        target: a.target,
        intel: a.intel,
        of: of === undefined ? undefined : publicCardOf(s, s.stack[of]),
      });
      if (rule.hidden && a.target !== undefined)
        ctx.ev.push({ to: [a.seat, a.target], type: 'probeCard', seat: a.seat, target: a.target, card: a.card });
      if (s.chars) fire(s, ctx, 'cardUsed', { seat: a.seat, item: s.stack[s.stack.length - 1] });
      return;
    }
    case 'pickCharacter':
      performPick(s, ctx, a.seat, a.character);
      return;
    case 'skill':
      performSkill(s, ctx, a);
      return;
    case 'decide':
      performDecide(s, ctx, a);
      return;
    case 'send': {
      removeFrom(s.players[a.seat].hand, a.card);
      const mode = a.via ?? s.cards[a.card].mode;
      if (a.via) ctx.ev.push({ to: 'all', type: 'skillUsed', seat: a.seat, skill: perk(s, a.seat, 'textAsCipher') });
      if (a.dir === -1) ctx.ev.push({ to: 'all', type: 'skillUsed', seat: a.seat, skill: perk(s, a.seat, 'chooseDirection') });
      sendIntel(s, ctx, a.seat, a.card, mode === '直达' ? a.target : undefined, mode, a.dir ?? 1);
      return;
    }
    case 'take':
      takeIntel(s, ctx, a.seat, false);
      return;
    case 'refuse':
      refuseIntel(s, ctx, a.seat);
      return;
    case 'choose':
      discardFromHand(s, ctx, a.seat, [a.card]);
      drawAfterDiscard(s, ctx, p as Extract<Pending, { kind: 'discard' }>);
      continueResolving(s, ctx);
      return;
    case 'timeout':
      timeout(s, ctx, p);
      return;
  }
}

/** docs/rules.md §10: when a decision's timer runs out, whoever is waited on takes their default (defaults.ts). */
function timeout(s: GameState, ctx: Ctx, p: Pending): void {
  ctx.ev.push({ to: 'all', type: 'timeout', pending: p.kind });
  switch (p.kind) {
    case 'window':
      // everyone passes at once
      p.passed = liveMask(s);
      closeWindow(s, ctx);
      return;
    case 'chooseCharacter':
      // everyone who has not chosen takes the first offered
      timeoutPick(s, ctx);
      return;
    case 'receive':
      // a locked holder's take is forced, as when the intel is locked onto them
      if (has(s.locked, p.seat)) takeIntel(s, ctx, p.seat, true);
      else refuseIntel(s, ctx, p.seat);
      return;
    default:
      perform(s, ctx, defaultAction(s, p.seat)!);
  }
}

/**
 * States are values: apply never changes its input, and callers never change a state either.
 * That lets a pass that leaves its window open share everything but the window with the old
 * state; passes are most of a game's actions.
 */
function passKeepingWindowOpen(state: GameState, seat: number, clock?: Clock): ApplyResult | null {
  const w = state.pending as Extract<Pending, { kind: 'window' }>;
  const passed = w.passed | bit(seat);
  const live = liveMask(state);
  if ((passed & live) === live) return null;
  const next = shallowCopy(state);
  next.version = state.version + 1;
  next.pending =
    w.deadline === undefined ? { kind: 'window', step: w.step, passed, opened: w.opened } : { ...w, passed };
  if (clock && restartsClock(state, next, clock, false)) next.pending.deadline = deadlineAt(next, clock);
  return { ok: true, state: next, events: [{ to: 'all', type: 'pass', seat }] };
}

/** A held game goes on: the same decision, its clock started again (when the game has one). */
function resume(state: GameState, clock?: Clock): ApplyResult {
  const next = shallowCopy(state);
  next.version = state.version + 1;
  const p = state.pending!;
  next.pending = clock && p.deadline !== undefined ? { ...p, deadline: deadlineAt(state, clock) } : p;
  return { ok: true, state: next, events: [] };
}

export function apply(state: GameState, action: Action, clock?: Clock): ApplyResult {
  const r = check(state, action);
  if (r) return explain(r);
  if (action.kind === 'resume') return resume(state, clock);
  if (action.kind === 'pass') {
    const quick = passKeepingWindowOpen(state, action.seat, clock);
    if (quick) return quick;
  }
  const s = cloneState(state);
  const events: GameEvent[] = [];
  const ctx: Ctx = { ev: events, newDecision: false };
  performAndSettle(s, ctx, action);
  s.version = state.version + 1;
  if (ctx.newDecision && s.pending) s.pending.opened = s.version;
  if (clock && restartsClock(state, s, clock, ctx.newDecision)) s.pending!.deadline = deadlineAt(s, clock);
  return { ok: true, state: s, events };
}

/** The accepted action's effect, then what every action is followed by (the end checked, the trigger queue asked). */
export function performAndSettle(s: GameState, ctx: Ctx, action: Action): void {
  perform(s, ctx, action);
  afterAction(s, ctx);
}

/** What every action is followed by: the end checked (机密任务 on the hand too), the trigger queue asked. */
export function afterAction(s: GameState, ctx: Ctx): void {
  if (s.chars && !s.result) {
    // 机密任务 that hold on the hand (老金, 钢铁特工R) are checked after every action too.
    if (s.pending?.kind !== 'chooseCharacter') checkEnd(s, ctx);
    pump(s, ctx);
  } else if (s.chars?.queue.length) pump(s, ctx); // the game ended: deferred clean-ups still happen
}
