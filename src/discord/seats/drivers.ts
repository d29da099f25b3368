// Seats the bot decides for: AI seats, human seats on autopilot after timing out several decisions
// in a row (docs/rules.md §10) until their owner clicks again, and the automatic passes of docs/rules.md
// §8b (pace.ts). Every seat the bot plays decides at once when a decision opens, all together; passes
// go in at once, and one card or skill a bot seat plays is shown after a short pause.
import { check, decider, defaultAction, legalActions, waitingOn, type Action, type GameState } from '../../engine/index.js';
import type { Logger } from '../../log.js';
import type { GameStore, TimerHost } from '../../store/index.js';
import { askedSeats, autoPasses, turnKey, type SeatPace } from './pace.js';
import type { SeatUsers } from '../session/seat-users.js';
import type { TableFlags } from '../session/table-flags.js';

/** Timed-out decisions in a row after which the bot plays a seat for its owner. */
export const AUTOPILOT_AFTER = 2;

/** A bot move whose save failed is tried again after this long, doubling up to the cap. */
export const MOVE_RETRY_FIRST_MS = 1_000;
export const MOVE_RETRY_MAX_MS = 30_000;

/**
 * Decides for a seat from what that seat may see; a searching policy answers later (a promise,
 * worked out off the event loop): the seat then acts when the answer comes, if its decision is
 * still open.
 */
export type SeatPolicy = (gameId: number, state: GameState, seat: number) => Action | Promise<Action>;

/** docs/rules.md §10: the defaults, taken at once: the engine's defaultAction, the one a timeout takes. */
export const defaultPolicy = (_gameId: number, state: GameState, seat: number): Action => {
  const d = defaultAction(state, seat);
  return d && !check(state, d) ? d : legalActions(state, seat)[0];
};

/**
 * What a bot seat shows after a short pause so people can follow: a card used, a skill, intel sent.
 * Everything else (passes, taking or refusing intel, a discard, a character) goes in at once.
 */
const shownKinds = new Set<Action['kind']>(['play', 'skill', 'send', 'decide']);

export interface DriverOptions {
  store: GameStore;
  /** A bot seat's move of the game could not be saved (the game is paused: parts.ts Pauses). */
  unsaved: (gameId: number) => void;
  users: SeatUsers;
  flags: TableFlags;
  log: Logger;
  /** The pause before a bot seat's card, skill or other visible action is shown (0 in tests). */
  aiDelayMs: number;
  /** Where the pause is timed (the bot's timer host: tests move its clock). */
  timers: TimerHost;
  aiPolicy: SeatPolicy;
  autopilotPolicy: SeatPolicy;
}

export class Drivers {
  /** Per game: seats on autopilot, and timed-out decisions in a row per seat. */
  private readonly autopilot = new Map<number, Set<number>>();
  private readonly misses = new Map<number, Map<number, number>>();
  /** Per game: the decision (its opened version) the bot has already acted on, and for which seats. */
  private readonly done = new Map<number, { opened: number; seats: Set<number> }>();
  /** Per game: answers of a searching policy for the decision opened at `opened`, and the seats still thinking. */
  private readonly thought = new Map<number, { opened: number; ready: Map<number, Action>; thinking: Set<number> }>();
  private readonly pending = new Set<Promise<unknown>>();
  /** Per game: bot moves in a row whose save failed (they are retried with back-off). */
  private readonly failures = new Map<number, number>();
  private readonly retrying = new Set<number>();
  /** Bot actions waiting out their pause: not work in progress (idle() does not wait for them). */
  private sleeping = 0;
  private stopped = false;

  constructor(private readonly o: DriverOptions) {}

  autopilotSeats(gameId: number): number[] {
    return [...this.autopiloted(gameId)];
  }

  /** Reads the seats on autopilot once from the store (a restart keeps them); Bot.prepare. */
  async load(gameId: number): Promise<void> {
    if (this.autopilot.has(gameId)) return;
    const seats = await this.o.store.repos.prefs.autopilotSeats(gameId);
    if (!this.autopilot.has(gameId)) this.autopilot.set(gameId, new Set(seats));
  }

  /** The seats on autopilot, kept here once loaded. */
  private autopiloted(gameId: number): Set<number> {
    let a = this.autopilot.get(gameId);
    if (!a) this.autopilot.set(gameId, (a = new Set()));
    return a;
  }

