// The strong policy: plays for its side from its view, the legal actions and its beliefs.
//
// Everything is scored in one currency: the expected change of a position value seen from
// this seat (its faction's progress toward three of its colour, its enemies' progress, black
// intel as death risk, deaths, and ±WIN for the end). Where intel will land is predicted by
// walking its path: each stop takes it with a probability from our model of that player (a
// random player: one half; a strategic one: by what the colour means to its likely identity;
// a locked one: always), and the sender takes what comes back. Cards in hand are worth
// keeping; a card is used when what it changes is worth more than keeping it.
//
// The model of the table is strong-table.ts. What the policy knows about a character (its 机密任务,
// its skills' worth and answers) is in src/ai/characters/<pinyin>.ts, at the character's own path,
// taught through strong-kit.ts: the policy dispatches by skill name and names none itself.
import { intelOwnerIn, type SeenCard } from '../engine/index.js';
import type { Action, GameView } from '../engine/index.js';
import { BLACK, colorIndex, idIndex, RED, SOY } from './cards.js';
import type { SeatMemory } from './memory.js';
import { newMemory } from './memory.js';
import { viewSeed, type Policy } from './policy.js';
import { randInt, seedRng } from '../engine/rng.js';
import './strong-characters.js';
import {
  gambleEffect,
  LOCK_IN_TRANSIT,
  lockBeforeSendGain,
  probeCards,
  probeUserDraws,
  reinforceEffect,
  swapEffect,
  transferGain,
  weighGain,
} from './strong-cards.js';
import { characterRank, decideCtx, skillKnowledge, type DecideAct, type SkillAct } from './strong-kit.js';
import {
  bit,
  currentFlight,
  DEFAULT_PARAMS,
  dot,
  flightValue,
  stopsFrom,
  Table,
  type CurrentFlight,
  type Flight,
  type StrongParams,
  type Vec3,
} from './strong-table.js';

export { DEFAULT_PARAMS, type StrongParams } from './strong-table.js';

type PlayAct = Extract<Action, { kind: 'play' }>;
type SendAct = Extract<Action, { kind: 'send' }>;

function pickCharacter(legal: readonly Action[]): Action {
  const rank = (a: Action) => characterRank((a as { character?: string }).character);
  let best = legal[0];
  for (const a of legal) if (rank(a) < rank(best)) best = a;
  return best;
}

