// A learned evaluation of a position: the chance that a seat wins, from features of the position
// as a sampled world deals it (identities known), fitted by logistic regression on games of the
// strong policy at every seat, one model a kind of table: its size and the rules that change play
// (the edition, 角色版本, 胜利情报数; TableKind) (npm run ai:fit, src/cli/ai-fit.ts; the weights:
// learned-weights.ts).
//
// The expert's look-ahead (lookahead.ts) may value the position it reaches at the end of a turn by
// this chance instead of the strong policy's currency alone: the currency is one of the features,
// so the fit keeps what it knows and corrects it by what the games say wins.
import { CHARACTER_SETS, type GameView } from '../engine/index.js';
import type { CharacterSet, Edition, GameState } from '../engine/types.js';
import { BLACK, colorIndex, factionColor, idIndex, SOY } from './cards.js';
import { BELIEF_FITS, CHARACTER_WINS, LEARNED_MODELS } from './learned-weights.js';
import type { EvidenceWeights } from './beliefs.js';

/** The features, in order (a model's weights follow it). */
export const FEATURES = [
  'bias',
  'currency/100',
  'ally best ≥ need−2',
  'ally best = need−1',
  'allies at need−1',
  'enemy best ≥ need−2',
  'enemy best = need−1',
  'enemies at need−1',
  'my black 1',
  'my black 2',
  'allies at black 2',
  'enemies at black 2',
  'allies dead',
  'me dead',
  'enemies dead',
  'soy alive',
  'my hand/4',
  'allies hand/4',
  'enemies hand/4',
  'next is me',
  'next is ally',
  'next is enemy',
  'round/10',
] as const;

/**
 * What a fit is for: a table size and the rules that change how it plays. Absent fields are the
 * standard ones (the standard edition, the thirty characters of 003, three intel of a colour wins).
 */
export interface TableKind {
  players: number;
  edition?: Edition;
  characterSet?: CharacterSet;
  victoryIntel?: 4;
}

/** The kind a state is of. */
export function kindOfState(s: GameState): TableKind {
  return tableKind(s.players.length, s.edition, s.options.characterSet, s.options.victoryIntel);
}

/**
 * The kind a view is of. A view does not name the character set: it is the set of the characters in
 * sight (sample.ts deals from the same), or of `offered` (the characters a seat is choosing from).
 */
export function kindOfView(v: GameView, offered: readonly string[] = []): TableKind {
  const names = [...offered, ...v.players.flatMap((p) => (p.character ? [p.character] : []))];
  return tableKind(v.players.length, v.edition, characterSetOf(names), v.victoryIntel);
}

/** The set the named characters belong to (the first set holding one of them); standard for none. */
export function characterSetOf(names: Iterable<string>): CharacterSet {
  const list = [...names];
  return (Object.keys(CHARACTER_SETS) as CharacterSet[]).find((k) => list.some((c) => (CHARACTER_SETS[k] as string[]).includes(c))) ?? 'standard';
}

function tableKind(players: number, edition: Edition, characterSet: CharacterSet | undefined, victoryIntel: number | undefined): TableKind {
  return {
    players,
    ...(edition !== 'standard' && { edition }),
    ...(characterSet && characterSet !== 'standard' && { characterSet }),
    ...(victoryIntel === 4 && { victoryIntel: 4 as const }),
  };
}

/** The rules of a kind without its size, as one string ("standard/standard/3"). */
export const variantOf = (k: TableKind): string => `${k.edition ?? 'standard'}/${k.characterSet ?? 'standard'}/${k.victoryIntel ?? 3}`;

/** A kind's name for people and JSON keys: the size, then what is not standard ("7", "5 qianzhi", "9 classic 4"). */
export const kindName = (k: TableKind): string => [k.players, k.edition, k.characterSet, k.victoryIntel].filter((x) => x !== undefined).join(' ');

/**
 * Of things fitted one a kind of table, the one for `k`: of its variant (the same rules), the size
 * nearest (the first of two as near); with `exact`, that size only. A variant never fitted takes the
 * standard variant's. Undefined for none.
 */
export function fittedFor<T extends TableKind>(k: TableKind, list: readonly T[], exact = false): T | undefined {
  const pick = (variant: string) => {
    let best: T | undefined;
    for (const x of list) {
      if (variantOf(x) !== variant || (exact && x.players !== k.players)) continue;
      if (!best || Math.abs(x.players - k.players) < Math.abs(best.players - k.players)) best = x;
    }
    return best;
  };
  return pick(variantOf(k)) ?? pick(variantOf({ players: k.players }));
}

/** The models of one kind of table: a 潜伏战线 or 军情处 seat's and an 打酱油的's, each a weight per feature. */
export interface LearnedModel extends TableKind {
  /** What it was fitted on (ai:fit). */
  fitted?: string;
  faction: readonly number[];
  soy: readonly number[];
}

