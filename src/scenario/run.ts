// Playing a scenario's steps against the engine, auto-passing as docs/scenarios.md describes.
import { apply, cardLabel, characterByPrintedName, check, explain, legalActions, waitingOn } from '../engine/index.js';
import type { Action, GameEvent, GameState } from '../engine/types.js';
import { ScenarioError, type Scenario, type Step } from './load.js';
import { checkExpect } from './expect.js';

export interface ScenarioResult {
  file: string;
  title: string;
  ok: boolean;
  failures: string[];
}

const VERBS = ['play', 'send', 'pass', 'take', 'refuse', 'skill', 'choose'] as const;
type Verb = (typeof VERBS)[number];
const STEP_KEYS: string[] = [...VERBS, 'by', 'target', 'intel', 'cards', 'choice', 'color', 'mode', 'of', 'direction', 'as', 'via', 'refused', 'expect', 'at'];

/**
 * Where a step may be required to land (`"at"`): a response window by its step (`play` is either
 * 出牌阶段), or a decision by its kind.
 */
export const PLACES = ['play1', 'play2', 'play', 'transmit', 'arrive', 'send', 'receive', 'discard', 'decide', 'chooseCharacter'] as const;

/** Where the game is now: the open window's step, or the pending decision's kind. */
export function placeOf(s: GameState): string {
  const p = s.pending;
  if (!p) return 'over';
  return p.kind === 'window' ? p.step : p.kind;
}

const placeMatches = (at: string, now: string) => at === now || (at === 'play' && (now === 'play1' || now === 'play2'));
const MAX_AUTO_PASSES = 10_000;

class Runner {
  state: GameState;
  events: GameEvent[];
  failures: string[] = [];

  constructor(
    readonly sc: Scenario,
    readonly onStep?: (i: number, at: string, from: string) => void,
  ) {
    this.state = sc.state;
    this.events = sc.events.slice();
  }

  seatOf(name: unknown, field: string): number {
    const i = this.sc.names.indexOf(name as string);
    if (i < 0) throw new ScenarioError(this.sc.file, field, `"${String(name)}" is not a player`);
    return i;
  }

  /** A hand card by name (and colour/mode, or full notation); -1 when the hand has none. */
  findInHand(seat: number, name: string, step: Step): number {
    const s = this.state;
    return s.players[seat].hand.find((id) => {
      const c = s.cards[id];
      if (name.includes(' ')) return cardLabel(c) === name || `${c.name} ${c.color} ${c.mode}` === name;
      return c.name === name && (step.color === undefined || c.color === step.color) && (step.mode === undefined || c.mode === step.mode);
    }) ?? -1;
  }

  /** Turns a step into an engine action, or a reason why it cannot be one. */
  toAction(step: Step, i: number): Action | string {
    const verb = VERBS.find((v) => v in step) as Verb;
    const seat = this.seatOf(step.by, `steps[${i}].by`);
    const s = this.state;
    switch (verb) {
      case 'pass':
        return { kind: 'pass', seat };
      case 'take':
        return { kind: 'take', seat };
      case 'refuse':
        return { kind: 'refuse', seat };
      case 'skill':
        return this.skillAction(step, i, seat);
      case 'choose': {
        const p = s.pending;
        if (p?.kind === 'chooseCharacter') {
          const printed = String(step.choose);
          const character = characterByPrintedName(s.options.characterSet ?? 'standard', printed) ?? (printed as never);
          return { kind: 'pickCharacter', seat, character };
        }
        if (p?.kind === 'decide') return this.decideAction(step, i, seat);
        const card = this.findInHand(seat, String(step.choose), step);
        return card < 0 ? `"${String(step.choose)}" is not in ${this.sc.names[seat]}'s hand` : { kind: 'choose', seat, card };
      }
      case 'send':
      case 'play': {
        const name = String(step[verb]);
        let card = this.findInHand(seat, name, step);
        // Not in hand: name a card of that name from elsewhere, so the engine itself refuses it.
        if (card < 0) card = s.cards.findIndex((c) => c.name === name || cardLabel(c) === name);
        if (card < 0) return `no card "${name}" exists in this game`;
        const target = step.target === undefined ? undefined : this.seatOf(step.target, `steps[${i}].target`);
        if (verb === 'send') {
          const a: Extract<Action, { kind: 'send' }> = { kind: 'send', seat, card, target };
          if (step.direction !== undefined) {
            if (step.direction !== 'next' && step.direction !== 'previous')
              throw new ScenarioError(this.sc.file, `steps[${i}].direction`, 'must be "next" or "previous"');
            if (step.direction === 'previous') a.dir = -1;
          }
          if (step.via !== undefined) a.via = String(step.via) as never;
          return a;
        }
        let intel: number | undefined;
        if (step.intel !== undefined) {
          const spec = step.intel as { player?: unknown; color?: unknown };
          const owner = this.seatOf(spec.player, `steps[${i}].intel.player`);
          intel = s.players[owner].intel.find((id) => s.cards[id].color === spec.color) ?? -1;
        }
        let of: number | undefined;
        if (step.of !== undefined) {
          of = -1;
          for (let k = s.stack.length - 1; k >= 0; k--) if (s.stack[k].as === step.of) { of = k; break; }
        }
        const a: Extract<Action, { kind: 'play' }> = { kind: 'play', seat, card, target, intel, of };
        if (step.as !== undefined) a.as = String(step.as) as never;
        return a;
      }
    }
  }

