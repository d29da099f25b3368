// Beliefs about the other seats' identities: an exact posterior over every identity assignment
// the table allows (5 players: 12 assignments; 9 players: 560), given what this seat has seen.
//
// Every other player is modelled as one of two kinds, unknown to us: "random" (acts without
// regard to identities) or "strategic" (acts for its side). An observation of player i adds
// log(P_strategic(obs | assignment) / P_random(obs)) to i's account for that assignment; the
// weight of an assignment is prior × hard facts × Π_i (q·e^{account_i} + 1 − q), which is the
// exact marginal over each player's kind with prior P(strategic) = q. Hard facts (a revealed
// identity, a 试探 we used) are certain and kept apart.
//
// Beliefs are values: every update returns a new object and never changes its input.
import { hasAltSplit, identitiesFor } from '../engine/index.js';
import { ID_LIST, idIndex } from './cards.js';

export interface AssignmentTable {
  n: number;
  me: number;
  myId: number;
  count: number;
  /** count × n identity indices (0 潜伏战线, 1 军情处, 2 打酱油的). */
  ids: Uint8Array;
  logPrior: Float64Array;
}

export interface BeliefNote {
  /** The seat whose behaviour (or identity) the note is about. */
  seat: number;
  /** What was seen, in a few words. */
  what: string;
  /** The other seat involved, if any. */
  other?: number;
}

export interface Beliefs {
  readonly table: AssignmentTable;
  /** Prior probability that a player acts strategically. */
  readonly q: number;
  /** How much each kind of evidence counts (its log ratios are multiplied by it; absent: 1). */
  readonly weights: EvidenceWeights;
  /** Log weight of hard facts per assignment (0 or -Infinity). */
  readonly hard: Float64Array;
  /** Per seat, per assignment: summed log likelihood ratio strategic / random. */
  readonly acc: readonly Float64Array[];
  /** Per seat, per assignment: P(strategic | assignment, that seat's behaviour). */
  readonly pStrat: readonly Float64Array[];
  /** Per seat, per assignment: mixLog(q, acc) (the account's term of logw, kept so a reading does not make it again). */
  readonly mix: readonly Float64Array[];
  /** Per assignment: log prior + hard facts + Σ_i log(q·e^{acc_i} + 1 − q) (unnormalised). */
  readonly logw: Float64Array;
  /** What was learnt, newest first (a shared list: adding a note copies nothing). */
  readonly notes: NoteList;
  /** What every player saw, newest first: any seat's beliefs can be made again from it (beliefsFrom). */
  readonly seen: SeenList;
}

/**
 * One thing every player saw: how `actor` behaved toward `other` (the log ratios by their
 * identities, 3 × 3), or an identity shown to all (`k`). Kept whoever the actor is (our own seat
 * too), so the list says what the others can have read about us.
 */
export type Seen =
  | { readonly actor: number; readonly other: number; readonly lr: Float64Array; readonly kind: EvidenceKind; readonly what: string }
  | { readonly actor: number; readonly k: number; readonly what: string };

/** An immutable list of what was seen, newest first. */
export type SeenList = { readonly seen: Seen; readonly prev: SeenList } | null;

/** An immutable list of notes, newest first. */
export type NoteList = { readonly note: BeliefNote; readonly prev: NoteList; readonly size: number } | null;

