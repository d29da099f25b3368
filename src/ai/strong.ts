// The strong policy: plays for its side from its view, the legal actions and its beliefs.
//
// Everything is scored in one currency: the expected change of a position value seen from
// this seat (its faction's progress toward three of its colour, its enemies' progress, black
// intel as death risk, deaths, and ±WIN for the end). Where intel will land is predicted by
// walking its path: each stop takes it with a probability from our model of that player (a
// random player: one half; a strategic one: by what the colour means to its likely identity;
// a locked one: always), and the sender takes what comes back. Cards in hand are worth
// keeping; a card is used when what it changes is worth more than keeping it.
import { intelOwnerIn, type GameView, type SeenCard } from '../engine/index.js';
import type { Action, Mode } from '../engine/types.js';
import { marginals, pAlly, weights } from './beliefs.js';
import { BLACK, BLUE, colorIndex, factionColor, idIndex, RED, SOY } from './cards.js';
import type { SeatMemory } from './memory.js';
import { newMemory } from './memory.js';
import { goodness, sigmoid } from './model.js';
import { viewSeed, type Policy } from './policy.js';
import { randInt, seedRng } from '../engine/rng.js';

export interface StrongParams {
  win: number;
  /** Value of a faction member's own-colour count 0, 1, 2 (3 is a win). */
  progress: [number, number, number];
  /** Cost of black count 0, 1, 2 in front of a player (3 kills). */
  black: [number, number, number];
  deadAlly: number;
  deadEnemy: number;
  deadSoy: number;
  /** 打酱油的 only: value of each other player's death (the way to be last). */
  deadOther: number;
  /** Value of keeping a card in hand, by name. */
  keep: Record<string, number>;
  /** A use must beat keeping the card by this much. */
  margin: number;
  /** Weight of information (bits about identities) from a 试探. */
  info: number;
  /** Chance that a 锁定 or other play of ours is undone (识破) — discounts its gain. */
  undo: number;
  /** Value of a player drawing two (or, negated, discarding one) for its side. */
  probeEffect: number;
  /** With characters: how much an 打酱油的's intel of a 机密任务 colour threatens us (0: ignore). */
  soyThreat: number;
}

export const DEFAULT_PARAMS: StrongParams = {
  win: 100,
  progress: [0, 10, 30],
  black: [0, 8, 25],
  deadAlly: 45,
  deadEnemy: 35,
  deadSoy: 6,
  deadOther: 30,
  keep: { 识破: 5, 截获: 4, 锁定: 4, 烧毁: 6, 破译: 1.5, 退回: 1.5, 调虎离山: 2.5, 试探: 1, 真伪莫辨: 1 },
  margin: 0.5,
  info: 1,
  undo: 0.1,
  probeEffect: 3,
  soyThreat: 1,
};

type Vec3 = [number, number, number];

interface Flight {
  sender: number;
  mode: Mode;
  dir: 1 | -1;
  target?: number;
  away: number;
  locked: number;
}

const bit = (s: number) => 1 << s;

/** The 机密任务 of an 打酱油的's character, as the policy plays for it. */
type Mission =
  | { kind: 'color'; x: number } // 三张或以上的某色情报
  | { kind: 'dieAfter' } // 浮萍: be the second or later to die
  | { kind: 'dieRed' } // 老鬼: die holding four red cards
  | { kind: 'deaths' } // 黄雀: a 潜伏战线 and a 军情处 dead
  | { kind: 'killClean' } // 闪灵: kill one with no true intel yourself
  | { kind: 'killRich' } // 黑玫瑰: kill one with three true intel yourself
  | { kind: 'hand'; colors: number[]; names: string[]; keep: number } // 老金, 钢铁特工R
  | null;

function missionOf(character: string | undefined): Mission {
  switch (character) {
    case '译电员':
    case '峨嵋风':
      return { kind: 'color', x: BLUE };
    case '老枪':
      return { kind: 'color', x: RED };
    case '浮萍':
      return { kind: 'dieAfter' };
    case '老鬼':
      return { kind: 'dieRed' };
    case '黄雀':
      return { kind: 'deaths' };
    case '闪灵':
      return { kind: 'killClean' };
    case '黑玫瑰':
      return { kind: 'killRich' };
    case '老金':
      return { kind: 'hand', colors: [RED, BLUE], names: [], keep: 3 };
    case '钢铁特工R':
      return { kind: 'hand', colors: [], names: ['识破'], keep: 6 };
  }
  return null;
}

/** Everything one decision needs, computed once. */
class Table {
  readonly v: GameView;
  readonly m: SeatMemory;
  readonly p: StrongParams;
  readonly me: number;
  readonly my: number;
  readonly n: number;
  /** n × 3 identity probabilities (known ones are certain). */
  readonly idp: Float64Array;
  readonly strat: Float64Array;
  readonly alive: boolean[];
  readonly counts: Vec3[];
  private dvCache: Vec3[] | null = null;
  private poolCache: Vec3 | null = null;
  readonly lockedMask: number;
  /** 打酱油的 with a character: its 机密任务, the other way to win. */
  readonly mission: Mission;
  /** Players dead so far (not those out), and whether a 潜伏战线 / 军情处 is among them. */
  readonly deaths: number;
  readonly deadFaction: [boolean, boolean];
  /** Per seat: P(its 机密任务 is three red intel), P(… three blue), were it an 打酱油的. */
  readonly soyColors: [number, number][];