/**
 * The features of `s` seen from `me` with the identities `s` holds; `currency` is the strong
 * policy's value of the position (lookahead.ts positionValue). A 打酱油的 has no ally: every
 * faction player is its enemy.
 */
export function features(s: GameState, me: number, currency: number): Float64Array {
  const x = new Float64Array(FEATURES.length);
  const need = s.options.victoryIntel ?? 3;
  const my = idIndex(s.players[me].identity);
  const side = (k: number) => (my === SOY ? (k === SOY ? 0 : -1) : k === my ? 1 : k === SOY ? 0 : -1);
  let allyBest = 0;
  let enemyBest = 0;
  x[0] = 1;
  x[1] = currency / 100;
  for (let seat = 0; seat < s.players.length; seat++) {
    const p = s.players[seat];
    const k = idIndex(p.identity);
    const live = p.alive && !p.out;
    const c = [0, 0, 0];
    for (const id of p.intel) c[colorIndex(s.cards[id].color)]++;
    const own = k === SOY ? 0 : c[factionColor(k)];
    const sd = seat === me ? 1 : side(k);
    if (seat === me) {
      if (c[BLACK] === 1) x[8] = 1;
      if (c[BLACK] >= 2) x[9] = 1;
      if (!live) x[13] = 1;
      x[16] = p.hand.length / 4;
    }
    if (sd === 1 && live) {
      allyBest = Math.max(allyBest, own);
      if (own === need - 1) x[4]++;
      if (seat !== me) {
        if (c[BLACK] >= 2) x[10]++;
        x[17] += p.hand.length / 4;
      }
    } else if (sd === 1 && seat !== me) x[12]++;
    if (sd === -1) {
      if (!live) x[14]++;
      else {
        enemyBest = Math.max(enemyBest, own);
        if (own === need - 1) x[7]++;
        if (c[BLACK] >= 2) x[11]++;
        x[18] += p.hand.length / 4;
      }
    }
    if (k === SOY && seat !== me && live) x[15]++;
  }
  if (my !== SOY) {
    if (allyBest >= need - 2) x[2] = 1;
    if (allyBest === need - 1) x[3] = 1;
  }
  if (enemyBest >= need - 2) x[5] = 1;
  if (enemyBest === need - 1) x[6] = 1;
  if (s.current === me) x[19] = 1;
  else {
    const next = side(idIndex(s.players[s.current].identity));
    if (next === 1) x[20] = 1;
    else if (next === -1) x[21] = 1;
  }
  x[22] = s.round / 10;
  return x;
}

/**
 * How often each character's player won, one table a kind of table: games of the strong policy at
 * every seat (ai:fit's), before the identities were dealt, so over every identity the seat may get.
 */
export interface CharacterWins extends TableKind {
  /** Games the counts come from. */
  games: number;
  wins: Readonly<Record<string, number>>;
}

/** Pseudo-games at the table's mean win rate that a character's own count is shrunk toward (ai:fit). */
export const CHARACTER_PRIOR_GAMES = 50;

/** How often `character`'s player won at the kind of table nearest `k` (fittedFor); undefined for one never played there. */
export function characterWin(k: TableKind, character: string, tables: readonly CharacterWins[] = CHARACTER_WINS): number | undefined {
  return fittedFor(k, tables)?.wins[character];
}

/**
 * How the expert reads what players did at one table size (ai:fit): the prior that a player acts
 * for its side and each kind of evidence's weight, fitted so that the beliefs give the identities
 * as dealt the highest chance in games of strong players.
 */
export interface BeliefFit extends TableKind {
  /** What it was fitted on (ai:fit). */
  fitted?: string;
  strategicPrior: number;
  weights: EvidenceWeights;
}

/**
 * The fit for exactly this table size, of its variant or else the standard one's; undefined where
 * none was fitted (the expert then reads as the strong policy does).
 */
export function beliefFit(k: TableKind, fits: readonly BeliefFit[] = BELIEF_FITS): BeliefFit | undefined {
  return fittedFor(k, fits, true);
}

/**
 * Kinds of table where the expert reads its own beliefs as the strong policy does, though ai:fit fitted
 * a reading there. 千智风声 at 6 players: a 潜伏战线 faction among strong, 800 games (seed 5001,
 * src/ai/README.md), +15.3 [+11.1, +19.3] reading as strong against +13.0 [+8.7, +17.3] as fitted;
 * in ai:forks (seed 601, 78 games) +6.9 ± 4.3 points a game over the fitted reading, a 潜伏战线 seat's
 * windows most of it.
 */
export const READ_AS_STRONG: readonly { players: number; edition: GameView['edition'] }[] = [{ players: 6, edition: 'qianzhi' }];

