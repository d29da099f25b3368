// The strong policy's model of the table (see strong.ts): one currency of value seen from this
// seat, the path intel will take and what each stop will do with it, and the flight now in transit.
import { mayStopAt, stopsAfter, type GameView, type SeenCard } from '../engine/index.js';
import type { Mode } from '../engine/types.js';
import { marginals, weights } from './beliefs.js';
import { BLACK, BLUE, colorIndex, factionColor, idIndex, RED, SOY } from './cards.js';
import type { SeatMemory } from './memory.js';
import { goodness, sigmoid } from './model.js';
import { missionOf } from './strong-kit.js';
import { sentColors, unseenColors } from './pools.js';

export interface StrongParams {
  win: number;
  /** Value of a faction member's own-colour count 0, 1, 2 (3 is a win). */
  progress: [number, number, number];
  /** Cost of black count 0, 1, 2 in front of a player (3 kills). */
  black: [number, number, number];
  deadAlly: number;
  /** More for our own death than a teammate's: we stop playing for the side. */
  deadSelf: number;
  deadEnemy: number;
  deadSoy: number;
  /** 打酱油的 only: value of each other player's death (the way to be last). */
  deadOther: number;
  /** Value of keeping a card in hand, by name. */
  keep: Record<string, number>;
  /** A use must beat keeping the card by this much. */
  margin: number;
  /** Worth of a 试探's answer: how much it improves acting on the target as ally or enemy (0..1), times this. */
  info: number;
  /** Chance that a 锁定 or other play of ours is undone (识破) — discounts its gain. */
  undo: number;
  /** Value of a player drawing two (or, negated, discarding one) for its side. */
  probeEffect: number;
  /** Seeded variety: up to this much added to each choice's value (strong.ts jitter). */
  variety: number;
  /** A 锁定 onto black only on a player at most this likely to be our ally. */
  lockBlackAlly: number;
  /** Value of drawing one card for oneself (增援, 权衡, 千智's 试探). */
  draw: number;
  /** With characters: how much an 打酱油的's intel of a 机密任务 colour threatens us (0: ignore). */
  soyThreat: number;
}

export const DEFAULT_PARAMS: StrongParams = {
  win: 100,
  progress: [0, 10, 30],
  black: [0, 8, 25],
  deadAlly: 45,
  deadSelf: 25,
  deadEnemy: 35,
  deadSoy: 6,
  deadOther: 30,
  keep: { 识破: 5, 截获: 4, 锁定: 4, 烧毁: 6, 破译: 1.5, 退回: 1.5, 调虎离山: 2.5, 试探: 1, 真伪莫辨: 1, 转移: 4, 调包: 3, 增援: 1, 博弈: 1.5, 权衡: 0.5 },
  draw: 1.5,
  margin: 0.5,
  info: 3,
  undo: 0.1,
  probeEffect: 3,
  soyThreat: 1,
  lockBlackAlly: 0.08,
  variety: 0.3,
};

export type Vec3 = [number, number, number];

export interface Flight {
  sender: number;
  mode: Mode;
  dir: 1 | -1;
  target?: number;
  away: number;
  locked: number;
}

export const bit = (s: number) => 1 << s;

/** The 机密任务 of an 打酱油的's character, as the policy plays for it (each character's own file in src/ai/characters/ says which). */
export type Mission =
  | { kind: 'color'; x: number } // 三张或以上的某色情报
  | { kind: 'dieAfter' } // 浮萍: be the second or later to die
  | { kind: 'dieRed' } // 老鬼: die holding four red cards
  | { kind: 'deaths' } // 黄雀: a 潜伏战线 and a 军情处 dead
  | { kind: 'killClean' } // 闪灵: kill one with no true intel yourself
  | { kind: 'killRich' } // 黑玫瑰: kill one with three true intel yourself
  | { kind: 'hand'; colors: number[]; names: string[]; keep: number } // 老金, 钢铁特工R
  | { kind: 'wipe'; x: number } // 000's 闪灵, 刀锋 (潜伏战线全灭), 黑玫瑰, 小马哥 (军情局全灭): x the identity index
  | { kind: 'fewLeft' } // 000's 贝雷帽: the game left to him and one other
  | null;