  constructor(v: GameView, m: SeatMemory, p: StrongParams) {
    this.v = v;
    this.m = m;
    this.p = p;
    this.me = v.you!;
    this.my = idIndex(v.identity!);
    this.n = v.players.length;
    const mg = marginals(m.beliefs);
    this.idp = mg.id.slice();
    this.strat = mg.strategic;
    this.alive = v.players.map((q) => q.alive && !q.out);
    this.deaths = v.players.filter((q) => !q.alive).length;
    this.deadFaction = [
      v.players.some((q) => !q.alive && q.identity === '潜伏战线'),
      v.players.some((q) => !q.alive && q.identity === '军情处'),
    ];
    this.mission = this.my === SOY ? missionOf(v.players[this.me].character) : null;
    this.soyColors = v.players.map((q) => {
      if (q.faceUp === undefined || p.soyThreat === 0) return [0, 0]; // no characters
      if (q.character !== undefined) {
        const ms = missionOf(q.character);
        return ms?.kind === 'color' ? (ms.x === RED ? [1, 0] : [0, 1]) : [0, 0];
      }
      return [0.1, 0.2]; // a face-down character: 1 in 10 wants red, 2 in 10 blue
    });
    this.counts = v.players.map((q) => {
      const c: Vec3 = [0, 0, 0];
      for (const card of q.intel) c[colorIndex(card.color)]++;
      return c;
    });
    let lockedMask = 0;
    for (const q of v.players) {
      if (q.identity !== undefined) {
        const k = idIndex(q.identity);
        for (let j = 0; j < 3; j++) this.idp[q.seat * 3 + j] = j === k ? 1 : 0;
      }
      if (q.locked) lockedMask |= bit(q.seat);
    }
    this.lockedMask = lockedMask;
  }

  /** dv[s][x]: value change when a card of colour x lands in front of s (made when first asked). */
  get dv(): Vec3[] {
    if (this.dvCache) return this.dvCache;
    const dv: Vec3[] = [];
    for (let s = 0; s < this.n; s++) {
      const d: Vec3 = [0, 0, 0];
      if (this.alive[s]) for (let x = 0; x < 3; x++) d[x] = this.delta(s, x);
      dv.push(d);
    }
    return (this.dvCache = dv);
  }

  /** Colour distribution of a card we cannot see: all cards, less our hand, the intel on the table, known discards. */
  get pool(): Vec3 {
    if (this.poolCache) return this.poolCache;
    const total: Vec3 = [0, 0, 0];
    for (const c of this.m.cards) total[colorIndex(c.color)]++;
    for (const c of this.v.hand ?? []) total[colorIndex(c.color)]--;
    for (const q of this.v.players) for (const c of q.intel) total[colorIndex(c.color)]--;
    for (let x = 0; x < 3; x++) total[x] = Math.max(0.5, total[x] - this.m.discardKnown[x]);
    const sum = total[0] + total[1] + total[2];
    return (this.poolCache = [total[0] / sum, total[1] / sum, total[2] / sum]);
  }

  /** Value, for us, of a seat with identity k holding counts c (alive or not). */
  seatValue(s: number, k: number, c: Vec3, alive: boolean): number {
    const p = this.p;
    const my = this.my;
    if (my !== SOY) {
      const enemy = 1 - my;
      if (k === my) {
        if (!alive) return -p.deadAlly;
        if (c[factionColor(my)] >= 3) return p.win;
        return p.progress[c[factionColor(my)]] - p.black[c[BLACK]];
      }
      if (k === enemy) {
        if (!alive) return p.deadEnemy;
        if (c[factionColor(enemy)] >= 3) return -p.win;
        return -p.progress[c[factionColor(enemy)]] + 0.8 * p.black[c[BLACK]];
      }
      if (!alive) return p.deadSoy;
      // With characters an 打酱油的 may win on three intel of one colour (译电员, 峨嵋风: blue; 老枪: red).
      const [pr, pb] = this.soyColors[s];
      let v = 0.3 * p.black[c[BLACK]];
      if (pr + pb > 0) {
        if (c[RED] >= 3) v -= pr * p.win;
        else v -= pr * p.soyThreat * p.progress[c[RED]];
        if (c[BLUE] >= 3) v -= pb * p.win;
        else v -= pb * p.soyThreat * p.progress[c[BLUE]];
      }
      return v;
    }
    // 打酱油的: alone against everyone; the last one standing wins, or its 机密任务 does.
    const ms = this.mission;
    if (s === this.me) {
      if (ms?.kind === 'dieAfter' && this.deaths >= 1) return alive ? p.progress[Math.min(2, c[BLACK])] : p.win;
      if (ms?.kind === 'dieRed' && (this.v.hand ?? []).filter((h) => h.color === '红').length >= 4 && !alive) return p.win;
      if (!alive) return -p.win;
      if (ms?.kind === 'color') {
        if (c[ms.x] >= 3) return p.win;
        return p.progress[c[ms.x]] - 1.6 * p.black[c[BLACK]];
      }
      return -1.6 * p.black[c[BLACK]] + 0.5 * (c[RED] + c[BLUE]);
    }
    if (!alive) {
      if (ms?.kind === 'deaths' && k !== SOY && !this.deadFaction[k])
        return this.deadFaction[1 - k] ? p.win : p.deadOther + 30;
      return p.deadOther;
    }
    if (k !== SOY && c[factionColor(k)] >= 3) return -p.win;
    return (k === SOY ? 0 : -p.progress[c[factionColor(k)]]) + p.black[c[BLACK]];
  }

  /** 闪灵 / 黑玫瑰 as 打酱油的: a death we cause ourselves (亲手) may win. */
  killBonus(s: number): number {
    const ms = this.mission;
    if (!ms || (ms.kind !== 'killClean' && ms.kind !== 'killRich') || s === this.me) return 0;
    const c = this.counts[s];
    if (c[BLACK] < 2) return 0;
    const tru = c[RED] + c[BLUE];
    return (ms.kind === 'killClean' ? tru === 0 : tru >= 3) ? this.p.win : 0;
  }

  /** dv, plus what our own intel (or skill) landing there does for a kill mission. */
  ownDv(): Vec3[] {
    if (!this.mission || (this.mission.kind !== 'killClean' && this.mission.kind !== 'killRich')) return this.dv;
    return this.dv.map((d, s) => [d[0], d[1], d[2] + (this.alive[s] ? this.killBonus(s) : 0)] as Vec3);
  }