/**
 * How the expert reads a seat's beliefs at this view's table (its moves and 提示's one-line reason
 * alike): the fit, or undefined where it reads as the strong policy does (no fit, no identity, or a
 * kind of READ_AS_STRONG).
 */
export function expertFit(v: GameView): BeliefFit | undefined {
  if (v.identity === undefined || READ_AS_STRONG.some((k) => k.players === v.players.length && k.edition === v.edition)) return undefined;
  return beliefFit(kindOfView(v));
}

/** The chance of a win by a model's weights. */
export function chance(w: readonly number[], x: Float64Array): number {
  let z = 0;
  for (let i = 0; i < x.length; i++) z += w[i] * x[i];
  return 1 / (1 + Math.exp(-z));
}

/** Each character's win rate from seats' results, shrunk toward the mean by CHARACTER_PRIOR_GAMES. */
export function characterWins(picks: readonly { character: string; y: number }[]): Record<string, number> {
  const mean = picks.reduce((a, p) => a + p.y, 0) / Math.max(1, picks.length);
  const sum = new Map<string, [number, number]>();
  for (const p of picks) {
    const e = sum.get(p.character) ?? [0, 0];
    e[0]++;
    e[1] += p.y;
    sum.set(p.character, e);
  }
  const out: Record<string, number> = {};
  for (const [name, [n, y]] of [...sum].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    out[name] = Math.round(((y + CHARACTER_PRIOR_GAMES * mean) / (n + CHARACTER_PRIOR_GAMES)) * 1e4) / 1e4;
  return out;
}

/** The model fitted for the kind of table nearest `k` (fittedFor). */
export function modelFor(k: TableKind, models: readonly LearnedModel[] = LEARNED_MODELS): LearnedModel {
  return fittedFor(k, models)!;
}

/** The position's learned value for `me`, on the look-ahead's scale: a win is +100, a loss −100. */
export function learnedValue(s: GameState, me: number, currency: number, models: readonly LearnedModel[] = LEARNED_MODELS): number {
  const m = modelFor(kindOfState(s), models);
  const w = idIndex(s.players[me].identity) === SOY ? m.soy : m.faction;
  return 200 * chance(w, features(s, me, currency)) - 100;
}

/**
 * Logistic regression by iteratively reweighted least squares, with a ridge of `lambda` on every
 * weight but the bias. `y` may be fractional (a draw is ½). Returns the weights.
 */
export function fitLogistic(xs: readonly Float64Array[], y: readonly number[], lambda = 1, iterations = 25): number[] {
  const d = xs[0].length;
  const w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const h = Array.from({ length: d }, () => new Float64Array(d));
    const g = new Float64Array(d);
    for (let n = 0; n < xs.length; n++) {
      const x = xs[n];
      const p = chance(w, x);
      const r = p * (1 - p);
      for (let i = 0; i < d; i++) {
        if (x[i] === 0) continue;
        g[i] += (y[n] - p) * x[i];
        const hi = h[i];
        const rx = r * x[i];
        for (let j = 0; j < d; j++) hi[j] += rx * x[j];
      }
    }
    for (let i = 1; i < d; i++) {
      g[i] -= lambda * w[i];
      h[i][i] += lambda;
    }
    for (let i = 0; i < d; i++) h[i][i] += 1e-9;
    const step = solve(h, g);
    let size = 0;
    for (let i = 0; i < d; i++) {
      w[i] += step[i];
      size = Math.max(size, Math.abs(step[i]));
    }
    if (size < 1e-7) break;
  }
  return w;
}

/** Mean log loss of a model on some positions (lower is better). */
export function logLoss(w: readonly number[], xs: readonly Float64Array[], y: readonly number[]): number {
  let s = 0;
  for (let n = 0; n < xs.length; n++) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, chance(w, xs[n])));
    s -= y[n] * Math.log(p) + (1 - y[n]) * Math.log(1 - p);
  }
  return s / Math.max(1, xs.length);
}

/** Solves a·x = b (a symmetric positive definite) by Gaussian elimination with partial pivoting. */
function solve(a: Float64Array[], b: Float64Array): number[] {
  const d = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < d; c++) {
    let piv = c;
    for (let r = c + 1; r < d; r++) if (Math.abs(m[r][c]) > Math.abs(m[piv][c])) piv = r;
    [m[c], m[piv]] = [m[piv], m[c]];
    for (let r = c + 1; r < d; r++) {
      const f = m[r][c] / m[c][c];
      if (f === 0) continue;
      for (let k = c; k <= d; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array<number>(d).fill(0);
  for (let r = d - 1; r >= 0; r--) {
    let s = m[r][d];
    for (let k = r + 1; k < d; k++) s -= m[r][k] * x[k];
    x[r] = s / m[r][r];
  }
  return x;
}
