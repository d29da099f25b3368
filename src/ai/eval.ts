// Measuring policies against each other on the same seeds (npm run ai:eval, contracts §5).
//
// Each game seed is played twice: once with policy A in the measured seats (faction: every seat
// of one identity; seat: one seat, turning round the table with the game number) and B in the
// others, once with B everywhere. The measured seats win or not in each, so a seed gives a pair;
// the difference of the two win rates comes with the paired Newcombe interval built from the two
// Wilson intervals (Newcombe 1998, method 10).
import { legalActions } from '../engine/index.js';
import type { CharacterSet, Edition, Identity } from '../engine/types.js';
import { gameSeed } from '../sim/random-play.js';
import { BLUNDER_KEYS, countBlunders, noBlunders, type BlunderCounts } from './blunders.js';
import { playPolicyGame } from './play.js';
import type { Policy } from './policy.js';
import { readGame, seatReadings } from './readability.js';

/** Wilson score interval (95% by default) for k successes in n trials. */
export function wilson(k: number, n: number, z = 1.959964): { p: number; lo: number; hi: number } {
  if (n === 0) return { p: 0, lo: 0, hi: 1 };
  const p = k / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / den;
  return { p, lo: Math.max(0, center - half), hi: Math.min(1, center + half) };
}

/** Paired outcomes: `both` A's seats won and the same seats won with all-B, `onlyA`, `onlyB`, `neither`. */
export interface Pairs {
  both: number;
  onlyA: number;
  onlyB: number;
  neither: number;
}

/**
 * 95% interval of rate(A) − rate(B) over paired games: Newcombe's method 10, from the Wilson
 * intervals of both rates and the correlation of the pairs.
 */
export function pairedDiff(x: Pairs): { diff: number; lo: number; hi: number } {
  const { both: a, onlyA: b, onlyB: c, neither: d } = x;
  const n = a + b + c + d;
  if (n === 0) return { diff: 0, lo: -1, hi: 1 };
  const w1 = wilson(a + b, n);
  const w2 = wilson(a + c, n);
  const diff = w1.p - w2.p;
  const den = Math.sqrt((a + b) * (c + d) * (a + c) * (b + d));
  const phi = den === 0 ? 0 : (a * d - b * c) / den;
  const dl1 = w1.p - w1.lo;
  const du1 = w1.hi - w1.p;
  const dl2 = w2.p - w2.lo;
  const du2 = w2.hi - w2.p;
  const lo = diff - Math.sqrt(Math.max(0, dl1 * dl1 - 2 * phi * dl1 * du2 + du2 * du2));
  const hi = diff + Math.sqrt(Math.max(0, du1 * du1 - 2 * phi * du1 * dl2 + dl2 * dl2));
  return { diff, lo: Math.max(-1, lo), hi: Math.min(1, hi) };
}

// Decision times: 10 µs buckets up to 10 ms, then 1 ms buckets up to 10 s (the last holds the rest).
const FINE = 1000;
const BUCKETS = FINE + 10_000;
const bucketOf = (ms: number): number => (ms < 10 ? Math.floor(ms / 0.01) : Math.min(BUCKETS - 1, FINE + Math.floor(ms - 10)));
const upperEdge = (i: number): number => (i < FINE ? (i + 1) * 0.01 : 10 + (i - FINE + 1));

/** The q-quantile of a decision-time histogram, in ms (the upper edge of its bucket). */
export function quantileMs(hist: readonly number[], q: number): number {
  const total = hist.reduce((s, x) => s + x, 0);
  if (total === 0) return 0;
  const want = Math.ceil(q * total);
  let seen = 0;
  for (let i = 0; i < hist.length; i++) {
    seen += hist[i];
    if (seen >= want) return upperEdge(i);
  }
  return upperEdge(hist.length - 1);
}

export type Mode = 'faction' | 'seat';

export interface EvalJob {
  mode: Mode;
  identity: Identity;
  players: number;
  characters: boolean;
  edition: Edition;
  /** The characters dealt (docs/rules.md §11b); the standard thirty when absent. */
  characterSet?: CharacterSet;
  /** 胜利情报数 4 (docs/rules.md §9b); 3 when absent. */
  victoryIntel?: 4;
  /**
   * A's seats see every identity (revealing): what perfect reading of the table would be worth
   * to A, the ceiling of what better beliefs can gain. A measurement, never a way to play.
   */
  reveal?: boolean;
  /** Read A's seats as the strong policy reads them (readability.ts), and the same seats in the all-B games. */
  read?: boolean;
  seed: number;
  /** Game numbers [from, to). */
  from: number;
  to: number;
}