  /** Value change when cards of the colours `add` land in front of s at once. */
  addValue(s: number, add: Vec3): number {
    const c = this.counts[s];
    const after: Vec3 = [c[0] + add[0], c[1] + add[1], c[2] + add[2]];
    const dies = after[BLACK] >= 3;
    let d = 0;
    for (let k = 0; k < 3; k++) {
      const pk = this.idp[s * 3 + k];
      if (pk) d += pk * (this.seatValue(s, k, after, !dies) - this.seatValue(s, k, c, true));
    }
    return d;
  }

  /** Value change when intel cards leave the front of s. */
  removeValue(s: number, cards: readonly { color: string }[]): number {
    const c = this.counts[s];
    const after: Vec3 = [c[0], c[1], c[2]];
    for (const card of cards) after[colorIndex(card.color as never)]--;
    let d = 0;
    for (let k = 0; k < 3; k++) {
      const pk = this.idp[s * 3 + k];
      if (pk) d += pk * (this.seatValue(s, k, after, true) - this.seatValue(s, k, c, true));
    }
    return d;
  }

  private delta(s: number, x: number): number {
    const c = this.counts[s];
    const after: Vec3 = [c[0], c[1], c[2]];
    after[x]++;
    const dies = after[BLACK] >= 3;
    let d = 0;
    for (let k = 0; k < 3; k++) {
      const pk = this.idp[s * 3 + k];
      if (pk === 0) continue;
      d += pk * (this.seatValue(s, k, after, !dies) - this.seatValue(s, k, c, true));
    }
    return d;
  }

  /** Value change of taking one black away from s (烧毁). */
  burnGain(s: number): number {
    const c = this.counts[s];
    if (c[BLACK] === 0) return 0;
    const after: Vec3 = [c[0], c[1], c[2] - 1];
    let d = 0;
    for (let k = 0; k < 3; k++) {
      const pk = this.idp[s * 3 + k];
      if (pk) d += pk * (this.seatValue(s, k, after, true) - this.seatValue(s, k, c, true));
    }
    return d;
  }

  /** P(s is on our side): 1 for ourselves, 0 for everyone when we are 打酱油的. */
  ally(s: number): number {
    if (s === this.me) return 1;
    return this.my === SOY ? 0 : this.idp[s * 3 + this.my];
  }

  /** Probability that another seat takes a card of colour x (it knows the colour or not). */
  takeProb(s: number, x: number, knows: boolean, sender: number, locked: number): number {
    if (locked & bit(s)) return 1;
    const st = this.strat[s];
    let ps = 0;
    for (let k = 0; k < 3; k++) {
      const pk = this.idp[s * 3 + k];
      if (!pk) continue;
      if (knows) ps += pk * sigmoid(3 * goodness(x, k, k, true));
      else {
        // strategic players take face-down intel from friends, rarely from others
        let friend = 0;
        if (k !== SOY) friend = sender === this.me ? (k === this.my ? 1 : 0) : this.idp[sender * 3 + k];
        ps += pk * (0.2 + 0.55 * friend);
      }
    }
    return (1 - st) * 0.5 + st * ps;
  }

  canStop(f: Flight, s: number): boolean {
    if (!this.alive[s]) return false;
    if (f.away & bit(s) && !(f.locked & bit(s))) return false;
    return true;
  }

  /** Stops after leaving `from`, the sender (who must take it) last. */
  pathAfter(f: Flight, from: number): number[] {
    if (f.mode === '直达') {
      if (from === f.sender && f.target !== undefined && f.target !== f.sender && this.canStop(f, f.target))
        return [f.target, f.sender];
      return [f.sender];
    }
    const out: number[] = [];
    let s = from;
    for (let k = 0; k < this.n; k++) {
      s = (s + f.dir + this.n) % this.n;
      if (s === f.sender) {
        out.push(s);
        return out;
      }
      if (this.canStop(f, s)) out.push(s);
    }
    out.push(f.sender);
    return out;
  }

  /**
   * Expected value per colour of intel that will visit `stops` in order (the last is its
   * sender, who must take it). `knows(s)`: whether s will see its face. `dist`: what we
   * believe its colour is (for our own choice where we cannot see it).
   */
  pathValue(f: Flight, stops: number[], knows: (s: number) => boolean, dist: Vec3, dv: Vec3[] = this.dv): Vec3 {
    const last = stops[stops.length - 1];
    const V: Vec3 = [0, 0, 0];
    if (last === f.sender) {
      if (this.alive[last]) for (let x = 0; x < 3; x++) V[x] = dv[last][x];
    } else for (let x = 0; x < 3; x++) V[x] = dv[last][x];
    for (let i = stops.length - 2; i >= 0; i--) {
      const s = stops[i];
      if (s === this.me) {
        if (f.locked & bit(s)) {
          for (let x = 0; x < 3; x++) V[x] = dv[s][x];
        } else if (knows(s)) {
          for (let x = 0; x < 3; x++) V[x] = Math.max(V[x], dv[s][x]);
        } else {
          let take = 0;
          let refuse = 0;
          for (let x = 0; x < 3; x++) {
            take += dist[x] * dv[s][x];
            refuse += dist[x] * V[x];
          }
          if (take > refuse) for (let x = 0; x < 3; x++) V[x] = dv[s][x];
        }
        continue;
      }
      const kn = knows(s);
      for (let x = 0; x < 3; x++) {
        const pt = this.takeProb(s, x, kn, f.sender, f.locked);
        V[x] = pt * dv[s][x] + (1 - pt) * V[x];
      }
    }
    return V;
  }

