// The expert policy: the strong policy's judgement, checked by search where it matters.
//
// At a send, a take-or-refuse, a 试探's discard, and a response window in which the strong policy
// would use a card or skill, it deals worlds consistent with its view (sample.ts: identities from
// its beliefs, the hidden cards and characters dealt at random), and in each world plays every
// candidate action, then values it (`leaf`): by default the look-ahead of lookahead.ts (the strong
// policy at every seat to the end of the turn, the position then valued by the learned chance of a
// win, learned.ts, with the identities the world dealt); or, `leaf: 'playout'`, a playout of a fast
// policy (rolloutAction) at every seat to the end of the game (the search until 2026-12-01,
// measured no better than strong).
// It reads the table as fitted (learned.ts expertFit, where ai:fit fitted one: each kind of
// evidence weighted by how much it told of the identities in games of strong players), for its own
// choice and the worlds it deals; the other seats of a world read as the strong policy does.
// The strong policy's choice is played unless another candidate beats it in the same worlds
// (overrule); a candidate that can no longer do so stops being played, and its share of the budget
// deals more worlds for the others (canOverrule). Everything is seeded from the view, so the same
// view, legal actions and memory decide the same.
//
// The budget is counted in engine actions, not wall time (so decisions do not depend on the
// machine's load): worlds are dealt, and every candidate played on in each, until the search has
// played `budgetMs` × STEPS_PER_MS playout actions' worth (a look-ahead action counts LOOK_STEP_COST,
// a playout's MAX_DEPTH at most). Counting actions keeps a decision's time near its budget at every
// stage of a game.
import { performance } from 'node:perf_hooks';
import { legalActions, nthSend, playoutListed, playoutPass, playoutStep, sendCount, waitingOn, workingCopy, type Action, type GameView } from '../engine/index.js';
import { decideChoices } from '../engine/skills.js';
import { countColor, has, inGame, liveMask } from '../engine/state.js';
import { randInt, seedRng, type RngState } from '../engine/rng.js';
import type { GameState } from '../engine/types.js';
import { newMemory, type SeatMemory } from './memory.js';
import { viewSeed, type Policy } from './policy.js';
import { characterWin, expertFit, kindName, kindOfView } from './learned.js';
import { reread } from './beliefs.js';
import { lookahead, worldMemories } from './lookahead.js';
import { sampleWorld } from './sample.js';
import { StrongPolicy } from './strong.js';
import { currentFlight, DEFAULT_PARAMS, Table } from './strong-table.js';

/** Playout actions per millisecond of budget: measured on the 2-core development machine (src/ai/README.md). */
export const STEPS_PER_MS = 400;
/** Worlds a searched decision deals at least, however long their playouts. */
export const MIN_WORLDS = 4;
/**
 * What dealing a world (and listing its legal actions) costs, in playout actions: measured at 64
 * (300 µs against 4.7 µs an action, characters on). Counted in the budget, or a late decision, whose
 * playouts are short, would deal thousands of worlds.
 */
export const WORLD_STEPS = 64;
/**
 * Where a host needs a bound on time (the bot, ai:eval), a search also stops dealing worlds once it
 * has run this many times its budget on the clock: on a loaded machine it then decides from fewer
 * worlds rather than keep a player waiting. Without a cap (tests) a decision depends only on the
 * view, the legal actions and the memory.
 */
export const CAP_FACTOR = 1.2;
/** Actions a playout plays at most before the game is scored as it stands (score). */
export const MAX_DEPTH = 150;
/**
 * A look-ahead action (the strong policy deciding on a view, the pure apply, every seat's memory
 * folding its events), in playout actions: measured at 20 (about 50 µs against 2.5, 5 players,
 * characters on; a look-ahead plays 24 actions on average and takes 1.2 ms).
 */
export const LOOK_STEP_COST = 20;
/**
 * Where every seat deciding in a look-ahead weighs many identity assignments (560 at 9 players, 210
 * at 8, 120 at 7), its actions cost more: at 9 players a counted step took 5.3–7.0 µs against
 * 1.2–2.1 at 3 to 8 players (2026-12-05, loaded, `npx tsx test/bench/search-budget.ts`), so a 9-player
 * search ran out on the clock cap with a quarter of its budget counted. There a look-ahead action
 * counts LOOK_STEP_COST_9.
 */