export interface EvalResult extends Pairs {
  games: number;
  errors: number;
  firstError: string | null;
  /** A's decision times (ms histogram). */
  hist: number[];
  decisions: number;
  /** Blunders of A's seats in the mixed games, of every seat in the all-B games, and the seat-games behind each. */
  blundersA: BlunderCounts;
  seatGamesA: number;
  blundersB: BlunderCounts;
  seatGamesB: number;
  /** Draws of the all-B games. */
  drawsB: number;
  /** Search playouts and their time, for policies that report them (Policy.stats). */
  playouts: number;
  playoutMs: number;
  /** A's searched decisions whose search overruled the choice it checked (Policy.stats().overruled). */
  overruled: number;
  /** Worlds dropped because a playout in them threw (Policy.stats().failed). */
  failedWorlds: number;
  /** The times of A's decisions that searched (ran playouts), ms histogram. */
  searchHist: number[];
  /**
   * With `read`: over the games where both were read, the mean log chance the strong reading gave
   * the measured seats' identities, summed, with A in them (`readA`) and with B (`readB`), and the
   * sum of squares of their per-game differences.
   */
  readA: number;
  readB: number;
  readSq: number;
  readGames: number;
  /** The pairs by the identity dealt to the measured seat (seat mode; faction mode has one identity). */
  byIdentity: Partial<Record<Identity, Pairs>>;
}

export function emptyEval(): EvalResult {
  return {
    games: 0,
    both: 0,
    onlyA: 0,
    onlyB: 0,
    neither: 0,
    errors: 0,
    firstError: null,
    hist: new Array<number>(BUCKETS).fill(0),
    decisions: 0,
    blundersA: noBlunders(),
    seatGamesA: 0,
    blundersB: noBlunders(),
    seatGamesB: 0,
    drawsB: 0,
    playouts: 0,
    playoutMs: 0,
    overruled: 0,
    failedWorlds: 0,
    searchHist: new Array<number>(BUCKETS).fill(0),
    readA: 0,
    readB: 0,
    readSq: 0,
    readGames: 0,
    byIdentity: {},
  };
}

export function mergeEval(x: EvalResult, y: EvalResult): EvalResult {
  const add = (p: BlunderCounts, q: BlunderCounts): BlunderCounts => {
    const o = noBlunders();
    for (const k of BLUNDER_KEYS) o[k] = p[k] + q[k];
    return o;
  };
  return {
    games: x.games + y.games,
    both: x.both + y.both,
    onlyA: x.onlyA + y.onlyA,
    onlyB: x.onlyB + y.onlyB,
    neither: x.neither + y.neither,
    errors: x.errors + y.errors,
    firstError: x.firstError ?? y.firstError,
    hist: x.hist.map((h, i) => h + (y.hist[i] ?? 0)),
    decisions: x.decisions + y.decisions,
    blundersA: add(x.blundersA, y.blundersA),
    seatGamesA: x.seatGamesA + y.seatGamesA,
    blundersB: add(x.blundersB, y.blundersB),
    seatGamesB: x.seatGamesB + y.seatGamesB,
    drawsB: x.drawsB + y.drawsB,
    playouts: x.playouts + y.playouts,
    playoutMs: x.playoutMs + y.playoutMs,
    overruled: x.overruled + y.overruled,
    failedWorlds: x.failedWorlds + y.failedWorlds,
    searchHist: x.searchHist.map((k, i) => k + y.searchHist[i]),
    readA: x.readA + y.readA,
    readB: x.readB + y.readB,
    readSq: x.readSq + y.readSq,
    readGames: x.readGames + y.readGames,
    byIdentity: mergeByIdentity(x.byIdentity, y.byIdentity),
  };
}

function mergeByIdentity(x: EvalResult['byIdentity'], y: EvalResult['byIdentity']): EvalResult['byIdentity'] {
  const o: EvalResult['byIdentity'] = { ...x };
  for (const [k, q] of Object.entries(y) as [Identity, Pairs][]) {
    const p = o[k] ?? { both: 0, onlyA: 0, onlyB: 0, neither: 0 };
    o[k] = { both: p.both + q.both, onlyA: p.onlyA + q.onlyA, onlyB: p.onlyB + q.onlyB, neither: p.neither + q.neither };
  }
  return o;
}