/** The kinds of evidence memory.ts reads from what a player did (each with its own strength, EvidenceWeights). */
export const EVIDENCE_KINDS = [
  'tookKnown', // took intel whose face it knew
  'refusedKnown', // refused intel whose face it knew
  'tookBlind', // took face-down intel (about its sender)
  'refusedBlind', // refused face-down intel (about its sender)
  'intercepted', // 截获 of intel of a colour
  'sentDirect', // sent a colour 直达 to a player
  'lockedPassed', // locked a player who then took the intel
  'tookOver', // took an intel from in front of a player
  'skillOnIntel', // 狙击 / 潜藏伏击 on a player's intel
  'bloodRose', // 血染玫瑰 on a player
  'burned', // 烧毁 of a player's black intel
  'negatedBurn', // 识破 of a 烧毁
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
/** A multiplier of each kind's log ratios (absent: 1; 0: the kind is not read at all). */
export type EvidenceWeights = Readonly<Partial<Record<EvidenceKind, number>>>;

export interface BeliefOptions {
  /** Whether the lobby used the optional identity split; unknown: mostly the default split. */
  altSplit?: boolean;
  /** Prior probability that another player acts strategically (default 0.5). */
  strategicPrior?: number;
  /** How much each kind of evidence counts (default: all 1, the hand-set ratios as they are). */
  weights?: EvidenceWeights;
}

const TABLES = new Map<string, AssignmentTable>();

function buildTable(n: number, me: number, myId: number, altSplit: boolean | undefined): AssignmentTable {
  const key = `${n}:${me}:${myId}:${altSplit}`;
  const hit = TABLES.get(key);
  if (hit) return hit;
  const splits: { counts: number[]; p: number }[] = [];
  const count = (alt: boolean) => {
    const c = [0, 0, 0];
    for (const id of identitiesFor(n, alt)) c[idIndex(id)]++;
    return c;
  };
  if (hasAltSplit(n)) {
    const pAlt = altSplit === undefined ? 0.05 : altSplit ? 1 : 0;
    splits.push({ counts: count(false), p: 1 - pAlt }, { counts: count(true), p: pAlt });
  } else splits.push({ counts: count(false), p: 1 });
  const rows: number[][] = [];
  const priors: number[] = [];
  for (const sp of splits) {
    if (sp.p <= 0 || sp.counts[myId] === 0) continue;
    // P(split | my identity) ∝ P(split) · P(my identity | split)
    const pSplit = (sp.p * sp.counts[myId]) / n;
    const left = sp.counts.slice();
    left[myId]--;
    const found: number[][] = [];
    const cur = new Array<number>(n).fill(0);
    cur[me] = myId;
    const rec = (seat: number) => {
      if (seat === n) {
        found.push(cur.slice());
        return;
      }
      if (seat === me) return rec(seat + 1);
      for (let k = 0; k < 3; k++) {
        if (left[k] === 0) continue;
        left[k]--;
        cur[seat] = k;
        rec(seat + 1);
        left[k]++;
      }
    };
    rec(0);
    for (const f of found) {
      rows.push(f);
      priors.push(pSplit / found.length);
    }
  }
  const total = priors.reduce((a, b) => a + b, 0);
  const ids = new Uint8Array(rows.length * n);
  const logPrior = new Float64Array(rows.length);
  rows.forEach((r, i) => {
    ids.set(r, i * n);
    logPrior[i] = Math.log(priors[i] / total);
  });
  const t: AssignmentTable = { n, me, myId, count: rows.length, ids, logPrior };
  TABLES.set(key, t);
  return t;
}

export function initialBeliefs(n: number, me: number, myIdentity: string, o: BeliefOptions = {}): Beliefs {
  const table = buildTable(n, me, idIndex(myIdentity as never), o.altSplit);
  const q = o.strategicPrior ?? 0.5;
  return {
    table,
    q,
    weights: o.weights ?? NO_WEIGHTS,
    hard: new Float64Array(table.count),
    acc: Array.from({ length: n }, () => new Float64Array(table.count)),
    mix: Array.from({ length: n }, () => new Float64Array(table.count)),
    pStrat: Array.from({ length: n }, (_, i) => new Float64Array(table.count).fill(i === me ? 1 : q)),
    logw: table.logPrior.slice(),
    notes: null,
    seen: null,
  };
}

const NO_WEIGHTS: EvidenceWeights = Object.freeze({});

function withNote(notes: NoteList, note: BeliefNote): NoteList {
  return { note, prev: notes, size: (notes?.size ?? 0) + 1 };
}

/** The notes, oldest first (the last `max` of them). */
export function noteList(b: Beliefs, max = 200): BeliefNote[] {
  const out: BeliefNote[] = [];
  for (let l = b.notes; l && out.length < max; l = l.prev) out.push(l.note);
  return out.reverse();
}

/** A certain fact about a seat's identity: assignments where `ok(identity)` fails are dropped. */
export function hardFact(b: Beliefs, seat: number, ok: (id: number) => boolean, what: string): Beliefs {
  const t = b.table;
  if (seat === t.me) return b;
  const hard = b.hard.slice();
  const logw = b.logw.slice();
  let alive = 0;
  for (let a = 0; a < t.count; a++) {
    if (!ok(t.ids[a * t.n + seat])) {
      hard[a] = -Infinity;
      logw[a] = -Infinity;
    }
    if (hard[a] !== -Infinity) alive++;
  }
  // A fact that contradicts everything (a rule we do not model, e.g. a future skill): ignore it.
  if (alive === 0) return b;
  return { ...b, hard, logw, notes: withNote(b.notes, { seat, what }) };
}

/** An identity shown to every player (a reveal, 黄雀在后): a hard fact, and kept in `seen`. */
export function shownToAll(b: Beliefs, seat: number, k: number, what: string): Beliefs {
  if (seat < 0 || seat >= b.table.n) return b;
  const seen: SeenList = { seen: { actor: seat, k, what }, prev: b.seen };
  return { ...hardFact(b, seat, (id) => id === k, what), seen };
}

/**
 * Evidence about how `actor` behaved toward `other` (or itself when other === actor):
 * ratio[idActor][idOther] = P_strategic(obs) / P_random(obs). Every player saw it (kept in `seen`).
 */
export function pairEvidence(
  b: Beliefs,
  actor: number,
  other: number,
  ratio: (idActor: number, idOther: number) => number,
  kind: EvidenceKind,
  what: string,
): Beliefs {
  const t = b.table;
  if (actor < 0 || actor >= t.n) return b;
  const lr = new Float64Array(9);
  let any = false;
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      const r = ratio(i, j);
      lr[i * 3 + j] = r === 1 ? 0 : Math.log(Math.max(1e-6, r));
      if (lr[i * 3 + j] !== 0) any = true;
    }
  if (!any) return b;
  return withEvidence(b, actor, other, lr, kind, what);
}