export const LOOK_STEP_COST_9 = 50;
/**
 * From this many players on, a 潜伏战线 or 军情处 seat searches only response windows: its sends, takes
 * and discards are the strong choice (on the fitted reading). At 9 players so, on 800 games (seed 5001,
 * src/ai/README.md), one seat among strong measured +7.8 [+3.9, +11.6] (+6.0 searching every kind) and a
 * 潜伏战线 faction +8.9 [+4.5, +13.2] (+6.4, on an older reading). From 7 players (2026-12-06 morning) it
 * gave one seat +6.9 against +6.1 there but a faction of three +12.1 [+7.5, +16.7] against +18.0
 * [+13.4, +22.5] searching every kind, so 7 and 8 players search every kind again.
 */
export const FACTION_WINDOWS_FROM = 9;
/** The margin of an overrule for look-ahead values, in the strong policy's points (a faction's three of its colour is 100). */
export const LOOK_MARGIN = 1;
/**
 * And by how many standard errors of the paired differences. A looser rule (margin 0, 1 standard
 * error) gained in ai:forks on two seeds of three, and lost in ai:eval: −3.8 [−8.9, +1.4] against
 * +0.5 [−4.4, +5.4] at these, one seat among strong, the same 400 games (seed 11, 2026-12-01).
 */
export const LOOK_Z = 2;
/**
 * Kinds of table (learned.ts kindName) where an overrule needs other than LOOK_Z standard errors.
 * 初版 at 5 players (three intel) at 1.5: on 800 games (seed 5001, src/ai/README.md) one seat among
 * strong +8.6 [+4.5, +12.7] against +7.9 [+3.8, +11.9] at 2; a 潜伏战线 faction +14.3 [+9.7, +18.7],
 * as at 2 (436 wins of 800 at both).
 */
export const LOOK_Z_AT: Readonly<Record<string, number>> = { '5 classic': 1.5 };

/** An action without its version: the same choice in the real game and in any world (ai:forks keys its continuations by it too). */
export const actionKey = (a: Action): string => JSON.stringify({ ...a, version: undefined });

export interface ExpertOptions {
  budgetMs?: number;
  /** Playout actions per decision (overrides the budget). */
  steps?: number;
  /** Wall-clock milliseconds after which no new world is dealt (CAP_FACTOR × budget in the bot); none by default. */
  capMs?: number;
  /** How a candidate is valued in a world: a playout to the end (playOn), or the rest of the turn by the strong policy (lookahead.ts). */
  leaf?: 'playout' | 'turn';
  /** How far a candidate must beat the strong choice on average to overrule it (default LOOK_MARGIN, or OVERRULE_MARGIN for playouts). */
  margin?: number;
  /** And by how many standard errors of the paired differences (default the kind's LOOK_Z_AT or LOOK_Z, or OVERRULE_Z for playouts). */
  z?: number;
  /** Whether candidates that cannot overrule any more stop being played (their worlds go to the others). */
  prune?: boolean;
  /**
   * How the look-ahead values the position it reaches: the learned chance of a win (learned.ts, the
   * default since 2026-12-02), or the strong policy's currency alone.
   */
  judge?: 'currency' | 'learned';
  /** Whether its own beliefs are read as fitted (learned.ts expertFit) rather than as the strong policy reads them. */
  calibrated?: boolean;
  /** From this many players on a faction seat searches only windows (default FACTION_WINDOWS_FROM; Infinity: everywhere every kind). */
  factionWindowsFrom?: number;
}

/**
 * The character whose player won most often in games of strong players at this kind of table
 * (learned.ts characterWin, fitted by ai:fit); the strong choice where it is as good or a character
 * was never measured.
 */
function pickByWins(v: GameView, legal: readonly Action[], pick: Action): Action {
  const kind = kindOfView(v, legal.flatMap((a) => (a.kind === 'pickCharacter' ? [a.character] : [])));
  const win = (a: Action) => (a.kind === 'pickCharacter' ? characterWin(kind, a.character) : undefined);
  let best = pick;
  let bestWin = win(pick);
  if (bestWin === undefined) return pick;
  for (const a of legal) {
    const w = win(a);
    if (w === undefined) return pick;
    if (w > bestWin) [best, bestWin] = [a, w];
  }
  return best;
}