/** Plays games [from, to) of a job twice each (A in the measured seats; all B), on the same seeds. */
export function runEval(job: EvalJob, makeA: () => Policy, makeB: () => Policy): EvalResult {
  const out = emptyEval();
  for (let i = job.from; i < job.to; i++) {
    const seed = gameSeed(job.seed, i);
    const measured = new Set<number>();
    const identities: Identity[] = [];
    const won: boolean[] = [];
    const read: (number | null)[] = [];
    for (const mixed of [true, false]) {
      const a = makeA();
      const b = makeB();
      const blunders = mixed ? out.blundersA : out.blundersB;
      const statsBefore = mixed ? a.stats?.() : undefined;
      let searched = statsBefore?.playouts ?? 0;
      const run = playPolicyGame({
        players: job.players,
        seed,
        keepLog: job.read,
        edition: job.edition,
        options: {
          characters: job.characters,
          ...(job.characterSet && job.characterSet !== 'standard' ? { characterSet: job.characterSet } : {}),
          ...(job.victoryIntel && { victoryIntel: job.victoryIntel }),
        },
        seats: (seat, identity) => {
          identities[seat] = identity;
          const inA = job.mode === 'seat' ? seat === i % job.players : identity === job.identity;
          if (inA) measured.add(seat);
          return mixed && inA ? (job.reveal ? revealing(a, identities) : a) : b;
        },
        onDecision: (seat, _p, ms) => {
          if (!mixed || !measured.has(seat)) return;
          out.decisions++;
          out.hist[bucketOf(ms)]++;
          const played = a.stats?.().playouts ?? 0;
          if (played > searched) out.searchHist[bucketOf(ms)]++;
          searched = played;
        },
        onAction: (before, action, after) => {
          const refusable = action.kind === 'take' && legalActions(before, action.seat).some((x) => x.kind === 'refuse');
          countBlunders(before, action, after, refusable, (s) => (!mixed || measured.has(s) ? blunders : null));
        },
      });
      if (mixed) {
        out.seatGamesA += measured.size;
        const st = a.stats?.();
        if (st && statsBefore) {
          out.playouts += st.playouts - statsBefore.playouts;
          out.playoutMs += st.ms - statsBefore.ms;
          out.overruled += (st.overruled ?? 0) - (statsBefore.overruled ?? 0);
          out.failedWorlds += (st.failed ?? 0) - (statsBefore.failed ?? 0);
        }
      } else out.seatGamesB += job.players;
      if (run.error || !run.state.result) {
        out.errors++;
        out.firstError ??= run.error ?? 'no result';
      }
      if (job.read && run.log && run.dealt) read.push(meanOf(seatReadings(readGame(run.dealt, run.log)).filter((x, seat): x is number => x !== null && measured.has(seat))));
      const r = run.state.result;
      if (!mixed && r?.draw) out.drawsB++;
      won.push(!!r && !r.draw && r.winners.some((w) => measured.has(w)));
    }
    out.games++;
    if (read[0] != null && read[1] != null) {
      out.readA += read[0];
      out.readB += read[1];
      out.readSq += (read[0] - read[1]) ** 2;
      out.readGames++;
    }
    const key: keyof Pairs = won[0] && won[1] ? 'both' : won[0] ? 'onlyA' : won[1] ? 'onlyB' : 'neither';
    out[key]++;
    if (job.mode === 'seat') {
      const id = identities[i % job.players];
      out.byIdentity[id] ??= { both: 0, onlyA: 0, onlyB: 0, neither: 0 };
      out.byIdentity[id][key]++;
    }
  }
  return out;
}

const meanOf = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/**
 * With `read`: the mean log chance the strong reading gave the measured seats' identities with A in
 * them and with B, and A's minus B's with its 95% interval (paired by game, normal). Higher: easier to read.
 */
export function readSummary(r: EvalResult): { games: number; a: number; b: number; diff: number; ci95: [number, number] } {
  const n = r.readGames;
  const diff = (r.readA - r.readB) / Math.max(1, n);
  const sd = n > 1 ? Math.sqrt(Math.max(0, (r.readSq - n * diff * diff) / (n - 1))) : 0;
  const half = (1.959964 * sd) / Math.sqrt(Math.max(1, n));
  return { games: n, a: r.readA / Math.max(1, n), b: r.readB / Math.max(1, n), diff, ci95: [diff - half, diff + half] };
}

/** `p` deciding on views that show every seat's identity (EvalJob.reveal). */
export function revealing(p: Policy, identities: readonly Identity[]): Policy {
  return {
    name: `${p.name} (identities shown)`,
    usesMemory: p.usesMemory,
    decide: (v, legal, m) => p.decide({ ...v, players: v.players.map((q, s) => ({ ...q, identity: identities[s] })) }, legal, m),
  };
}

/** The measured seats' win rates over a set of pairs, with A and with B, and A's minus B's with its paired 95% interval. */
export function pairsSummary(p: Pairs) {
  const games = p.both + p.onlyA + p.onlyB + p.neither;
  const d = pairedDiff(p);
  return {
    games,
    winRateA: (p.both + p.onlyA) / Math.max(1, games),
    winRateBaseline: (p.both + p.onlyB) / Math.max(1, games),
    diff: d.diff,
    ci95: [d.lo, d.hi] as [number, number],
  };
}

/** The contract's summary (contracts §5) of a merged result. */
export function summary(r: EvalResult, a: string, b: string, mode: Mode) {
  const { games, winRateA, winRateBaseline, diff, ci95 } = pairsSummary(r);
  return { games, a, b, mode, winRateA, winRateBaseline, diff, ci95, decisionP99Ms: quantileMs(r.hist, 0.99) };
}

/** Per 100 seat-games. */
export function blunderRates(c: BlunderCounts, seatGames: number): Record<keyof BlunderCounts, number> {
  const o = {} as Record<keyof BlunderCounts, number>;
  for (const k of BLUNDER_KEYS) o[k] = (100 * c[k]) / Math.max(1, seatGames);
  return o;
}
