// How strongly each kind of evidence should count (npm run ai:fit): the strategic prior and the
// weight of each kind of evidence (beliefs.ts EvidenceWeights) that give the identities as dealt the
// highest chance, over the moments of games of strong players. The expert reads its own beliefs so
// (expert.ts); the strong policy keeps the hand-set ratios, all weights 1 and a prior of ½.
//
// What every player saw is the same list for every seat (beliefs.ts `seen`), so a game is kept as
// that list, oldest first, and the moments a seat's beliefs are scored at: a seat's beliefs at a
// moment are its identity, the identities shown by then, and the evidence by then.
import { ID_LIST } from './cards.js';
import { EVIDENCE_KINDS, initialBeliefs, mixLog, type AssignmentTable, type EvidenceWeights, type SeenList } from './beliefs.js';
import type { BeliefFit } from './learned.js';

/** One game's evidence and moments, in plain numbers (it travels from ai:fit's children). */
export interface BeliefGame {
  players: number;
  /** Its number in the run. */
  game: number;
  /** Every seat's identity as dealt (0 潜伏战线, 1 军情处, 2 打酱油的). */
  truth: number[];
  /**
   * What every player saw, oldest first: evidence as [actor, other, kind (EVIDENCE_KINDS index),
   * ...9 log ratios], an identity shown to all as [actor, identity].
   */
  seen: number[][];
  /** When each seat's beliefs are scored: [seat, how many entries of `seen` it had seen]. */
  moments: [number, number][];
}

/** The list as plain numbers, oldest first (`seen` of any seat's beliefs). */
export function seenRows(seen: SeenList): number[][] {
  const rows: number[][] = [];
  for (let l = seen; l; l = l.prev) {
    const x = l.seen;
    rows.push('k' in x ? [x.actor, x.k] : [x.actor, x.other, EVIDENCE_KINDS.indexOf(x.kind), ...x.lr]);
  }
  return rows.reverse();
}

/** How many entries the list holds. */
export function seenLength(seen: SeenList): number {
  let n = 0;
  for (let l = seen; l; l = l.prev) n++;
  return n;
}

/**
 * Every moment a seat's beliefs are scored at in one game, read with `prior` and `weights` (one a
 * kind, in EVIDENCE_KINDS order) as beliefs.ts's withEvidence and shownToAll read them: `visit`
 * gets the reading seat, its assignment table, each assignment's log weight (-Infinity: ruled out),
 * the log of their sum and the seats whose identity was shown to all by then. Seats whose identity
 * split the table does not list are skipped.
 */
function eachMoment(
  g: BeliefGame,
  prior: number,
  weights: readonly number[],
  visit: (me: number, t: AssignmentTable, lw: Float64Array, logZ: number, shown: ReadonlySet<number>) => void,
): void {
  const n = g.players;
  for (let me = 0; me < n; me++) {
    const moments = g.moments.filter((m) => m[0] === me).map((m) => m[1]).sort((a, b) => a - b);
    if (moments.length === 0) continue;
    const t = initialBeliefs(n, me, ID_LIST[g.truth[me]]).table;
    if (truthOf(t, g.truth) < 0) continue; // an identity split the table does not list
    const acc = Array.from({ length: n }, () => new Float64Array(t.count));
    // mixLog(prior, acc[i][a]), made again at a moment for the seats whose account changed since
    // (the same sums as taking every log at every moment, fewer logs).
    const mix = Array.from({ length: n }, () => new Float64Array(t.count));
    const changed = new Array<boolean>(n).fill(false);
    const hard = new Float64Array(t.count);
    const lw = new Float64Array(t.count);
    const shown = new Set<number>();
    let next = 0;
    for (let e = 0; e <= g.seen.length; e++) {
      for (; next < moments.length && moments[next] === e; next++) {
        for (let i = 0; i < n; i++) {
          if (!changed[i]) continue;
          changed[i] = false;
          for (let a = 0; a < t.count; a++) mix[i][a] = mixLog(prior, acc[i][a]);
        }
        let max = -Infinity;
        for (let a = 0; a < t.count; a++) {
          let w = t.logPrior[a] + hard[a];
          if (w !== -Infinity) for (let i = 0; i < n; i++) if (i !== me) w += mix[i][a];
          lw[a] = w;
          if (w > max) max = w;
        }
        let z = 0;
        for (let a = 0; a < t.count; a++) z += Math.exp(lw[a] - max);
        visit(me, t, lw, max + Math.log(z), shown);
      }
      if (e === g.seen.length) break;
      const r = g.seen[e];
      if (r.length === 2) {
        shown.add(r[0]);
        for (let a = 0; a < t.count; a++) if (t.ids[a * n + r[0]] !== r[1]) hard[a] = -Infinity;
        continue;
      }
      const [actor, other, kind] = r;
      const s = weights[kind];
      if (actor === me || s === 0) continue;
      const mine = acc[actor];
      for (let a = 0; a < t.count; a++) mine[a] += s * r[3 + t.ids[a * n + actor] * 3 + t.ids[a * n + other]];
      changed[actor] = true;
    }
  }
}