export class ExpertPolicy implements Policy {
  readonly name = 'expert';
  readonly usesMemory = true;
  readonly steps: number;
  readonly capMs: number;
  readonly leaf: 'playout' | 'turn';
  readonly margin: number;
  /** The options' z, at every kind of table; undefined: the kind's (zAt). */
  readonly z: number | undefined;
  readonly prune: boolean;
  readonly judge: 'currency' | 'learned';
  readonly calibrated: boolean;
  readonly factionWindowsFrom: number;
  private readonly strong = new StrongPolicy();
  private total = { playouts: 0, steps: 0, ms: 0, worlds: 0, rejected: 0, capped: 0, overruled: 0, failed: 0 };

  constructor(o: ExpertOptions = {}) {
    this.steps = Math.max(1, o.steps ?? Math.round((o.budgetMs ?? 300) * STEPS_PER_MS));
    this.capMs = o.capMs ?? Infinity;
    this.leaf = o.leaf ?? 'turn';
    this.margin = o.margin ?? (this.leaf === 'turn' ? LOOK_MARGIN : OVERRULE_MARGIN);
    this.z = o.z;
    this.prune = o.prune ?? true;
    this.judge = o.judge ?? 'learned';
    this.calibrated = o.calibrated ?? true;
    this.factionWindowsFrom = o.factionWindowsFrom ?? FACTION_WINDOWS_FROM;
  }

  stats() {
    return { ...this.total };
  }

  decide(v: GameView, legal: readonly Action[], memory?: SeatMemory): Action {
    if (legal.length === 0) throw new Error(`expert: seat ${v.you} has no legal action`);
    // A forced action needs no reading (the strong policy plays it too).
    if (legal.length === 1) return legal[0];
    const m = this.reading(v, memory ?? newMemory(v));
    const pick = this.strong.decide(v, legal, m);
    if (legal[0].kind === 'pickCharacter') return pickByWins(v, legal, pick);
    if (v.identity === undefined) return pick;
    const cands = this.candidates(v, legal, pick);
    if (cands.length <= 1) return pick;
    const t0 = performance.now();
    const rng = seedRng(viewSeed(v, 0x6a09e667));
    const me = v.you!;
    // Each candidate's value in each world, the worlds' playouts on the same seed: the differences are paired.
    const values: number[][] = cands.map(() => []);
    let played = 0;
    let dealt = 0;
    let steps = 0;
    const wanted = cands.map(actionKey);
    const strongAt = cands.indexOf(pick);
    // Candidates still played: one that cannot overrule any more (pruned) leaves its worlds to the others.
    const alive = cands.map(() => true);
    // The face-down intel in flight is dealt as the strong policy believes its colour (who sent it, how they send).
    const transitColors = v.transit && !v.transit.card ? currentFlight(new Table(v, m, DEFAULT_PARAMS))?.dist : undefined;
    // A world that cannot offer every candidate is dealt again, up to as many times as worlds were used.
    // On the clock (capMs), no world is dealt that would end past the cap were it as long as the longest so far.
    let longest = 0;
    for (let w = 0; (steps < this.steps || dealt < MIN_WORLDS) && w < 2 * Math.max(MIN_WORLDS, dealt + 1); w++) {
      const started = performance.now();
      if (dealt > 0 && started - t0 + longest > this.capMs) {
        this.total.capped++;
        break;
      }
      const world = sampleWorld(v, m, rng, transitColors);
      steps += WORLD_STEPS;
      const offered = new Map<string, Action>();
      if (world) for (const a of legalActions(world, me)) if (!offered.has(actionKey(a))) offered.set(actionKey(a), a);
      if (!world || !wanted.every((k) => offered.has(k))) {
        this.total.rejected++;
        continue;
      }
      const seed = randInt(rng, 0x7fffffff);
      const got: number[] = [];
      try {
        const mems = this.leaf === 'turn' ? worldMemories(world, me, m) : [];
        for (let i = 0; i < cands.length; i++) {
          if (!alive[i]) continue;
          const [value, cost] = this.value(world, offered.get(wanted[i])!, me, mems, seed);
          got[i] = value;
          steps += cost;
          played++;
        }
      } catch {
        // A world the engine cannot play on (a guess the sampler got wrong) is dropped, and counted.
        this.total.failed++;
        continue;
      }
      got.forEach((x, i) => values[i].push(x));
      longest = Math.max(longest, performance.now() - started);
      dealt++;
      this.total.worlds++;
      if (this.prune && dealt >= PRUNE_AFTER) {
        for (let i = 0; i < cands.length; i++)
          if (alive[i] && i !== strongAt && !canOverrule(values[i], values[strongAt], this.margin)) alive[i] = false;
        if (alive.every((x, i) => !x || i === strongAt)) break;
      }
    }
    this.total.playouts += played;
    this.total.steps += steps;
    this.total.ms += performance.now() - t0;
    if (dealt === 0) return pick;
    const best = overrule(values, strongAt, this.margin, this.zAt(v));
    if (best !== strongAt) this.total.overruled++;
    return cands[best];
  }