  /** What a card sent by `sender` (face unseen) is likely to be. */
  senderDist(sender: number, mode: Mode, target: number | undefined): Vec3 {
    const pool = this.pool;
    if (mode !== '直达' || target === undefined || sender === this.me) return pool;
    const st = this.strat[sender];
    if (st < 0.05) return pool;
    // P(x | strategic sender) ∝ pool(x) · 2σ(2 g(x, sender, target)), over the joint identities.
    const b = this.m.beliefs;
    const t = b.table;
    const w = weights(b);
    const pref: Vec3 = [0, 0, 0];
    const joint = new Float64Array(9);
    const ks = this.v.players[sender].identity;
    const kt = this.v.players[target].identity;
    for (let a = 0; a < t.count; a++) {
      if (!w[a]) continue;
      const i = ks !== undefined ? idIndex(ks) : t.ids[a * t.n + sender];
      const j = kt !== undefined ? idIndex(kt) : t.ids[a * t.n + target];
      joint[i * 3 + j] += w[a];
    }
    let tot = 0;
    const out: Vec3 = [0, 0, 0];
    for (let x = 0; x < 3; x++) {
      for (let ij = 0; ij < 9; ij++)
        if (joint[ij]) pref[x] += joint[ij] * 2 * sigmoid(2 * goodness(x, Math.floor(ij / 3), ij % 3, false));
      out[x] = pool[x] * ((1 - st) + st * pref[x]);
      tot += out[x];
    }
    return [out[0] / tot, out[1] / tot, out[2] / tot];
  }