  aiSeats(gameId: number): number[] {
    return this.o.users.of(gameId).flatMap((u, i) => (u === null ? [i] : []));
  }

  /** Seats the bot plays now: AI seats and seats on autopilot. */
  botSeats(gameId: number): Set<number> {
    return new Set([...this.aiSeats(gameId), ...this.autopilotSeats(gameId)]);
  }

  /** The owner acted: they are back. Returns whether the seat was on autopilot. */
  ownerActed(gameId: number, seat: number): boolean {
    this.misses.get(gameId)?.delete(seat);
    const back = this.autopiloted(gameId).delete(seat);
    if (back) this.o.store.background(this.o.store.repos.prefs.setAutopilot(gameId, seat, false), 'an autopilot');
    return back;
  }

  /**
   * A timeout was committed: every person whose own decision it decided missed one more. A response
   * window's clock running out is no miss: letting it run out is how one passes.
   */
  timedOut(gameId: number, before: GameState): boolean {
    const users = this.o.users.of(gameId);
    let changed = false;
    for (const seat of askedSeats(before)) {
      if (!users[seat]) continue;
      const m = this.misses.get(gameId) ?? new Map<number, number>();
      this.misses.set(gameId, m);
      const n = (m.get(seat) ?? 0) + 1;
      m.set(seat, n);
      const a = this.autopiloted(gameId);
      if (n >= AUTOPILOT_AFTER && !a.has(seat)) {
        changed = true;
        a.add(seat);
        this.o.store.background(this.o.store.repos.prefs.setAutopilot(gameId, seat, true), 'an autopilot');
      }
    }
    return changed;
  }

  /** How the bot paces each seat now. */
  paces(gameId: number, state: GameState): SeatPace[] {
    const users = this.o.users.of(gameId);
    const bots = this.botSeats(gameId);
    const quiet = this.o.flags.quietTurns(gameId);
    const turn = turnKey(state);
    return users.map((u, seat) => ({
      bot: u === null || bots.has(seat),
      quiet: quiet[seat] === turn,
      respond: u === null ? 'all' : this.o.flags.respondOf(u),
    }));
  }

  /** After every commit (and when a seat's pace changed): let the bot act for whoever it acts for. */
  poke(gameId: number, state: GameState): void {
    if (this.stopped || state.result || !state.pending) return;
    const opened = state.pending.opened;
    let done = this.done.get(gameId);
    if (!done || done.opened !== opened) {
      done = { opened, seats: new Set() };
      this.done.set(gameId, done);
    }
    // A decision of one's own ends 本回合不再响应.
    const own = decider(state);
    if (own !== null && this.o.flags.quietTurns(gameId)[own] != null) this.o.flags.setQuiet(gameId, own, null);

    const bots = this.botSeats(gameId);
    const ai = new Set(this.aiSeats(gameId));
    const quick: Action[] = autoPasses(state, this.paces(gameId, state))
      .filter((seat) => !done.seats.has(seat))
      .map((seat) => ({ kind: 'pass', seat }));
    const shown: Action[] = [];
    for (const seat of waitingOn(state)) {
      if (!bots.has(seat) || done.seats.has(seat)) continue;
      const action = this.decide(gameId, state, seat, ai.has(seat), opened);
      if (action) (shownKinds.has(action.kind) ? shown : quick).push(action);
    }
    for (const a of quick) done.seats.add((a as { seat: number }).seat);
    for (const a of quick) this.submit(gameId, opened, a, 0);
    // One visible action at a time: the first in seat order from the current player. The others
    // decide again on what it changes.
    const n = state.players.length;
    shown.sort((a, b) => ((a as { seat: number }).seat - state.current + n) % n - ((b as { seat: number }).seat - state.current + n) % n);
    const first = shown[0] as (Action & { seat: number }) | undefined;
    if (first) {
      done.seats.add(first.seat);
      this.submit(gameId, opened, first, ai.has(first.seat) ? this.o.aiDelayMs : 0);
    }
  }