  /** By how many standard errors an overrule must win at this view's table: the options', the kind's (LOOK_Z_AT), or LOOK_Z (OVERRULE_Z for playouts). */
  zAt(v: GameView): number {
    if (this.z !== undefined) return this.z;
    if (this.leaf === 'playout') return OVERRULE_Z;
    return LOOK_Z_AT[kindName(kindOfView(v))] ?? LOOK_Z;
  }

  /**
   * Our memory with the beliefs read as fitted for this table size (learned.ts expertFit), where
   * there is a fit and the kind is not one of READ_AS_STRONG; its options stay the table's, so the
   * other seats of a world read as they do.
   */
  private reading(v: GameView, m: SeatMemory): SeatMemory {
    const fit = this.calibrated ? expertFit(v) : undefined;
    if (!fit) return m;
    return { ...m, beliefs: reread(m.beliefs, { ...m.beliefOptions, strategicPrior: fit.strategicPrior, weights: fit.weights }) };
  }

  /** The actions worth searching: distinct sends, takes and discards (not a faction seat's at FACTION_WINDOWS_FROM players); in a window, the strong choice against passing. */
  private candidates(v: GameView, legal: readonly Action[], pick: Action): Action[] {
    const k = legal[0].kind;
    // From factionWindowsFrom players on, a 潜伏战线 or 军情处 seat searches windows alone.
    const windowsOnly = v.identity !== '打酱油的' && v.players.length >= this.factionWindowsFrom;
    const hand = new Map((v.hand ?? []).map((c) => [c.id, c]));
    if ((k === 'send' || k === 'choose' || k === 'take' || k === 'refuse') && windowsOnly) return [pick];
    if (k === 'send' || k === 'choose') {
      const seen = new Map<string, Action>();
      for (const a of legal) {
        const c = 'card' in a && a.card !== undefined ? hand.get(a.card) : undefined;
        const face = c ? `${c.name}|${c.color}|${c.mode}|${c.probe?.identity ?? ''}|${c.probe?.branch ?? ''}` : actionKey(a);
        const id = `${face}|${'target' in a ? a.target : ''}|${'dir' in a ? a.dir : ''}|${'via' in a ? a.via : ''}`;
        // The strong choice stands for its face.
        if (a === pick || !seen.has(id)) seen.set(id, a);
      }
      return [...seen.values()];
    }
    if (k === 'take' || k === 'refuse') return legal.filter((a) => a.kind === 'take' || a.kind === 'refuse');
    if (k === 'decide' || k === 'pickCharacter') return [pick];
    // A window: would the strong policy's card or skill really beat passing?
    const pass = legal.find((a) => a.kind === 'pass');
    return pass && pick !== pass ? [pick, pass] : [pick];
  }

  /**
   * What `first` played in `world` is worth to us by this search's leaf, and what it cost in
   * playout actions (the budget's unit): the look-ahead's actions at LOOK_STEP_COST each, or the
   * playout's. `mems`: every seat's memory in the world (the look-ahead's); `seed`: the playout's.
   */
  private value(world: GameState, first: Action, me: number, mems: readonly SeatMemory[], seed: number): [number, number] {
    if (this.leaf === 'playout') return this.playout(world, first, me, seed);
    const [value, n] = lookahead(world, first, me, mems, this.strong, this.judge === 'learned');
    return [value, n * (world.players.length >= 9 ? LOOK_STEP_COST_9 : LOOK_STEP_COST)];
  }

