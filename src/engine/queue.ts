// The trigger queue asked (docs/rules.md §8): before anyone decides anything else, the triggered skills
// queued by a moment are asked one by one, holding the decision they interrupted, which is then
// given back as the state now is. Part of the turn machine; apply() calls pump() after every action.
import { checkEnd, clearOut } from './outcome.js';
import { drawAfterDiscard } from './ops.js';
import { CLEANUP, END_TURN, NEXT_TURN, setPending } from './pending.js';
import { charOf } from './registry.js';
import { choicesOf } from './skills.js';
import { inGame, type Ctx } from './state.js';
import { afterResolution, continueResolving, endPassing, endTurn, hop, nextTurn } from './turn.js';
import type { Decide } from './characters/skill.js';
import type { GameState, Pending } from './types.js';


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
      if (t.skill === CLEANUP) {
        if (!s.players[t.seat].alive) clearOut(s, ctx, t.seat);
        checkEnd(s, ctx);
        continue;
      }
      if (t.skill === NEXT_TURN || t.skill === END_TURN) {
        // Something queued after the turn's end (a death by a turn-end skill) comes first.
        if (c.queue.some((x) => x.skill !== NEXT_TURN && x.skill !== END_TURN)) {
          c.queue.push(t);
          continue;
        }
        c.holding = false;
        c.held = null;
        s.pending = null;
        if (t.skill === NEXT_TURN) nextTurn(s, ctx);
        else endTurn(s, ctx);
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
      for (const t of c.queue) if (t.skill === CLEANUP && !s.players[t.seat].alive) clearOut(s, ctx, t.seat);
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
    case 'discard': {
      if (!inGame(s.players[h.seat]) || s.players[h.seat].hand.length === 0) {
        drawAfterDiscard(s, ctx, h);
        return continueResolving(s, ctx);
      }
      const { opened: _o, deadline: _d, ...rest } = h;
      return setPending(s, ctx, rest);
    }
    case 'decide': {
      const { opened: _o, deadline: _d, ...rest } = h;
      return setPending(s, ctx, rest);
    }
    case 'chooseCharacter':
      return setPending(s, ctx, { kind: 'chooseCharacter', picked: h.picked });
  }
}