  /** The seat's action now, or null while a searching policy thinks (poke runs again when it answers). */
  private decide(gameId: number, state: GameState, seat: number, isAi: boolean, opened: number): Action | null {
    let t = this.thought.get(gameId);
    if (!t || t.opened !== opened) this.thought.set(gameId, (t = { opened, ready: new Map(), thinking: new Set() }));
    const ready = t.ready.get(seat);
    if (ready) return ready;
    if (t.thinking.has(seat)) return null;
    const policy = isAi ? this.o.aiPolicy : this.o.autopilotPolicy;
    const failed = (err: unknown) => {
      // A policy that cannot decide must not stall the table: the rules' default decides.
      this.o.log.warn({ gameId, seat, err }, 'a bot seat policy failed; playing the default');
      return defaultPolicy(gameId, state, seat);
    };
    let got: Action | Promise<Action>;
    try {
      got = policy(gameId, state, seat);
    } catch (err) {
      return failed(err);
    }
    if (!(got instanceof Promise)) return got;
    const mine = t;
    mine.thinking.add(seat);
    const p = got
      .catch(failed)
      .then((a) => {
        mine.thinking.delete(seat);
        if (this.thought.get(gameId) !== mine || this.stopped) return;
        mine.ready.set(seat, a);
        const now = this.o.store.liveState(gameId);
        if (now && now.pending?.opened === opened) this.poke(gameId, now);
      });
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
    return null;
  }

  /** Submits a bot's action for the decision opened at `opened`, after `delayMs`; a stale one is dropped. */
  private submit(gameId: number, opened: number, action: Action, delayMs: number): void {
    const seat = (action as { seat: number }).seat;
    const still = (s: GameState) => (s.pending?.opened === opened && waitingOn(s).includes(seat) ? null : 'stale');
    if (delayMs > 0) {
      this.sleeping++;
      this.o.timers.setTimeout(() => {
        this.sleeping--;
        this.submit(gameId, opened, action, 0);
      }, delayMs);
      return;
    }
    const p = Promise.resolve()
      .then(async () => {
        if (this.stopped) return false;
        const r = await this.o.store.submit(gameId, action, still);
        if (r.ok || r.code === 'stale' || r.code === 'gameNotActive') return r.ok;
        // Held (the bot may not post in its channel): the seat decides again when the game goes on.
        if (r.code === 'held') {
          const done = this.done.get(gameId);
          if (done?.opened === opened) done.seats.delete(seat);
          return false;
        }
        this.o.log.warn({ gameId, seat, code: r.code, reason: r.reason }, 'a bot seat chose a refused action; playing the default');
        const again = this.o.store.liveState(gameId);
        return !!again && !again.result && !still(again) && (await this.o.store.submit(gameId, defaultPolicy(gameId, again, seat), still)).ok;
      })
      .then(
        (committed) => committed && this.saved(gameId),
        (err) => this.unsaved(gameId, opened, seat, err),
      );
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /**
   * A bot seat's move could not be saved (the database refused the write): the seat decides again
   * after a back-off on the bot's timers, as long as the decision is still open. Logged once a fault.
   */
  private unsaved(gameId: number, opened: number, seat: number, err: unknown): void {
    const done = this.done.get(gameId);
    if (done?.opened === opened) done.seats.delete(seat);
    // Several seats' moves fail together: one retry for the game decides for all of them.
    if (this.retrying.has(gameId)) return;
    this.retrying.add(gameId);
    const n = (this.failures.get(gameId) ?? 0) + 1;
    this.failures.set(gameId, n);
    if (n === 1) this.o.log.error({ gameId, seat, err }, "a bot seat's move could not be saved; trying again with back-off");
    this.o.unsaved(gameId);
    this.sleeping++;
    this.o.timers.setTimeout(() => {
      this.sleeping--;
      this.retrying.delete(gameId);
      const state = this.o.store.liveState(gameId);
      if (state) this.poke(gameId, state);
    }, Math.min(MOVE_RETRY_MAX_MS, MOVE_RETRY_FIRST_MS * 2 ** (n - 1)));
  }

  private saved(gameId: number): void {
    if (!this.failures.has(gameId)) return;
    this.failures.delete(gameId);
    this.o.log.info({ gameId }, "bot seats' moves are saved again");
  }

  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Bot actions still in their pause. */
  get paused(): number {
    return this.sleeping;
  }

  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  stop(): void {
    this.stopped = true;
  }

  forget(gameId: number): void {
    this.autopilot.delete(gameId);
    this.misses.delete(gameId);
    this.done.delete(gameId);
    this.failures.delete(gameId);
    this.thought.delete(gameId);
  }
}