/** The evidence (log ratios `lr`, 3 × 3) added to the actor's account, times its kind's weight; kept in `seen` as it was. */
function withEvidence(b: Beliefs, actor: number, other: number, lr: Float64Array, kind: EvidenceKind, what: string): Beliefs {
  const t = b.table;
  const seen: SeenList = { seen: { actor, other, lr, kind, what }, prev: b.seen };
  const scale = b.weights[kind] ?? 1;
  if (actor === t.me || scale === 0) return { ...b, seen };
  const acc = b.acc.slice();
  const pStrat = b.pStrat.slice();
  const mine = b.acc[actor].slice();
  const ps = b.pStrat[actor].slice();
  const logw = b.logw.slice();
  const q = b.q;
  // mixLog(q, mine[a]) as the reading that made the account left it.
  const mix = b.mix.slice();
  const mixed = b.mix[actor].slice();
  const { n, ids } = t;
  for (let a = 0; a < t.count; a++) {
    const x = lr[ids[a * n + actor] * 3 + ids[a * n + other]];
    if (x === 0) continue;
    const after = mine[a] + scale * x;
    mine[a] = after;
    const e = q * Math.exp(Math.min(after, 60));
    ps[a] = e / (e + 1 - q);
    const l = Math.log(e + 1 - q);
    if (logw[a] !== -Infinity) logw[a] += l - mixed[a];
    // mixLog(q, after): the same expression, 0 where the account is back at 0.
    mixed[a] = after === 0 ? 0 : l;
  }
  acc[actor] = mine;
  mix[actor] = mixed;
  pStrat[actor] = ps;
  return { ...b, acc, mix, pStrat, logw, seen, notes: withNote(b.notes, other === actor ? { seat: actor, what } : { seat: actor, what, other }) };
}

const REPLAYED = new WeakMap<object, Map<string, Beliefs>>();

/**
 * The beliefs `seat` (of identity `myIdentity`) holds after seeing what every player saw
 * (`seen`, another seat's `Beliefs.seen`): its own identity, the identities shown to all and the
 * evidence, but none of that seat's secrets (a 试探 it used, 合谋). Made once per list, seat and
 * identity (a decision's worlds share them).
 */
export function beliefsFrom(seen: SeenList, n: number, seat: number, myIdentity: string, o: BeliefOptions = {}): Beliefs {
  const key = `${n}:${seat}:${myIdentity}:${o.altSplit}:${o.strategicPrior}:${o.weights ? JSON.stringify(o.weights) : ''}`;
  const cache = seen ? REPLAYED.get(seen) ?? new Map<string, Beliefs>() : undefined;
  const hit = cache?.get(key);
  if (hit) return hit;
  // Read on from the newest older list this seat's beliefs were made from (an earlier decision's):
  // the same reading in the same order as from the start, so the same beliefs.
  const list: Seen[] = [];
  let from: Beliefs | undefined;
  for (let l = seen; l; l = l.prev) {
    from = l === seen ? undefined : REPLAYED.get(l)?.get(key);
    if (from) break;
    list.push(l.seen);
  }
  let b = from ?? initialBeliefs(n, seat, myIdentity, o);
  for (let i = list.length - 1; i >= 0; i--) {
    const x = list[i];
    b = 'k' in x ? shownToAll(b, x.actor, x.k, x.what) : withEvidence(b, x.actor, x.other, x.lr, x.kind, x.what);
  }
  if (seen && cache) {
    cache.set(key, b);
    REPLAYED.set(seen, cache);
  }
  return b;
}