/** Answers a skill's question (view.pending.skill / stage) as its character's knowledge says, else the default. */
function decideSkill(tb: Table, legal: readonly DecideAct[]): Action {
  const k = skillKnowledge(tb.v.pending?.skill, tb.v.players[tb.me].character);
  return k?.decide ? k.decide(decideCtx(tb, legal)) : legal[0];
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
    // A 锁定 kept for the 传递 window (not in 千智风声, where it comes before the send).
    const locks = LOCK_IN_TRANSIT[tb.v.edition] ? (tb.v.hand ?? []).filter((c) => c.name === '锁定') : [];
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
            // Never force black onto a player who may well be with us (beliefs can be wrong).
            if (x === BLACK && tb.ally(s) > this.p.lockBlackAlly) continue;
            const fl = { ...f, locked: f.locked | bit(s) };
            const lv: number = (1 - this.p.undo) * tb.pathValue(fl, stops, knows, one, own)[x] + this.p.undo * v0 - kl;
            if (lv > v0 + this.p.margin) v0 = lv;
          }
        }
        val = v0;
        cache.set(key, val);
      }
      const total = val - tb.keep(card) + this.jitter(tb.v, a);
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
      // Our own card of this function and aim already waits on the stack: its effect is coming.
      if (this.onStack(tb, used.name, a)) continue;
      const key = `${used.name}|${a.target}|${a.intel}|${a.of}`;
      let g = seen.get(key);
      if (g === undefined) {
        g = this.playGain(tb, used, a);
        seen.set(key, g);
      }
      const net = g - tb.keep(card) + this.jitter(tb.v, a);
      if (net > bestGain) {
        bestGain = net;
        best = a;
      }
    }
    return best;
  }

  /**
   * Seeded variety: a small amount in [0, variety) added to a choice's value, from the view and
   * the choice, so near-equal choices differ between games but the same view decides the same.
   */
  private jitter(v: GameView, a: Action): number {
    if (this.p.variety <= 0) return 0;
    const t = 'target' in a && a.target !== undefined ? a.target : 15;
    const c = ('card' in a ? a.card : undefined) ?? 255;
    const h = Math.imul(viewSeed(v, 0x2545f491) ^ Math.imul(c + 1, 0x9e3779b1) ^ Math.imul(t + 1, 0x85ebca6b), 0xc2b2ae35) >>> 0;
    return (this.p.variety * (h >>> 8)) / 0x1000000;
  }

  /** Whether a card of ours of this function, aimed the same way, is on the stack unanswered by us. */
  private onStack(tb: Table, as: string, a: PlayAct): boolean {
    const st = tb.v.stack;
    const of = as === '识破' ? (a.of ?? st.length - 1) : undefined;
    return st.some((it) => it.user === tb.me && it.card !== undefined && it.as === as && it.target === a.target && it.intel?.id === a.intel && it.of === of);
  }

  /** What using a character skill this way is worth, after the worth of keeping it for later. */
  private skillGain(tb: Table, a: SkillAct): number {
    const v = tb.v;
    const cf = currentFlight(tb);
    const k = skillKnowledge(a.skill, v.players[tb.me].character);
    const keep = k?.keep ?? Infinity;
    if (keep === Infinity || !k?.gain) return -Infinity;
    // Once on the stack is enough (a face-up skill could otherwise be stacked without end).
    if (v.stack.some((it) => it.user === tb.me && it.skill === a.skill)) return -Infinity;
    const ctx = {
      tb,
      cf,
      counterGain: (of: number) => this.counterGain(tb, of, 0),
      lureGain: (target: number | undefined) => this.lureGain(tb, cf, target),
    };
    return k.gain(ctx, a, keep);
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
        if (!cf && !LOCK_IN_TRANSIT[v.edition] && a.target !== undefined) return lockBeforeSendGain(tb, card, a.target);
        if (!cf || step !== 'transmit' || a.target === undefined) return 0;
        const at = v.transit!.at;
        const ahead = stopsFrom(tb, cf.f, at);
        if (!ahead.includes(a.target)) return 0;
        if (v.transit!.card?.color === '黑' && tb.ally(a.target) > this.p.lockBlackAlly) return 0;
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
      // 千智风声's own cards (strong-cards.ts).
      case '转移':
        return transferGain(tb, cf, a.target);
      case '调包':
        return (1 - this.p.undo) * swapEffect(tb, cf, card);
      case '增援':
        return reinforceEffect(tb, tb.me);
      case '博弈':
        return (1 - this.p.undo) * gambleEffect(tb, a.target);
      case '权衡':
        return weighGain(tb, card);
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
        const n = probeCards(bet.branch);
        const fx = yes ? (n > 0 ? 1.25 * n : -2) - enemy * probeUserDraws(tb) * this.p.draw : 0;
        return fx - (yes ? 4 : 1.5) * enemy;
      }
      case '真伪莫辨': {
        let g = 0;
        for (let s = 0; s < tb.n; s++) if (tb.alive[s]) g += dot(tb.pool, tb.dv[s]);
        return g;
      }
      case '转移':
        return !cf || it.target === undefined ? 0 : dot(cf.dist, tb.dv[it.target]) - flightValue(tb, cf.f, v.transit!.at, cf.knows, cf.dist);
      case '调包':
        return swapEffect(tb, cf, it.card);
      case '增援':
        return reinforceEffect(tb, it.user);
      case '博弈':
        return gambleEffect(tb, it.target);
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

  /**
   * What a 试探 on `target` is worth: how much its answer would improve what we do about that
   * player (treat as ally or as enemy: worth ±1 by the chance we are right), and its effect.
   */
  private probeGain(tb: Table, card: SeenCard, target: number): number {
    const bet = card.probe;
    if (!bet) return 0;
    const k = idIndex(bet.identity);
    const row = [tb.idp[target * 3], tb.idp[target * 3 + 1], tb.idp[target * 3 + 2]];
    const py = row[k];
    if (py <= 0.001 || py >= 0.999) return 0;
    // 打酱油的 has no ally: what it would act on is which faction the player is in.
    const side = tb.my === SOY ? RED : tb.my;
    const ally = tb.my === SOY ? 0 : row[side];
    const allyYes = k === side ? 1 : 0;
    const allyNo = k === side ? 0 : row[side] / (1 - py);
    const act = (pa: number) => Math.abs(2 * pa - 1);
    const decisionValue = py * act(allyYes) + (1 - py) * act(allyNo) - act(row[side]);
    const e = this.p.probeEffect;
    // 抽二 is worth e to the target's side, 抽一 half that, 弃一 −e; in 千智风声 a right bet also gives us a card.
    const fx = (probeCards(bet.branch) > 0 ? (e * probeCards(bet.branch)) / 2 : -e) * (2 * ally - 1);
    return this.p.info * decisionValue + py * (fx + probeUserDraws(tb) * this.p.draw);
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
