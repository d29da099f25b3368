// The search's fast paths (src/ai/expert.ts playouts), beside the core and built on it: a working
// copy changed in place by accepted actions, without events or copies (playoutStep and its two
// shortcuts), and the sends counted and picked without listing them (sendCount, nthSend). The core
// never imports this file; test/engine/playout-step.test.ts proves each path equal to the core's
// (apply, legalActions).
import { afterAction, check, performAndSettle } from './apply.js';
import { explain } from './refusals.js';
import { perk } from './registry.js';
import type { SendAction } from './send.js';
import { bit, cloneState, inGame, liveMask, type Ctx } from './state.js';
import { closeWindow } from './turn.js';
import type { Action, GameState, Pending } from './types.js';

/**
 * A private working copy of a state, for `playoutStep` to change in place. It shares with `s` only
 * what no action changes (the cards, the options, records replaced whole), as apply's copy does.
 */
export const workingCopy = (s: GameState): GameState => cloneState(s);

/** The events of playout steps: nobody reads them, so none is kept. */
const DISCARDED: Ctx = { ev: { push: () => 0 }, newDecision: false };

/**
 * The search's mutable path (src/ai/expert.ts playouts): `apply` without the copy and without
 * events, changing `s` in place. Only for a state the caller owns (`workingCopy`), never a stored
 * or shared one; no clock. Returns null when accepted (s is then what apply's state would be:
 * test/engine/playout-step.test.ts), else the refusal's reason (s unchanged, as apply refuses it).
 */
export function playoutStep(s: GameState, action: Action): string | null {
  const r = check(s, action);
  if (r) return explain(r).reason;
  if (action.kind === 'pass') playoutPass(s, action.seat);
  else settle(s, action);
  return null;
}

/**
 * `playoutStep(s, { kind: 'pass', seat })` for a seat the window waits on (`waitingOn`: in the
 * game, not passed yet), which check() always accepts: the playouts' most frequent action, without
 * the action object or its check. `live`: liveMask(s), when the caller has it. Returns whether
 * the window is still open (then only its passes and the version changed).
 */
export function playoutPass(s: GameState, seat: number, live = liveMask(s)): boolean {
  const w = s.pending as Extract<Pending, { kind: 'window' }>;
  w.passed |= bit(seat);
  if ((w.passed & live) !== live) {
    // passKeepingWindowOpen: the window stays open, nothing else changes.
    s.version++;
    return true;
  }
  // The last pass: perform's 'pass' (but for its event), then what follows every action.
  const version = s.version;
  const ctx = DISCARDED;
  ctx.newDecision = false;
  closeWindow(s, ctx);
  afterAction(s, ctx);
  stamp(s, ctx, version);
  return false;
}

/**
 * `playoutStep` for an action `legalActions` lists (every listed action passes check): applied
 * without checking it again. The playouts' actions come from the listing (src/ai/expert.ts).
 */
export function playoutListed(s: GameState, action: Action): void {
  settle(s, action);
}

/** An accepted action applied in place, its events dropped. */
function settle(s: GameState, action: Action): void {
  const version = s.version;
  const ctx = DISCARDED;
  ctx.newDecision = false;
  performAndSettle(s, ctx, action);
  stamp(s, ctx, version);
}

/** The new version, and a decision opened by the action stamped with it (as apply does). */
function stamp(s: GameState, ctx: Ctx, version: number): void {
  s.version = version + 1;
  if (ctx.newDecision && s.pending) s.pending.opened = s.version;
}

/**
 * The playouts' shortcut (src/ai/expert.ts rolloutAction): how many sends `sendActions` lists for
 * `seat` and the k-th of them, without listing them. Per card, in the order sendActions tries them:
 * a 直达 card to each other player in the game; any other card as itself, as 密电 (文本 only, with
 * the textAsCipher perk), in the other direction (chooseDirection), as 密电 in the other direction.
 * test/engine/playout-step.test.ts proves them equal to sendActions.
 */
export function sendCount(s: GameState, seat: number): number {
  const cipher = !!perk(s, seat, 'textAsCipher');
  const turn = !!perk(s, seat, 'chooseDirection');
  let others = -1;
  let n = 0;
  for (const card of s.players[seat].hand) {
    const mode = s.cards[card].mode;
    if (mode === '直达') n += others < 0 ? (others = liveOthers(s, seat)) : others;
    else n += (cipher && mode === '文本' ? 2 : 1) * (turn ? 2 : 1);
  }
  return n;
}

/** sendActions(s, seat)[k] (k < sendCount(s, seat)). */
export function nthSend(s: GameState, seat: number, k: number): SendAction {
  const cipher = !!perk(s, seat, 'textAsCipher');
  const turn = !!perk(s, seat, 'chooseDirection');
  for (const card of s.players[seat].hand) {
    const mode = s.cards[card].mode;
    if (mode === '直达') {
      for (let target = 0; target < s.players.length; target++) {
        if (target === seat || !inGame(s.players[target])) continue;
        if (k-- === 0) return { kind: 'send', seat, card, target };
      }
      continue;
    }
    // sendActions' four candidates in its order (as itself, 密电, the other way, both), those refused left out.
    const asCipher = cipher && mode === '文本';
    for (let j = 0; j < 4; j++) {
      const via = (j & 1) !== 0;
      const back = (j & 2) !== 0;
      if ((via && !asCipher) || (back && !turn) || k-- !== 0) continue;
      const a: SendAction = { kind: 'send', seat, card };
      if (via) a.via = '密电';
      if (back) a.dir = -1;
      return a;
    }
  }
  throw new Error(`nthSend: seat ${seat} has no send ${k}`);
}

function liveOthers(s: GameState, seat: number): number {
  let n = 0;
  for (let t = 0; t < s.players.length; t++) if (t !== seat && inGame(s.players[t])) n++;
  return n;
}