  /** A card in a list of ids named by name, full notation, or (for intel) colour. */
  cardIs(id: number, text: string): boolean {
    const c = this.state.cards[id];
    return c.name === text || c.color === text || cardLabel(c) === text || `${c.name} ${c.color} ${c.mode}` === text;
  }

  /** Picks distinct ids from `pool` matching each text in turn; null when one is missing. */
  pick(pool: number[], texts: string[]): number[] | null {
    const left = pool.slice();
    const out: number[] = [];
    for (const t of texts) {
      const k = left.findIndex((id) => this.cardIs(id, t));
      if (k < 0) return null;
      out.push(left.splice(k, 1)[0]);
    }
    return out;
  }

  intelSpec(spec: unknown, field: string): number {
    const s = this.state;
    const o = spec as { player?: unknown; color?: unknown };
    const owner = this.seatOf(o.player, `${field}.player`);
    return s.players[owner].intel.find((id) => this.cardIs(id, String(o.color))) ?? -1;
  }

  skillAction(step: Step, i: number, seat: number): Action | string {
    const s = this.state;
    const a: Extract<Action, { kind: 'skill' }> = { kind: 'skill', seat, skill: String(step.skill) };
    if (step.target !== undefined) a.target = this.seatOf(step.target, `steps[${i}].target`);
    if (Array.isArray(step.intel)) {
      // Several intel (狙击): distinct cards, each {player, color}.
      const got: number[] = [];
      for (const spec of step.intel as unknown[]) {
        const o = spec as { player?: unknown; color?: unknown };
        const owner = this.seatOf(o.player, `steps[${i}].intel.player`);
        const id = s.players[owner].intel.find((x) => !got.includes(x) && this.cardIs(x, String(o.color)));
        if (id === undefined) return `no ${String(o.color)} intel in front of ${String(o.player)}`;
        got.push(id);
      }
      a.cards = got;
    } else if (step.intel !== undefined) a.intel = this.intelSpec(step.intel, `steps[${i}].intel`);
    if (step.cards !== undefined) {
      const got = this.pick(s.players[seat].hand, (step.cards as unknown[]).map(String));
      if (!got) return `${this.sc.names[seat]}'s hand lacks ${JSON.stringify(step.cards)}`;
      a.cards = got;
    }
    if (step.of !== undefined) {
      a.of = -1;
      for (let k = s.stack.length - 1; k >= 0; k--) if (s.stack[k].as === step.of) { a.of = k; break; }
    }
    return a;
  }

  /**
   * Answers a skill's decision: `choose` is an option word (yes, no, comply, deny, done), a player,
   * a card (by name, notation or colour), or a list of cards; `target` and `cards` narrow it.
   */
  decideAction(step: Step, i: number, seat: number): Action | string {
    const want = step.choose;
    const target = step.target === undefined ? undefined : this.seatOf(step.target, `steps[${i}].target`);
    const cardTexts = Array.isArray(want) ? want.map(String) : Array.isArray(step.cards) ? (step.cards as unknown[]).map(String) : undefined;
    const ok = (a: Extract<Action, { kind: 'decide' }>) => {
      if (typeof want === 'string') {
        const asPlayer = this.sc.names.indexOf(want);
        const hit = a.option === want || (asPlayer >= 0 && a.target === asPlayer && a.card === undefined) || (a.card !== undefined && this.cardIs(a.card, want));
        if (!hit) return false;
      }
      if (target !== undefined && a.target !== target) return false;
      const cards = a.cards ?? [];
      if (cardTexts === undefined) return cards.length === 0;
      const got = this.pick(cards, cardTexts);
      return got !== null && got.length === cards.length;
    };
    const found = legalActions(this.state, seat).find((a) => a.kind === 'decide' && ok(a));
    return found ?? `${this.sc.names[seat]} has no choice ${JSON.stringify(want)} now`;
  }