/** The assignment of the table that is the identities as dealt, or -1. */
function truthOf(t: AssignmentTable, truth: readonly number[]): number {
  const n = truth.length;
  for (let a = 0; a < t.count; a++) {
    let ok = true;
    for (let i = 0; i < n && ok; i++) ok = t.ids[a * n + i] === truth[i];
    if (ok) return a;
  }
  return -1;
}

/**
 * The mean log chance the beliefs give the identities as dealt, over every moment of the games,
 * read with `prior` and `weights` (one a kind, in EVIDENCE_KINDS order). What every seat scores
 * is read from the same entries, as beliefs.ts's withEvidence and shownToAll read them.
 */
export function beliefLogLikelihood(games: readonly BeliefGame[], prior: number, weights: readonly number[]): number {
  let sum = 0;
  let count = 0;
  for (const g of games) {
    eachMoment(g, prior, weights, (_me, t, lw, logZ) => {
      sum += lw[truthOf(t, g.truth)] - logZ;
      count++;
    });
  }
  return count === 0 ? 0 : sum / count;
}

/**
 * How well the others read each seat's play: per seat, the log chance every other seat's beliefs
 * give its identity as dealt (the marginal over the table's assignments), summed over their moments
 * before the seat's identity was shown to all (at its death, say: then the rules tell, not its play),
 * and how many there were.
 */
export function seatLogChances(g: BeliefGame, prior: number, weights: readonly number[]): { sum: number[]; count: number[] } {
  const n = g.players;
  const sum = new Array<number>(n).fill(0);
  const count = new Array<number>(n).fill(0);
  eachMoment(g, prior, weights, (me, t, lw, logZ, shown) => {
    for (let x = 0; x < n; x++) {
      if (x === me || shown.has(x)) continue;
      let z = 0;
      for (let a = 0; a < t.count; a++) if (t.ids[a * n + x] === g.truth[x]) z += Math.exp(lw[a] - logZ);
      sum[x] += Math.log(z);
      count[x]++;
    }
  });
  return { sum, count };
}

/** The steps each weight is tried at (times its current value), and the priors tried. */
const STEPS = [0, 0.5, 0.75, 0.9, 1.1, 1.33, 2];
const PRIORS = [0.3, 0.5, 0.7, 0.85, 0.95];
/** No kind counts more than this many times its hand-set ratio (a kind seen a few times would otherwise run away). */
export const MAX_WEIGHT = 4;

/**
 * The prior and weights that maximise beliefLogLikelihood on `games`, by coordinate search: each
 * weight in turn over STEPS of its value (capped at MAX_WEIGHT), then the prior over PRIORS, three
 * rounds from the strong policy's reading (prior ½, every weight 1).
 */
export function fitBeliefs(games: readonly BeliefGame[], players: number): BeliefFit {
  const w = EVIDENCE_KINDS.map(() => 1);
  let prior = 0.5;
  let best = beliefLogLikelihood(games, prior, w);
  for (let round = 0; round < 3; round++) {
    for (let k = 0; k < w.length; k++) {
      const start = w[k];
      for (const f of STEPS) {
        // A kind read at 0 may come back.
        const x = Math.min(MAX_WEIGHT, Math.round((start === 0 ? f / 2 : f * start) * 100) / 100);
        if (x === w[k]) continue;
        const old = w[k];
        w[k] = x;
        const ll = beliefLogLikelihood(games, prior, w);
        if (ll > best) best = ll;
        else w[k] = old;
      }
    }
    for (const p of PRIORS) {
      if (p === prior) continue;
      const ll = beliefLogLikelihood(games, p, w);
      if (ll > best) [best, prior] = [ll, p];
    }
  }
  const weights: Record<string, number> = {};
  EVIDENCE_KINDS.forEach((k, i) => (weights[k] = w[i]));
  return { players, strategicPrior: prior, weights: weights as EvidenceWeights };
}