  keep(card: SeenCard): number {
    let k = this.p.keep[card.name] ?? 1;
    // Several of the same card are worth less each.
    const same = (this.v.hand ?? []).filter((c) => c.name === card.name).length;
    if (same > 1) k *= 0.6;
    // The colour is what it is worth as intel to send later.
    const x = colorIndex(card.color);
    if (this.my !== SOY && x === factionColor(this.my)) k += 1.5;
    const ms = this.mission;
    if (ms?.kind === 'hand' && (ms.colors.includes(x) || ms.names.includes(card.name))) k += ms.keep;
    if (ms?.kind === 'dieRed' && x === RED) k += 4;
    return k;
  }
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The flight of the intel now in transit, as this seat sees it. */
type CurrentFlight = { f: Flight; dist: Vec3; knows: (s: number) => boolean; known: boolean };

const FLIGHTS = new WeakMap<Table, CurrentFlight | null>();

function currentFlight(tb: Table): CurrentFlight | null {
  if (FLIGHTS.has(tb)) return FLIGHTS.get(tb)!;
  const cf = computeFlight(tb);
  FLIGHTS.set(tb, cf);
  return cf;
}

function computeFlight(tb: Table): CurrentFlight | null {
  const t = tb.v.transit;
  if (!t) return null;
  let away = 0;
  for (const s of t.away) away |= bit(s);
  const f: Flight = { sender: t.sender, mode: t.mode, dir: t.dir, target: t.target, away, locked: tb.lockedMask };
  const mt = tb.m.transit;
  const faceUp = t.mode === '文本';
  const knownTo = mt ? mt.knownTo : bit(t.sender);
  const knows = (s: number) => faceUp || (knownTo & bit(s)) !== 0 || (s === tb.me && t.card !== undefined);
  let dist: Vec3;
  if (t.card) {
    dist = [0, 0, 0];
    dist[colorIndex(t.card.color)] = 1;
  } else dist = tb.senderDist(t.sender, t.mode, t.target);
  return { f, dist, knows, known: t.card !== undefined };
}

/** Stops from the seat the intel is heading to (transmit) or at (arrive/receive). */
function stopsFrom(tb: Table, f: Flight, at: number): number[] {
  if (at === f.sender) return [f.sender];
  const rest = tb.pathAfter(f, at);
  return tb.canStop(f, at) ? [at, ...rest] : tb.pathAfter(f, at);
}

function flightValue(tb: Table, f: Flight, at: number, knows: (s: number) => boolean, dist: Vec3): number {
  return dot(dist, tb.pathValue(f, stopsFrom(tb, f, at), knows, dist));
}

type PlayAct = Extract<Action, { kind: 'play' }>;
type SendAct = Extract<Action, { kind: 'send' }>;
type SkillAct = Extract<Action, { kind: 'skill' }>;
type DecideAct = Extract<Action, { kind: 'decide' }>;

/**
 * Worth of keeping an active skill for later (a 翻开 skill is used once, then the character is
 * face up); Infinity: never used by this policy (合谋 puts a black intel in front of oneself).
 */
const SKILL_KEEP: Record<string, number> = {
  截上: 4,
  警觉: 5,
  狙击: 8,
  潜藏伏击: 5,
  掩护: 0.5,
  血染玫瑰: 6,
  先机: 2,
  速译: 2,
  弹药无限: 0,
  声东击西: 1,
  爱情: 2,
  合谋: Infinity,
};

/** Characters by how much their skills do for any side (identities are dealt after the choice). */
const CHARACTER_RANK = ['闪灵', '钢铁特工R', '黑玫瑰', '峨嵋风', '黄雀', '浮萍', '老金', '老鬼', '老枪', '译电员'];

function pickCharacter(legal: readonly Action[]): Action {
  const rank = (a: Action) => {
    const i = CHARACTER_RANK.indexOf((a as { character?: string }).character ?? '');
    return i < 0 ? CHARACTER_RANK.length : i;
  };
  let best = legal[0];
  for (const a of legal) if (rank(a) < rank(best)) best = a;
  return best;
}

/** Answers a skill's question (view.pending.skill / stage): each choice scored, else the default. */
function decideSkill(tb: Table, legal: readonly DecideAct[]): Action {
  const v = tb.v;
  const skill = v.pending?.skill;
  const stage = v.pending?.stage;
  const hand = v.hand ?? [];
  const handById = new Map(hand.map((c) => [c.id, c]));
  const by = (score: (a: DecideAct) => number): Action => {
    let best: Action = legal[0];
    let bestS = score(legal[0]);
    for (const a of legal) {
      const sc = score(a);
      if (sc > bestS) {
        bestS = sc;
        best = a;
      }
    }
    return best;
  };
  const colorsOf = (ids: readonly number[] | undefined): Vec3 => {
    const c: Vec3 = [0, 0, 0];
    for (const id of ids ?? []) c[colorIndex(tb.m.cards[id].color)]++;
    return c;
  };
  switch (skill) {
    case '就计': // flip, draw two
    case '洞悉': // face down again: the 翻开 skill can be used once more
      return by((a) => (a.option === 'yes' ? 1 : 0));
    case '弃卒保帅':
      if (stage === 'use') return by((a) => (a.option === 'yes' ? 1 : 0));
      // which cards go back on the deck: the least worth keeping
      return by((a) => (a.card === undefined ? -Infinity : -tb.keep(handById.get(a.card)!)));
    case '城府': {
      // comply: the 试探 does what it says and its user learns the truth (or a lie);
      // deny: nothing happens and it looks like a no.
      const item = [...v.stack].reverse().find((it) => it.as === '试探' && it.target === tb.me);
      const bet = item?.card?.probe;
      if (!bet || !item) return legal[0];
      const is = idIndex(bet.identity) === tb.my;
      const enemy = 1 - tb.ally(item.user);
      const effect = bet.branch === '抽二' ? 3 : -1.5;
      return by((a) => {
        const comply = a.option === 'comply';
        const misled = comply !== is;
        return (comply ? effect : 0) + enemy * (misled ? 2 : comply ? -3 : -1);
      });
    }
    case '遗志': {
      // our hand goes to one player, who gets three of it at random as intel
      const ids = hand.map((c) => colorIndex(c.color));
      const combos: Vec3[] = [];
      const k = Math.min(3, ids.length);
      const walk = (start: number, left: number, acc: Vec3) => {
        if (left === 0) return void combos.push([acc[0], acc[1], acc[2]]);
        for (let i = start; i < ids.length; i++) {
          acc[ids[i]]++;
          walk(i + 1, left - 1, acc);
          acc[ids[i]]--;
        }
      };
      walk(0, k, [0, 0, 0]);
      return by((a) => {
        if (a.target === undefined || !combos.length) return 0;
        let e = 0;
        for (const c of combos) e += tb.addValue(a.target, c);
        return e / combos.length;
      });
    }
    case '血染玫瑰':
    case '黄雀在后':
      // black cards from the hand in front of a player (黄雀在后 also shows our identity to all)
      return by((a) => {
        if (a.option === 'no' || a.target === undefined) return 0;
        const c = colorsOf(a.cards);
        const dies = tb.counts[a.target][BLACK] + c[BLACK] >= 3;
        const shown = skill === '黄雀在后' ? (tb.my === SOY ? 1.5 : 4) : 0;
        return tb.addValue(a.target, c) + (dies ? tb.killBonus(a.target) : 0) - 0.5 * c[BLACK] - shown;
      });
    // Free cards, a card taken, a sole victory: always.
    case '英雄':
    case '运筹帷幄':
    case '拷问':
    case '滥杀':
    case '情仇':
      return by((a) => (a.option === 'yes' ? 1 : 0));
    case '隔墙有耳':
    case '嗜血':
    case '笙歌':
    case '精明':
    case '攻守兼备':
    case '联动': {
      if (stage === 'use') return by((a) => (a.option === 'yes' ? 1 : 0));
      // A card goes back on the deck or to a player: the least worth keeping, to whoever is most
      // on our side (ourselves where allowed).
      return by((a) => {
        const c = a.card === undefined ? undefined : handById.get(a.card);
        if (!c) return -Infinity;
        const share = a.target === undefined ? 0 : a.target === tb.me ? 1 : tb.ally(a.target);
        return (share - 1) * tb.keep(c);
      });
    }
    case '英雄本色':
    case '连击':
    case '笑里藏刀':
    case '绝密':
    case '阴谋':
    case '阳谋':
      // A black intel from the hand before a player, or a random card taken from one.
      return by((a) => {
        if (a.target === undefined) return 0;
        if (a.card === undefined) return 0.5 + 0.5 * (1 - tb.ally(a.target)) + 0.05 * (v.players[a.target].handCount ?? 0);
        const dies = tb.counts[a.target][BLACK] + 1 >= 3;
        return tb.addValue(a.target, [0, 0, 1]) + (dies ? tb.killBonus(a.target) : 0) - 0.5;
      });
    case '时差':
    case '偷天':
      // An intel leaves the table for a hand (偷天: that hand is a player's we name).
      return by((a) => {
        if (a.card === undefined) return 0;
        const owner = intelOwnerIn(v, a.card);
        if (owner < 0) return -Infinity;
        const gift = a.target === undefined ? 0.5 : a.target === tb.me ? 0.5 : 0.5 * tb.ally(a.target);
        return tb.removeValue(owner, v.players[owner].intel.filter((c) => c.id === a.card)) + gift;
      });
    case '搜取':
      return by((a) => (a.option === 'hand' ? 1 : 0));
    case '救美': {
      // Save a woman on our side (our identity is then shown to all): she is the dead woman whose
      // cards are still on the table (her clean-up waits on this answer).
      const her = v.players.findIndex((q) => !q.alive && q.intel.length > 0 && (q.gender ?? '').includes('女'));
      return by((a) => (a.option === 'yes' && her >= 0 ? tb.ally(her) - 0.6 : 0));
    }
    case '风度':
      return by((a) => (a.target === undefined ? 0 : tb.ally(a.target)));
    case '计中计': // burn a black intel of the player who got our true intel
      return by((a) => {
        if (a.card === undefined) return 0;
        const owner = intelOwnerIn(v, a.card);
        return owner < 0 ? 0 : tb.burnGain(owner);
      });
    case '釜底抽薪':
      if (stage === 'black') {
        // one more black in front of us, then one hand card in front of any players
        return by((a) => {
          if (a.card === undefined) return 0;
          let gain = tb.dv[tb.me][BLACK] - tb.keep(handById.get(a.card)!);
          for (let t = 0; t < tb.n; t++) {
            if (!tb.alive[t]) continue;
            let b = 0;
            for (const c of hand) if (c.id !== a.card) b = Math.max(b, tb.dv[t][colorIndex(c.color)] - tb.keep(c));
            gain += b;
          }
          return gain;
        });
      }
      return by((a) => {
        if (a.card === undefined || a.target === undefined) return 0;
        const c = handById.get(a.card);
        return c ? tb.ownDv()[a.target][colorIndex(c.color)] - tb.keep(c) : 0;
      });
    case '后着': {
      if (stage === 'who') return by((a) => (a.target === undefined ? 0 : 1 + (v.players[a.target].handCount ?? 0) * 0.1));
      const seen = new Map((v.pending?.cards ?? []).map((c) => [c.id, c]));
      return by((a) => {
        const c = a.card === undefined ? undefined : seen.get(a.card);
        return c && a.target !== undefined ? tb.ownDv()[a.target][colorIndex(c.color)] : -Infinity;
      });
    }
  }
  return legal[0];
}

export class StrongPolicy implements Policy {
  readonly name: string;
  readonly usesMemory = true;
  readonly p: StrongParams;

