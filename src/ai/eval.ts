// Measuring policies: seeded games, win counts, Wilson intervals, decision-time histograms.
import { performance } from 'node:perf_hooks';
import { IDENTITIES } from '../engine/index.js';
import type { Edition, Identity } from '../engine/types.js';
import { gameSeed, playRandomGame } from '../sim/random-play.js';
import { playPolicyGame } from './play.js';
import { randomPolicy, type Policy } from './policy.js';
import { StrongPolicy, type StrongParams } from './strong.js';

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

/**
 * Who plays: `baseline` every seat random (exactly the simulator's games); `faction` the seats
 * of `identity` strong, the others random; `allStrong` every seat strong.
 */
export type Table = 'baseline' | 'faction' | 'allStrong';

export interface Job {
  table: Table;
  players: number;
  identity?: Identity;
  seed: number;
  from: number;
  to: number;
  /** Play with characters (default off). */
  characters?: boolean;
  /** The edition (default standard; 千智风声 `qianzhi` at 5 or 6 players). */
  edition?: Edition;
  params?: Partial<StrongParams>;
}

/** Decision times in buckets of 10 µs up to 100 ms (the last bucket holds the rest). */
export const BUCKET_MS = 0.01;
export const BUCKETS = 10_000;

export interface JobResult {
  job: Job;
  games: number;
  errors: number;
  firstError: string | null;
  /** Games won by each identity (a faction win counts once for the faction). */
  wins: Record<Identity, number>;
  draws: number;
  rounds: number;
  actions: number;
  decisions: number;
  decisionMs: number;
  maxDecisionMs: number;
  hist: number[];
  seconds: number;
}

export function emptyResult(job: Job): JobResult {
  return {
    job,
    games: 0,
    errors: 0,
    firstError: null,
    wins: { 潜伏战线: 0, 军情处: 0, 打酱油的: 0 },
    draws: 0,
    rounds: 0,
    actions: 0,
    decisions: 0,
    decisionMs: 0,
    maxDecisionMs: 0,
    hist: [],
    seconds: 0,
  };
}

export function runJob(job: Job): JobResult {
  const out = emptyResult(job);
  const hist = new Array<number>(BUCKETS).fill(0);
  const t0 = performance.now();
  const strong = (): Policy => new StrongPolicy('strong', job.params);
  for (let i = job.from; i < job.to; i++) {
    const seed = gameSeed(job.seed, i);
    let state;
    let error: string | undefined;
    if (job.table === 'baseline') {
      const run = playRandomGame({ players: job.players, seed, edition: job.edition ?? 'standard', invariants: false, characters: !!job.characters });
      state = run.state;
      error = run.error;
      out.actions += run.actions;
    } else {
      const run = playPolicyGame({
        players: job.players,
        seed,
        edition: job.edition,
        options: { characters: !!job.characters },
        seats: (_seat, identity, rng) =>
          job.table === 'allStrong' || identity === job.identity ? strong() : randomPolicy({ rng }),
        onDecision: (_seat, _p, ms) => {
          out.decisions++;
          out.decisionMs += ms;
          if (ms > out.maxDecisionMs) out.maxDecisionMs = ms;
          hist[Math.min(BUCKETS - 1, Math.floor(ms / BUCKET_MS))]++;
        },
      });
      state = run.state;
      error = run.error;
      out.actions += run.actions;
    }
    out.games++;
    if (error || !state.result) {
      out.errors++;
      out.firstError ??= error ?? 'no result';
      continue;
    }
    out.rounds += state.round;
    const r = state.result;
    if (r.draw) out.draws++;
    else for (const id of new Set(r.winners.map((w) => state.players[w].identity))) out.wins[id]++;
  }
  out.hist = hist;
  out.seconds = (performance.now() - t0) / 1000;
  return out;
}

export function mergeResults(a: JobResult, b: JobResult): JobResult {
  const hist = a.hist.length ? a.hist.slice() : new Array<number>(BUCKETS).fill(0);
  b.hist.forEach((x, i) => (hist[i] += x));
  const wins = { ...a.wins };
  for (const id of IDENTITIES) wins[id] += b.wins[id];
  return {
    job: a.job,
    games: a.games + b.games,
    errors: a.errors + b.errors,
    firstError: a.firstError ?? b.firstError,
    wins,
    draws: a.draws + b.draws,
    rounds: a.rounds + b.rounds,
    actions: a.actions + b.actions,
    decisions: a.decisions + b.decisions,
    decisionMs: a.decisionMs + b.decisionMs,
    maxDecisionMs: Math.max(a.maxDecisionMs, b.maxDecisionMs),
    hist,
    seconds: a.seconds + b.seconds,
  };
}

/** The q-quantile of a decision-time histogram, in ms (upper edge of its bucket). */
export function quantileMs(hist: readonly number[], q: number): number {
  const total = hist.reduce((s, x) => s + x, 0);
  if (total === 0) return 0;
  const want = Math.ceil(q * total);
  let seen = 0;
  for (let i = 0; i < hist.length; i++) {
    seen += hist[i];
    if (seen >= want) return (i + 1) * BUCKET_MS;
  }
  return hist.length * BUCKET_MS;
}