  do(a: Action): void {
    const r = apply(this.state, a);
    if (!r.ok) throw new Error(`runner applied a refused action: ${r.reason}`);
    this.state = r.state;
    this.events.push(...r.events);
  }

  /** One pass for the first seat waited on in a window (from the current player), if any. */
  autoPassOnce(): boolean {
    const s = this.state;
    if (s.result || s.pending?.kind !== 'window') return false;
    const seats = waitingOn(s).sort((a, b) => ((a - s.current + 99) % s.players.length) - ((b - s.current + 99) % s.players.length));
    this.do({ kind: 'pass', seat: seats[0] });
    return true;
  }

  autoPassAll(): void {
    for (let k = 0; k < MAX_AUTO_PASSES && this.autoPassOnce(); k++);
  }

  runStep(step: Step, i: number): boolean {
    for (const k of Object.keys(step))
      if (!STEP_KEYS.includes(k)) throw new ScenarioError(this.sc.file, `steps[${i}].${k}`, 'unknown key');
    const verbs = VERBS.filter((v) => v in step);
    if (verbs.length === 0) {
      if (step.expect === undefined) throw new ScenarioError(this.sc.file, `steps[${i}]`, `needs one of ${VERBS.join(', ')} or expect`);
      this.autoPassAll();
      this.failures.push(...checkExpect(this, step.expect, `steps[${i}].expect`));
      return true;
    }
    if (verbs.length > 1) throw new ScenarioError(this.sc.file, `steps[${i}]`, `has several verbs: ${verbs.join(', ')}`);
    if (step.at !== undefined && !(PLACES as readonly unknown[]).includes(step.at))
      throw new ScenarioError(this.sc.file, `steps[${i}].at`, `must be one of ${PLACES.join(', ')}`);
    const label = `step ${i + 1} (${String(step.by)} ${verbs[0]}${typeof step[verbs[0]] === 'string' ? ' ' + String(step[verbs[0]]) : ''})`;
    if (step.refused === true) {
      const before = JSON.stringify(this.state);
      const a = this.toAction(step, i);
      if (typeof a === 'string') return true;
      const r = apply(this.state, a);
      if (r.ok) {
        this.failures.push(`${label}: expected a refusal, but the engine accepted it`);
        return false;
      }
      if (JSON.stringify(this.state) !== before) this.failures.push(`${label}: a refused action changed the state`);
      return true;
    }
    const from = placeOf(this.state);
    for (let k = 0; k <= MAX_AUTO_PASSES; k++) {
      if (this.state.result) {
        this.failures.push(`${label}: the game is already over`);
        return false;
      }
      const a = this.toAction(step, i);
      const why = typeof a === 'string' ? a : check(this.state, a);
      if (why === null) {
        const now = placeOf(this.state);
        this.onStep?.(i, now, from);
        if (step.at !== undefined && !placeMatches(String(step.at), now)) {
          this.failures.push(`${label}: landed in ${now}, not in ${String(step.at)}`);
          return false;
        }
        this.do(a as Action);
        if (step.expect !== undefined) this.failures.push(...checkExpect(this, step.expect, `steps[${i}].expect`));
        return true;
      }
      if (!this.autoPassOnce()) {
        this.failures.push(`${label}: ${typeof why === 'string' ? why : explain(why).reason}`);
        return false;
      }
    }
    this.failures.push(`${label}: still not applicable after ${MAX_AUTO_PASSES} passes`);
    return false;
  }
}

export type { Runner };

/** `onStep`: told where each step (by index) landed, before it is applied, and where it was tried first. */
export function runScenario(sc: Scenario, onStep?: (i: number, at: string, from: string) => void): ScenarioResult {
  const r = new Runner(sc, onStep);
  let i = 0;
  for (; i < sc.steps.length; i++) if (!r.runStep(sc.steps[i], i)) break;
  if (i === sc.steps.length) {
    r.autoPassAll();
    if (sc.expect) r.failures.push(...checkExpect(r, sc.expect, 'expect'));
  }
  return { file: sc.file, title: sc.title, ok: r.failures.length === 0, failures: r.failures };
}