/**
 * The same seat's beliefs with what every player saw read again under other options (the
 * evidence's weights, the strategic prior), keeping every certain fact of `b`, its secrets too (a
 * 试探 it used, 合谋: they are hard facts, never evidence).
 */
export function reread(b: Beliefs, o: BeliefOptions): Beliefs {
  const t = b.table;
  const r = beliefsFrom(b.seen, t.n, t.me, ID_LIST[t.myId], o);
  const hard = new Float64Array(t.count);
  const logw = r.logw.slice();
  for (let a = 0; a < t.count; a++)
    if (b.hard[a] === -Infinity || r.hard[a] === -Infinity) {
      hard[a] = -Infinity;
      logw[a] = -Infinity;
    }
  return { ...r, hard, logw, notes: b.notes, seen: b.seen };
}

/** log(q·e^d + 1 − q): one seat's term of an assignment's weight. */
export const mixLog = (q: number, d: number): number => (d === 0 ? 0 : Math.log(q * Math.exp(Math.min(d, 60)) + 1 - q));

const WEIGHTS = new WeakMap<Beliefs, Float64Array>();

/** Normalised posterior weight of each assignment. */
export function weights(b: Beliefs): Float64Array {
  const hit = WEIGHTS.get(b);
  if (hit) return hit;
  const t = b.table;
  const w = new Float64Array(t.count);
  let max = -Infinity;
  for (let a = 0; a < t.count; a++) if (b.logw[a] > max) max = b.logw[a];
  let sum = 0;
  for (let a = 0; a < t.count; a++) {
    w[a] = b.logw[a] === -Infinity ? 0 : Math.exp(b.logw[a] - max);
    sum += w[a];
  }
  for (let a = 0; a < t.count; a++) w[a] /= sum;
  WEIGHTS.set(b, w);
  return w;
}

export interface Marginals {
  /** P(seat has identity k), n × 3 (row-major). */
  id: Float64Array;
  /** P(seat acts strategically) (the own seat: 1). */
  strategic: Float64Array;
}

const MARGINALS = new WeakMap<Beliefs, Marginals>();

export function marginals(b: Beliefs): Marginals {
  const hit = MARGINALS.get(b);
  if (hit) return hit;
  const t = b.table;
  const w = weights(b);
  const id = new Float64Array(t.n * 3);
  const strategic = new Float64Array(t.n);
  const { n, ids, count } = t;
  const ps = b.pStrat;
  for (let a = 0; a < count; a++) {
    const wa = w[a];
    if (wa === 0) continue;
    const row = a * n;
    for (let i = 0; i < n; i++) {
      id[i * 3 + ids[row + i]] += wa;
      strategic[i] += wa * ps[i][a];
    }
  }
  strategic[t.me] = 1;
  const m = { id, strategic };
  MARGINALS.set(b, m);
  return m;
}

/** P(identity of seat = k). */
export const pIdentity = (b: Beliefs, seat: number, k: number): number => marginals(b).id[seat * 3 + k];

/** P(seat is in my faction); always 0 for an 打酱油的 (no alliance between them). */
export function pAlly(b: Beliefs, seat: number): number {
  const my = b.table.myId;
  if (my === 2) return seat === b.table.me ? 1 : 0;
  return pIdentity(b, seat, my);
}

export interface SeatBelief {
  seat: number;
  identity: Record<string, number>;
  /** Most likely identity. */
  likely: string;
  ally: number;
  strategic: number;
  notes: BeliefNote[];
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** A plain, JSON-ready picture of the beliefs, one entry per seat: for tests and logs. */
export function explainBeliefs(b: Beliefs): SeatBelief[] {
  const m = marginals(b);
  const all = noteList(b);
  const out: SeatBelief[] = [];
  for (let s = 0; s < b.table.n; s++) {
    const identity: Record<string, number> = {};
    let best = 0;
    for (let k = 0; k < 3; k++) {
      identity[ID_LIST[k]] = round(m.id[s * 3 + k]);
      if (m.id[s * 3 + k] > m.id[s * 3 + best]) best = k;
    }
    out.push({
      seat: s,
      identity,
      likely: ID_LIST[best],
      ally: round(pAlly(b, s)),
      strategic: round(m.strategic[s]),
      notes: all.filter((nt) => nt.seat === s || nt.other === s),
    });
  }
  return out;
}
