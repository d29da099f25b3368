// Seats the bot decides for: AI seats, and human seats on autopilot after timing out several
// decisions in a row (rulings §10) until their owner clicks again.
import { legalActions, waitingOn, type Action, type GameState } from '../engine/index.js';
import type { Logger } from '../log.js';
import type { GameStore } from '../store/index.js';
import type { SeatUsers } from './seat-users.js';

/** Timed-out decisions in a row after which the bot plays a seat for its owner. */
export const AUTOPILOT_AFTER = 2;

/** Decides for a seat from what that seat may see. */
export type SeatPolicy = (gameId: number, state: GameState, seat: number) => Action;

/** rulings §10's defaults, taken at once: pass, refuse, send the first card, discard the first. */
export const defaultPolicy: SeatPolicy = (_gameId, state, seat) => {
  const legal = legalActions(state, seat);
  return (
    legal.find((a) => a.kind === 'pass') ??
    legal.find((a) => a.kind === 'refuse') ??
    legal.find((a) => a.kind === 'take') ??
    legal[0]
  );
};

export interface DriverOptions {
  store: GameStore;
  users: SeatUsers;
  log: Logger;
  /** A natural pause before an AI seat acts (0 in tests). */
  aiDelayMs: number;
  aiPolicy: SeatPolicy;
  autopilotPolicy: SeatPolicy;
}

export class Drivers {
  /** Per game: seats on autopilot, and timed-out decisions in a row per seat. */
  private readonly autopilot = new Map<number, Set<number>>();
  private readonly misses = new Map<number, Map<number, number>>();
  private readonly scheduled = new Set<number>();
  private readonly pending = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(private readonly o: DriverOptions) {}

  autopilotSeats(gameId: number): number[] {
    return [...(this.autopilot.get(gameId) ?? [])];
  }

  aiSeats(gameId: number): number[] {
    return this.o.users.of(gameId).flatMap((u, i) => (u === null ? [i] : []));
  }

  /** The owner acted: they are back. Returns whether the seat was on autopilot. */
  ownerActed(gameId: number, seat: number): boolean {
    this.misses.get(gameId)?.delete(seat);
    return this.autopilot.get(gameId)?.delete(seat) ?? false;
  }

  /** A timeout was committed: every human seat it decided for missed one more decision. */
  timedOut(gameId: number, before: GameState): boolean {
    const users = this.o.users.of(gameId);
    let changed = false;
    for (const seat of waitingOn(before)) {
      if (!users[seat]) continue;
      const m = this.misses.get(gameId) ?? new Map<number, number>();
      this.misses.set(gameId, m);
      const n = (m.get(seat) ?? 0) + 1;
      m.set(seat, n);
      if (n >= AUTOPILOT_AFTER) {
        const a = this.autopilot.get(gameId) ?? new Set<number>();
        this.autopilot.set(gameId, a);
        if (!a.has(seat)) changed = true;
        a.add(seat);
      }
    }
    return changed;
  }

  /** After every commit: let the bot's seats act if the game waits on them. */
  poke(gameId: number, state: GameState): void {
    if (this.stopped || state.result || this.scheduled.has(gameId)) return;
    const ai = new Set(this.aiSeats(gameId));
    const auto = this.autopilot.get(gameId) ?? new Set<number>();
    const seat = waitingOn(state).find((s) => ai.has(s) || auto.has(s));
    if (seat === undefined) return;
    this.scheduled.add(gameId);
    const delay = ai.has(seat) ? this.o.aiDelayMs : 0;
    const p = new Promise<void>((resolve) => setTimeout(resolve, delay))
      .then(async () => {
        this.scheduled.delete(gameId);
        if (this.stopped) return;
        const now = this.o.store.state(gameId);
        if (!now || now.result || !waitingOn(now).includes(seat)) return this.poke(gameId, now ?? state);
        const policy = ai.has(seat) ? this.o.aiPolicy : this.o.autopilotPolicy;
        let action: Action;
        try {
          action = policy(gameId, now, seat);
        } catch (err) {
          // A policy that cannot decide must not stall the table: the rules' default decides.
          this.o.log.warn({ gameId, seat, err }, 'a bot seat policy failed; playing the default');
          action = defaultPolicy(gameId, now, seat);
        }
        let r = await this.o.store.submit(gameId, action);
        if (!r.ok) {
          this.o.log.warn({ gameId, seat, code: r.code, reason: r.reason }, 'a bot seat chose a refused action; playing the default');
          const again = this.o.store.state(gameId);
          if (again && !again.result && waitingOn(again).includes(seat)) r = await this.o.store.submit(gameId, defaultPolicy(gameId, again, seat));
        }
      })
      .catch((err) => this.o.log.error({ gameId, err }, 'a bot seat failed to act'));
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  get busy(): boolean {
    return this.pending.size > 0;
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
  }
}

