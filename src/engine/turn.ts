// The turn machine (docs/rules.md §5, §6): turns, response windows, the passing of intel, what happens
// between decisions. Every function here mutates the working copy of an accepted action.
import { draw } from './ops.js';
import { checkEnd, finish, gainIntel, lose } from './outcome.js';
import { editionOf } from './editions.js';
import { cleanupWaiting, openWindow, queueEndTurn, queueNextTurn, setPending } from './pending.js';
import { fire, perk } from './registry.js';
import { resolveStack } from './resolve.js';
import { mayStopAt, nextStop as routeNext } from './route.js';
import { randInt } from './rng.js';
import { bit, has, inGame, over, type Ctx } from './state.js';
import type { GameState, Mode, Step } from './types.js';

// ---- turns ----------------------------------------------------------------------------

export function startTurn(s: GameState, ctx: Ctx): void {
  s.locked = 0;
  s.failedToSend = false;
  ctx.ev.push({ to: 'all', type: 'turnStart', seat: s.current, round: s.round });
  if (s.chars) fire(s, ctx, 'turnStart', { seat: s.current });
  const more = perk(s, s.current, 'drawCount');
  draw(s, ctx, s.current, more?.n ?? 2);
  if (more) ctx.ev.push({ to: 'all', type: 'skillUsed', seat: s.current, skill: more.skill });
  if (s.chars) fire(s, ctx, 'draw', { seat: s.current });
  openWindow(s, ctx, 'play1');
}

export function endTurn(s: GameState, ctx: Ctx): void {
  const cur = s.current;
  if (s.failedToSend && inGame(s.players[cur])) {
    lose(s, ctx, cur);
    if (checkEnd(s, ctx)) return;
  }
  ctx.ev.push({ to: 'all', type: 'turnEnd', seat: cur });
  const c = s.chars;
  if (c) {
    const before = c.queue.length;
    fire(s, ctx, 'turnEnd', { seat: cur });
    if (over(s)) return;
    // 于回合结束时 (冷血): asked before the next turn starts; the queue then starts it.
    if (c.queue.length > before) {
      queueNextTurn(s, cur);
      s.pending = null;
      return;
    }
  }
  nextTurn(s, ctx);
}

export function nextTurn(s: GameState, ctx: Ctx): void {
  const cur = s.current;
  const n = s.players.length;
  let next = cur;
  for (let k = 0; k < n; k++) {
    next = (next + 1) % n;
    if (next === s.first) s.round++;
    if (inGame(s.players[next])) break;
  }
  if (s.round > s.options.roundLimit) {
    finish(s, ctx, { winners: [], declarer: null, draw: true, reason: 'roundLimit' });
    return;
  }
  s.current = next;
  startTurn(s, ctx);
}

// ---- response windows (docs/rules.md §8) -----------------------------------------------------

/** Every live player has passed since the last thing was added: resolve, then move on. */
export function closeWindow(s: GameState, ctx: Ctx): void {
  const w = s.pending;
  if (!w || w.kind !== 'window') return;
  if (s.stack.length > 0) {
    s.resolving = w.step;
    resolveStack(s, ctx);
    if (s.resolving || over(s)) return; // paused on a decision, or the game ended
    afterResolution(s, ctx, w.step);
    return;
  }
  advance(s, ctx, w.step);
}

/** The stack is empty again: reopen the same window, unless its moment is gone. */
export function afterResolution(s: GameState, ctx: Ctx, step: Step): void {
  if (over(s)) return;
  if ((step === 'transmit' || step === 'arrive') && !s.transit) {
    endPassing(s, ctx);
    return;
  }
  if ((step === 'play1' || step === 'play2') && !inGame(s.players[s.current])) {
    endTurn(s, ctx);
    return;
  }
  openWindow(s, ctx, step);
}

function advance(s: GameState, ctx: Ctx, step: Step): void {
  const cur = s.current;
  switch (step) {
    case 'play1':
      if (!inGame(s.players[cur])) return endTurn(s, ctx);
      if (s.players[cur].hand.length === 0) {
        // docs/rules.md §5: cannot send, loses at the end of this turn
        s.failedToSend = true;
        ctx.ev.push({ to: 'all', type: 'cannotSend', seat: cur });
        return editionOf(s).secondPlay ? openWindow(s, ctx, 'play2') : endTurn(s, ctx);
      }
      return setPending(s, ctx, { kind: 'send', seat: cur });
    case 'transmit':
      return arrive(s, ctx);
    case 'arrive':
      return afterArrival(s, ctx);
    case 'play2':
      return endTurn(s, ctx);
  }
}

// ---- passing intel (docs/rules.md §6) --------------------------------------------------------