  constructor(name = 'strong', params: Partial<StrongParams> = {}) {
    this.name = name;
    this.p = { ...DEFAULT_PARAMS, ...params, keep: { ...DEFAULT_PARAMS.keep, ...params.keep } };
  }

  decide(v: GameView, legal: readonly Action[], memory?: SeatMemory): Action {
    if (legal.length === 0) throw new Error(`${this.name}: seat ${v.you} has no legal action`);
    if (legal.length === 1) return legal[0];
    const k = legal[0].kind;
    if (k === 'pickCharacter') return pickCharacter(legal);
    // Nothing else is asked before identities are dealt; keep to the engine's default.
    if (v.identity === undefined) return legal[0];
    const m = memory ?? newMemory(v);
    const tb = new Table(v, m, this.p);
    if (k === 'take' || k === 'refuse') return this.receive(tb, legal);
    if (k === 'send') return this.send(tb, legal as SendAct[]);
    if (k === 'choose') return this.discard(tb, legal);
    if (k === 'decide') return decideSkill(tb, legal as DecideAct[]);
    return this.window(tb, legal);
  }

  // ---- 接收 ---------------------------------------------------------------------------

  private receive(tb: Table, legal: readonly Action[]): Action {
    const take = legal.find((a) => a.kind === 'take')!;
    const refuse = legal.find((a) => a.kind === 'refuse');
    const cf = currentFlight(tb);
    if (!refuse || !cf) return take;
    const vTake = dot(cf.dist, tb.dv[tb.me]);
    const after = tb.pathAfter(cf.f, tb.me);
    const vRefuse = dot(cf.dist, tb.pathValue(cf.f, after, cf.knows, cf.dist));
    return vTake >= vRefuse ? take : refuse;
  }

  // ---- 传递情报阶段 -------------------------------------------------------------------

  private send(tb: Table, legal: SendAct[]): Action {
    const hand = new Map((tb.v.hand ?? []).map((c) => [c.id, c]));
    const locks = (tb.v.hand ?? []).filter((c) => c.name === '锁定');
    let best = legal[0];
    let bestV = -Infinity;
    const cache = new Map<string, number>();
    const own = tb.ownDv();
    for (const a of legal) {
      const card = hand.get(a.card)!;
      const x = colorIndex(card.color);
      const key = `${card.name}|${card.color}|${card.mode}|${a.target}`;
      let val = cache.get(key);
      if (val === undefined) {
        const f: Flight = { sender: tb.me, mode: card.mode, dir: 1, target: a.target, away: 0, locked: tb.lockedMask };
        const stops = tb.pathAfter(f, tb.me);
        const one: Vec3 = [0, 0, 0];
        one[x] = 1;
        const knows = (s: number) => card.mode === '文本' || s === tb.me;
        let v0 = tb.pathValue(f, stops, knows, one, own)[x];
        // With a 锁定 left in hand we can force any stop on the way (in the 传递 window).
        const lock = locks.find((l) => l.id !== card.id);
        if (lock) {
          const kl = tb.keep(lock);
          for (const s of stops) {
            if (s === tb.me || !tb.alive[s]) continue;
            const fl = { ...f, locked: f.locked | bit(s) };
            const lv: number = (1 - this.p.undo) * tb.pathValue(fl, stops, knows, one, own)[x] + this.p.undo * v0 - kl;
            if (lv > v0 + this.p.margin) v0 = lv;
          }
        }
        val = v0;
        cache.set(key, val);
      }
      const total = val - tb.keep(card);
      if (total > bestV) {
        bestV = total;
        best = a;
      }
    }
    return best;
  }

  // ---- 试探: which card to discard ------------------------------------------------------

  private discard(tb: Table, legal: readonly Action[]): Action {
    const hand = new Map((tb.v.hand ?? []).map((c) => [c.id, c]));
    let best = legal[0];
    let bestK = Infinity;
    for (const a of legal) {
      const k = tb.keep(hand.get((a as { card: number }).card)!);
      if (k < bestK) {
        bestK = k;
        best = a;
      }
    }
    return best;
  }

  // ---- response windows -------------------------------------------------------------

  private window(tb: Table, legal: readonly Action[]): Action {
    const pass = legal.find((a) => a.kind === 'pass') ?? legal[0];
    const hand = new Map((tb.v.hand ?? []).map((c) => [c.id, c]));
    let best: Action = pass;
    let bestGain = this.p.margin;
    const seen = new Map<string, number>();
    for (const a of legal) {
      if (a.kind === 'skill') {
        const net = this.skillGain(tb, a);
        if (net > bestGain) {
          bestGain = net;
          best = a;
        }
        continue;
      }
      if (a.kind !== 'play') continue;
      const card = hand.get(a.card)!;
      // A card used as another (预谋, 洞察 …) is worth what it does as that card.
      const used = a.as ? { ...card, name: a.as } : card;
      const key = `${used.name}|${a.target}|${a.intel}|${a.of}`;
      let g = seen.get(key);
      if (g === undefined) {
        g = this.playGain(tb, used, a);
        seen.set(key, g);
      }
      const net = g - tb.keep(card);
      if (net > bestGain) {
        bestGain = net;
        best = a;
      }
    }
    return best;
  }