  /**
   * What the game played on from `world` after `first` is worth to us (1 our side wins, 0 it loses,
   * ½ a draw, or score() of where it stopped), and the actions the playout played.
   */
  private playout(world: GameState, first: Action, me: number, seed: number): [number, number] {
    // The world is the search's own: each playout changes a working copy of it in place
    // (playoutStep, the engine's mutable path, equal to apply).
    const s = workingCopy(world);
    if (playoutStep(s, first) !== null) return [0, 1];
    const n = playOn(s, seedRng(seed));
    return [n < 0 ? 0.5 : score(s, me), 1 + Math.abs(n)];
  }
}

/** How far a candidate's mean must beat the strong choice's, in the share of games won, to overrule it. */
export const OVERRULE_MARGIN = 0.03;
/** And how sure the search must be of it: the paired differences' mean over its standard error. */
export const OVERRULE_Z = 2;

/**
 * The candidate to play, given each candidate's value in the same worlds: the strong policy's choice
 * (`pick`) unless another beats it by OVERRULE_MARGIN and OVERRULE_Z standard errors of the paired
 * differences (the playouts are noisy and their fast policy is biased: passing every window, it
 * values no card kept in hand). Of those that do, the one with the best mean.
 */
export function overrule(values: readonly (readonly number[])[], pick: number, margin = OVERRULE_MARGIN, z = OVERRULE_Z): number {
  let best = pick;
  let bestMean = -Infinity;
  for (let i = 0; i < values.length; i++) {
    if (i === pick) continue;
    const { mean, se } = paired(values[i], values[pick]);
    if (mean > margin && mean > z * se && mean > bestMean) {
      best = i;
      bestMean = mean;
    }
  }
  return best;
}

/** Worlds every candidate is played in before pruning (prune): below it a standard error means little. */
export const PRUNE_AFTER = 6;
/** A candidate is pruned once its mean gain over the strong choice is this many standard errors below the margin. */
export const PRUNE_Z = 2;

/** Whether a candidate valued `xs` may still overrule the strong choice valued `base` (the same worlds first). */
export function canOverrule(xs: readonly number[], base: readonly number[], margin: number): boolean {
  const { mean, se } = paired(xs, base);
  return mean + PRUNE_Z * se >= margin;
}

/** The mean of xs[w] − base[w] over xs's worlds (a pruned candidate's are the first of the strong choice's), and its standard error. */
function paired(xs: readonly number[], base: readonly number[]): { mean: number; se: number } {
  const n = xs.length;
  if (n === 0) return { mean: -Infinity, se: Infinity };
  let sum = 0;
  let sq = 0;
  for (let w = 0; w < n; w++) {
    const d = xs[w] - base[w];
    sum += d;
    sq += d * d;
  }
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sq - n * mean * mean) / (n - 1)) : Infinity;
  return { mean, se: Math.sqrt(variance / n) };
}

/**
 * A playout: the fast policy (rolloutAction) at every seat, on `s` changed in place (a working
 * copy the caller owns), until the game ends or MAX_DEPTH actions. Returns the actions played,
 * negated (minus one) if an action was refused.
 */
export function playOn(s: GameState, rng: RngState): number {
  let d = 0;
  // liveMask(s), kept while only passes that leave a window open were played (they change nothing else).
  let live = -1;
  for (; d < MAX_DEPTH && !s.result; d++) {
    const p = s.pending;
    if (p !== null && p.kind === 'window') {
      // rolloutAction passes every window: the seat is drawn as below from the seats waitingOn
      // lists (in seat order), without listing them, and passes without an action to check.
      if (live < 0) live = liveMask(s);
      let waiting = live & ~p.passed;
      if (waiting !== 0) {
        const n = bitCount(waiting);
        for (let k = n === 1 ? 0 : randInt(rng, n); k > 0; k--) waiting &= waiting - 1;
        if (!playoutPass(s, 31 - Math.clz32(waiting & -waiting), live)) live = -1;
        continue;
      }
    }
    live = -1;
    let seat: number;
    if (p !== null && p.kind !== 'window' && p.kind !== 'chooseCharacter') seat = p.seat; // waitingOn: [p.seat]
    else {
      const seats = waitingOn(s);
      seat = seats.length === 1 ? seats[0] : seats[randInt(rng, seats.length)];
    }
    const a = rolloutAction(s, seat, rng);
    // Out of a window, the action is one legalActions lists (or none at all, which is refused).
    if (p !== null && p.kind !== 'window' && a !== undefined) playoutListed(s, a);
    else if (playoutStep(s, a) !== null) return -d - 1;
  }
  return d;
}