/** Everything one decision needs, computed once. */
export class Table {
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
    return (this.poolCache ??= unseenColors(this.v, this.m));
  }

  /** What `sender` sends by `mode`: the pool, moved by the faces of what it sent that way before (pools.ts). */
  sendsOf(sender: number, mode: Mode): Vec3 {
    return sender === this.me ? this.pool : sentColors(this.pool, this.m.sentSeen[sender], mode);
  }

  /** The red / blue intel a faction needs (胜利情报数, docs/rules.md §9b). */
  get need(): number {
    return this.v.victoryIntel ?? 3;
  }

  /** A faction's count of its colour as progress toward its need, on the scale of three (p.progress). */
  toward(n: number): number {
    return Math.max(0, n - (this.need - 3));
  }

  /** Value, for us, of a seat with identity k holding counts c (alive or not). */
  seatValue(s: number, k: number, c: Vec3, alive: boolean): number {
    const p = this.p;
    const my = this.my;
    if (my !== SOY) {
      const enemy = 1 - my;
      if (k === my) {
        if (!alive) return -p.deadAlly - (s === this.me ? p.deadSelf : 0);
        if (c[factionColor(my)] >= this.need) return p.win;
        return p.progress[this.toward(c[factionColor(my)])] - p.black[c[BLACK]];
      }
      if (k === enemy) {
        if (!alive) return p.deadEnemy;
        if (c[factionColor(enemy)] >= this.need) return -p.win;
        return -p.progress[this.toward(c[factionColor(enemy)])] + 0.8 * p.black[c[BLACK]];
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
      if (ms?.kind === 'wipe' && k === ms.x) return p.deadOther + 30;
      if (ms?.kind === 'fewLeft') return p.deadOther + 20;
      return p.deadOther;
    }
    if (k !== SOY && c[factionColor(k)] >= this.need) return -p.win;
    return (k === SOY ? 0 : -p.progress[this.toward(c[factionColor(k)])]) + p.black[c[BLACK]];
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
    return mayStopAt(this.alive[s], f.away, f.locked, s);
  }

  /** Stops after leaving `from`, the sender (who must take it) last: the engine's route (route.ts). */
  pathAfter(f: Flight, from: number): number[] {
    return stopsAfter(this.n, f, from, (s) => this.canStop(f, s));
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
    const pool = this.sendsOf(sender, mode);
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

export const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The flight of the intel now in transit, as this seat sees it. */
export type CurrentFlight = { f: Flight; dist: Vec3; knows: (s: number) => boolean; known: boolean };

const FLIGHTS = new WeakMap<Table, CurrentFlight | null>();

export function currentFlight(tb: Table): CurrentFlight | null {
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
  const knownTo = mt ? mt.knownTo : bit(t.sender);
  // 文本, or turned face up on the way (调包).
  const faceUp = t.mode === '文本' || (mt?.faceUp ?? false);
  const knows = (s: number) => faceUp || (knownTo & bit(s)) !== 0 || (s === tb.me && t.card !== undefined);
  let dist: Vec3;
  if (t.card) {
    dist = [0, 0, 0];
    dist[colorIndex(t.card.color)] = 1;
  } else dist = tb.senderDist(t.sender, t.mode, t.target);
  return { f, dist, knows, known: t.card !== undefined };
}

/** Stops from the seat the intel is heading to (transmit) or at (arrive/receive). */
export function stopsFrom(tb: Table, f: Flight, at: number): number[] {
  if (at === f.sender) return [f.sender];
  const rest = tb.pathAfter(f, at);
  return tb.canStop(f, at) ? [at, ...rest] : tb.pathAfter(f, at);
}

export function flightValue(tb: Table, f: Flight, at: number, knows: (s: number) => boolean, dist: Vec3): number {
  return dot(dist, tb.pathValue(f, stopsFrom(tb, f, at), knows, dist));
}