  /** What using a character skill this way is worth, after the worth of keeping it for later. */
  private skillGain(tb: Table, a: SkillAct): number {
    const v = tb.v;
    const cf = currentFlight(tb);
    const keep = SKILL_KEEP[a.skill] ?? Infinity;
    if (keep === Infinity) return -Infinity;
    // Once on the stack is enough (a face-up skill could otherwise be stacked without end).
    if (v.stack.some((it) => it.user === tb.me && it.skill === a.skill)) return -Infinity;
    switch (a.skill) {
      case '截上': {
        if (!cf) return -Infinity;
        const now = flightValue(tb, cf.f, v.transit!.at, cf.knows, cf.dist);
        return dot(cf.dist, tb.ownDv()[tb.me]) - now - keep;
      }
      case '警觉':
        return this.counterGain(tb, a.of ?? v.stack.length - 1, 0) - keep;
      case '狙击': {
        if (a.target === undefined || !a.cards) return -Infinity;
        const cards = v.players[a.target].intel.filter((c) => a.cards!.includes(c.id));
        return tb.removeValue(a.target, cards) - keep;
      }
      case '潜藏伏击': {
        const owner = intelOwnerIn(v, a.intel);
        if (owner < 0) return -Infinity;
        return tb.removeValue(owner, v.players[owner].intel.filter((c) => c.id === a.intel)) - keep;
      }
      case '掩护': {
        const owner = intelOwnerIn(v, a.intel);
        if (owner < 0) return -Infinity;
        return tb.burnGain(owner) + tb.dv[tb.me][BLACK] - keep;
      }
      case '血染玫瑰': {
        if (a.target === undefined || a.target === tb.me) return -Infinity;
        const blacks = (v.hand ?? []).filter((c) => c.color === '黑').length;
        const best = (max: number) => {
          let b = 0;
          for (let j = 1; j <= Math.min(max, blacks); j++)
            b = Math.max(b, tb.addValue(a.target!, [0, 0, j]) + (j + tb.counts[a.target!][BLACK] >= 3 ? tb.killBonus(a.target!) : 0) - 0.5 * j);
          return b;
        };
        const pb = tb.pool[BLACK];
        return pb * best(3) + (1 - pb) * best(1) - keep;
      }
      case '先机':
        return a.target === undefined ? -Infinity : 3 - keep + 0.5 * (1 - tb.ally(a.target));
      case '弹药无限': // a card for nothing when the hand is empty
        return 1.5 - keep;
      case '声东击西': {
        // 调虎离山 without a card (he turns face down for it).
        const g = this.lureGain(tb, cf, a.target);
        return g === null ? -Infinity : g - keep;
      }
      case '爱情': {
        // Burn two black intel (our identity is then shown to all): where they save a friend.
        let g = 0;
        for (const id of a.cards ?? []) {
          const owner = intelOwnerIn(v, id);
          if (owner < 0) return -Infinity;
          g += tb.burnGain(owner);
        }
        return g - keep - (tb.my === SOY ? 1 : 2);
      }
      case '速译': {
        if (!cf) return -Infinity;
        // Worth it when the intel may come to us: knowing it then decides our answer.
        const coming = stopsFrom(tb, cf.f, v.transit!.at).includes(tb.me);
        return 1.5 + (coming && !cf.known ? 2 : 0) - keep;
      }
    }
    return -Infinity;
  }

  /** What using this card this way changes, before the worth of keeping it. */
  private playGain(tb: Table, card: SeenCard, a: PlayAct): number {
    const v = tb.v;
    const cf = currentFlight(tb);
    const step = v.pending?.step;
    switch (card.name) {
      case '烧毁': {
        const owner = intelOwnerIn(v, a.intel);
        if (owner < 0) return 0;
        // Burning a first black early is worth less than keeping the card for the second.
        const g = tb.burnGain(owner);
        const threat = cf && tb.counts[owner][BLACK] >= 2 ? 1.5 : 1;
        return g * threat;
      }
      case '识破':
        return this.counterGain(tb, a.of ?? v.stack.length - 1, 0);
      case '截获': {
        if (!cf) return 0;
        const now = flightValue(tb, cf.f, v.transit!.at, cf.knows, cf.dist);
        return (1 - this.p.undo) * (dot(cf.dist, tb.dv[tb.me]) - now);
      }
      case '调虎离山':
        return this.lureGain(tb, cf, a.target) ?? 0;
      case '锁定': {
        if (!cf || step !== 'transmit' || a.target === undefined) return 0;
        const at = v.transit!.at;
        const ahead = stopsFrom(tb, cf.f, at);
        if (!ahead.includes(a.target)) return 0;
        const now = flightValue(tb, cf.f, at, cf.knows, cf.dist);
        const f2 = { ...cf.f, locked: cf.f.locked | bit(a.target) };
        const then = flightValue(tb, f2, at, cf.knows, cf.dist);
        return (1 - this.p.undo) * (then - now);
      }
      case '退回': {
        if (!cf) return 0;
        const vTake = dot(cf.dist, tb.dv[tb.me]);
        const after = tb.pathAfter(cf.f, tb.me);
        const vRefuse = dot(cf.dist, tb.pathValue(cf.f, after, cf.knows, cf.dist));
        const f2: Flight = { ...cf.f, dir: cf.f.dir === 1 ? -1 : 1 };
        const back = dot(cf.dist, tb.pathValue(f2, tb.pathAfter(f2, tb.me), cf.knows, cf.dist));
        return back - Math.max(vTake, vRefuse);
      }
      case '破译': {
        if (!cf || cf.known || tb.lockedMask & bit(tb.me)) return 0;
        const after = tb.pathAfter(cf.f, tb.me);
        const V = tb.pathValue(cf.f, after, (s) => s === tb.me || cf.knows(s), cf.dist);
        let informed = 0;
        for (let x = 0; x < 3; x++) informed += cf.dist[x] * Math.max(V[x], tb.dv[tb.me][x]);
        const blind = Math.max(dot(cf.dist, V), dot(cf.dist, tb.dv[tb.me]));
        return informed - blind;
      }
      case '试探':
        return a.target === undefined ? 0 : this.probeGain(tb, card, a.target);
      case '真伪莫辨': {
        let g = 0;
        for (let s = 0; s < tb.n; s++) if (tb.alive[s]) g += dot(tb.pool, tb.dv[s]);
        return g;
      }
    }
    return 0;
  }