/** Where the intel goes next from t.from (route.ts): the sender is always a stop (it must take it). */
function nextStop(s: GameState): number {
  const t = s.transit!;
  return routeNext(s.players.length, t, t.from, (seat) => mayStopAt(inGame(s.players[seat]), t.away, s.locked, seat));
}

export function sendIntel(s: GameState, ctx: Ctx, seat: number, card: number, target: number | undefined, mode: Mode, dir: 1 | -1): void {
  const faceUp = mode === '文本';
  s.transit = {
    card,
    sender: seat,
    mode,
    faceUp,
    dir,
    from: seat,
    at: seat,
    target,
    away: 0,
    known: bit(seat),
  };
  ctx.ev.push({ to: 'all', type: 'send', seat, mode, target, dir, card: faceUp ? card : undefined });
  ctx.ev.push({ to: [seat], type: 'sendCard', seat, card });
  hop(s, ctx);
}

/** 传递: the intel sets off toward its next stop; a window opens for 调虎离山, 截获, 锁定. */
export function hop(s: GameState, ctx: Ctx): void {
  const t = s.transit!;
  t.at = nextStop(s);
  ctx.ev.push({ to: 'all', type: 'transmit', from: t.from, toSeat: t.at });
  if (s.chars) fire(s, ctx, 'transmit', { seat: t.at });
  openWindow(s, ctx, 'transmit');
}

/** The transmit window closed: the intel reaches its stop (recomputed: 调虎离山 may have struck). */
function arrive(s: GameState, ctx: Ctx): void {
  const t = s.transit!;
  const stop = nextStop(s);
  t.at = stop;
  if (stop === t.sender) {
    if (inGame(s.players[t.sender])) {
      ctx.ev.push({ to: 'all', type: 'backToSender', seat: t.sender });
      takeIntel(s, ctx, t.sender, true);
    } else {
      // Face-down intel goes to the discard pile unseen: the public learns that it went, not what it was.
      ctx.ev.push({ to: 'all', type: 'intelDiscarded', card: t.faceUp ? t.card : undefined });
      s.discard.push(t.card);
      s.transit = null;
      endPassing(s, ctx);
    }
    return;
  }
  ctx.ev.push({ to: 'all', type: 'arrive', seat: stop });
  if (s.chars) fire(s, ctx, 'arrive', { seat: stop });
  openWindow(s, ctx, 'arrive');
}

/** The arrive window closed: 退回 sends it on, a locked holder takes it, else the holder decides. */
function afterArrival(s: GameState, ctx: Ctx): void {
  const t = s.transit!;
  if (t.returned || !inGame(s.players[t.at])) {
    t.returned = false;
    t.from = t.at;
    return hop(s, ctx);
  }
  if (has(s.locked, t.at)) return takeIntel(s, ctx, t.at, true);
  if (s.chars) fire(s, ctx, 'receive', { seat: t.at });
  setPending(s, ctx, { kind: 'receive', seat: t.at });
}

export function refuseIntel(s: GameState, ctx: Ctx, seat: number): void {
  const t = s.transit!;
  ctx.ev.push({ to: 'all', type: 'refuse', seat });
  t.from = seat;
  hop(s, ctx);
}

/** 接收: the holder (or a forced holder) takes the intel; passing ends. */
export function takeIntel(s: GameState, ctx: Ctx, seat: number, forced: boolean): void {
  const t = s.transit!;
  s.transit = null;
  ctx.ev.push({ to: 'all', type: 'take', seat, card: t.card, forced });
  gainIntel(s, ctx, seat, t.card, t.sender, t.sender);
  if (over(s)) return;
  endPassing(s, ctx);
}

export function endPassing(s: GameState, ctx: Ctx): void {
  s.transit = null;
  if (over(s)) return;
  // A current player whose death skills are still to be decided may be saved (救美): the turn
  // waits in 出牌阶段(2) (held behind those decisions) instead of ending before they are asked.
  const deciding = cleanupWaiting(s, s.current);
  if (!inGame(s.players[s.current]) && !deciding) return endTurn(s, ctx);
  if (editionOf(s).secondPlay) return openWindow(s, ctx, 'play2');
  // No 出牌阶段(2) (004): the turn ends once the intel is taken, after the skills of that moment.
  if (s.chars && s.chars.queue.length > 0) {
    queueEndTurn(s, s.current);
    s.pending = null;
    return;
  }
  endTurn(s, ctx);
}


/** A decision that paused the stack was made: resolve the rest, then reopen the window. */
export function continueResolving(s: GameState, ctx: Ctx): void {
  const step = s.resolving;
  if (!step) return;
  setPending(s, ctx, null);
  resolveStack(s, ctx);
  if (s.resolving || over(s)) return;
  afterResolution(s, ctx, step);
}

export function pickFirstPlayer(s: GameState): number {
  return randInt(s.rng, s.players.length);
}