const colourOf = (id: string): '红' | '蓝' | null => (id === '潜伏战线' ? '红' : id === '军情处' ? '蓝' : null);

/**
 * What the game is worth to `me` in a world: 1 won, 0 lost, ½ a draw; a game still on (the
 * playout stopped at MAX_DEPTH) is scored by the best progress of each faction toward three of
 * its colour, deaths and black in front of us.
 */
export function score(s: GameState, me: number): number {
  const res = s.result;
  if (res) return res.draw ? 0.5 : res.winners.includes(me) ? 1 : 0;
  const mine = s.players[me].identity;
  const count = (seat: number, colour: '红' | '蓝' | '黑') => countColor(s, s.players[seat].intel, colour);
  const progress = (id: string) => {
    const c = colourOf(id)!;
    let best = 0;
    let dead = 0;
    s.players.forEach((p, i) => {
      if (p.identity !== id) return;
      if (!p.alive) dead++;
      else best = Math.max(best, count(i, c));
    });
    return best - 0.7 * dead;
  };
  const blacks = count(me, '黑');
  if (mine === '打酱油的') return s.players[me].alive ? 0.35 - 0.08 * blacks : 0;
  const enemy = mine === '潜伏战线' ? '军情处' : '潜伏战线';
  // Dead, we no longer play for the side (its progress counts our death already).
  const own = s.players[me].alive ? -0.04 * blacks : -0.15;
  return Math.min(0.95, Math.max(0.05, 0.5 + 0.12 * (progress(mine) - progress(enemy)) + own));
}

/**
 * The playouts' fast policy. It plays inside a sampled world (never the real game), so it may read
 * that world's state: each seat takes its colour and refuses black when it can see the card (and
 * takes face-down intel half the time below two black), sends a random card, passes every window,
 * and answers questions with the first choice. For speed it draws a receive's, a send's and a
 * question's action without listing them all (playOn passes windows itself); test/ai/rollout.test.ts
 * plays the same playouts from the full listing.
 */
export function rolloutAction(s: GameState, seat: number, rng: RngState): Action {
  const p = s.pending!;
  if (p.kind === 'window') return { kind: 'pass', seat };
  if ((p.kind === 'receive' || p.kind === 'send') && p.seat === seat && !s.result && inGame(s.players[seat])) {
    // A receive offers only take and refuse (legalActions), refuse unless the intel is locked onto us.
    if (p.kind === 'receive') return receiveAction(s, seat, has(s.locked, seat), rng);
    // A send: one of legalActions' sends, drawn as below without listing them.
    const n = sendCount(s, seat);
    if (n > 0) return nthSend(s, seat, n === 1 ? 0 : randInt(rng, n));
  }
  // A question: its first answer (legalActions lists the answers in order, each with the seat).
  if (p.kind === 'decide' && p.seat === seat && !s.result && s.players[seat]) {
    const first = decideChoices(s, p)[0];
    return first && { ...first, seat };
  }
  // Anything else (a discard, a character to choose, or a seat with nothing listed): from the list.
  const legal = legalActions(s, seat);
  if (legal.length === 1) return legal[0];
  if (p.kind === 'send') return legal[randInt(rng, legal.length)];
  return legal[0];
}

/** Take or refuse the intel in flight (refuse when allowed: `locked` false). */
function receiveAction(s: GameState, seat: number, locked: boolean, rng: RngState): Action {
  const take: Action = { kind: 'take', seat };
  if (locked) return take;
  const refuse: Action = { kind: 'refuse', seat };
  const t = s.transit!;
  const pl = s.players[seat];
  const color = s.cards[t.card].color;
  if (t.faceUp || t.known & (1 << seat)) {
    if (color === '黑') return refuse;
    const own = colourOf(pl.identity);
    return own === null || color === own ? take : refuse;
  }
  return countColor(s, pl.intel, '黑') < 2 && randInt(rng, 2) ? take : refuse;
}

function bitCount(x: number): number {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
}

export function expertPolicy(o: ExpertOptions = {}): Policy {
  return new ExpertPolicy(o);
}