  /** What a 调虎离山 (card or 声东击西) on `target` is worth now; null when it would change nothing. */
  private lureGain(tb: Table, cf: CurrentFlight | null, target: number | undefined): number | null {
    if (!cf || target === undefined) return null;
    if (!stopsFrom(tb, cf.f, tb.v.transit!.at).includes(target) || target === cf.f.sender) return null;
    return (1 - this.p.undo) * this.lureEffect(tb, cf, target);
  }

  /** Value change when `target` sits out the passing now in transit. */
  private lureEffect(tb: Table, cf: CurrentFlight, target: number): number {
    const at = tb.v.transit!.at;
    const f2 = { ...cf.f, away: cf.f.away | bit(target) };
    // Lured where it is heading, the stop is recomputed: it goes on past that seat.
    const stops = at === target ? tb.pathAfter(f2, at) : stopsFrom(tb, f2, at);
    const then = dot(cf.dist, tb.pathValue(f2, stops, cf.knows, cf.dist));
    return then - flightValue(tb, cf.f, at, cf.knows, cf.dist);
  }

  /** The value, for us, of what stack item `i` does (before any 识破 on it). */
  private effect(tb: Table, i: number, depth: number): number {
    const v = tb.v;
    const it = v.stack[i];
    if (!it || depth > 4) return 0;
    const cf = currentFlight(tb);
    switch (it.as) {
      case '识破': {
        if (it.of === undefined) return 0;
        return -this.effect(tb, it.of, depth + 1);
      }
      case '烧毁': {
        const owner = intelOwnerIn(v, it.intel?.id);
        return owner < 0 ? 0 : tb.burnGain(owner);
      }
      case '锁定': {
        if (it.target === undefined) return 0;
        if (cf) {
          const at = v.transit!.at;
          const f2 = { ...cf.f, locked: cf.f.locked | bit(it.target) };
          return flightValue(tb, f2, at, cf.knows, cf.dist) - flightValue(tb, cf.f, at, cf.knows, cf.dist);
        }
        // Before the send: the locker will likely send it something chosen for it.
        const dist = tb.senderDist(it.user, '直达', it.target);
        const T = it.target;
        let e = 0;
        for (let x = 0; x < 3; x++) {
          const pt = T === tb.me ? (tb.dv[T][x] > tb.dv[it.user][x] ? 1 : 0) : tb.takeProb(T, x, false, it.user, tb.lockedMask);
          e += dist[x] * (tb.dv[T][x] - (pt * tb.dv[T][x] + (1 - pt) * tb.dv[it.user][x]));
        }
        return e;
      }
      case '调虎离山':
        return !cf || it.target === undefined ? 0 : this.lureEffect(tb, cf, it.target);
      case '截获': {
        if (!cf) return 0;
        return dot(cf.dist, tb.dv[it.user]) - flightValue(tb, cf.f, v.transit!.at, cf.knows, cf.dist);
      }
      case '试探': {
        if (it.target !== tb.me) {
          // Someone learns about someone: good if the user is with us, bad otherwise.
          return 0;
        }
        const bet = it.card?.probe;
        const enemy = 1 - tb.ally(it.user);
        if (!bet) return -0.5 * enemy;
        const yes = idIndex(bet.identity) === tb.my;
        const fx = yes ? (bet.branch === '抽二' ? 2.5 : -2) : 0;
        return fx - (yes ? 4 : 1.5) * enemy;
      }
      case '真伪莫辨': {
        let g = 0;
        for (let s = 0; s < tb.n; s++) if (tb.alive[s]) g += dot(tb.pool, tb.dv[s]);
        return g;
      }
    }
    return 0;
  }

  private counterGain(tb: Table, of: number, depth: number): number {
    const it = tb.v.stack[of];
    if (!it) return 0;
    // Already negated by a 识破 above it that we would not undo: nothing to gain.
    for (let j = of + 1; j < tb.v.stack.length; j++) if (tb.v.stack[j].as === '识破' && tb.v.stack[j].of === of) return 0;
    return (1 - this.p.undo) * -this.effect(tb, of, depth);
  }

  private probeGain(tb: Table, card: SeenCard, target: number): number {
    const bet = card.probe;
    if (!bet) return 0;
    const k = idIndex(bet.identity);
    const row = [tb.idp[target * 3], tb.idp[target * 3 + 1], tb.idp[target * 3 + 2]];
    const py = row[k];
    if (py <= 0.001 || py >= 0.999) return 0;
    const H = (ps: number[]) => ps.reduce((h, q) => (q > 0 ? h - q * Math.log2(q) : h), 0);
    const no = row.map((q, j) => (j === k ? 0 : q / (1 - py)));
    const gainBits = H(row) - (1 - py) * H(no);
    // Where the answer matters: an unclear ally/enemy is worth learning; a dead end is not.
    const ally = tb.my === SOY ? 0 : row[tb.my];
    const e = this.p.probeEffect;
    const fx = bet.branch === '抽二' ? e * (2 * ally - 1) : -e * (2 * ally - 1);
    return this.p.info * gainBits + py * fx;
  }
}

/** A policy that plays the strong policy but picks at random among near-equal choices. */
export function strongPolicy(params: Partial<StrongParams> = {}): Policy {
  return new StrongPolicy('strong', params);
}

// Seeded noise helper, for variants that want a mixed strategy.
export function viewNoise(v: GameView, n: number): number {
  return randInt(seedRng(viewSeed(v, 0x51)), n);
}
