// Deadlines live in the database as absolute times, so after a restart the scheduler just asks for
// the earliest one again; a deadline that passed while the bot was down fires at once. Between
// firings the database is not asked: a commit whose deadline comes before the timer's moves the
// timer to it, and a later one changes nothing (the timer then wakes early at worst, finds nothing
// due and asks once for the next deadline). So the next deadline is read once per firing, not once
// per commit.
import type { Committed } from './commit.js';
import type { GameStore } from './store.js';

export interface TimerHost {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realHost = (store: GameStore): TimerHost => ({
  now: () => store.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
});

/** Node's setTimeout misbehaves above 2^31-1 ms; a far deadline is re-armed when this one wakes. */
const MAX_SLEEP_MS = 2 ** 31 - 1;

/** After a failed firing (the database cannot be written), wait this long, doubling, up to the cap. */
export const RETRY_FIRST_MS = 250;
export const RETRY_MAX_MS = 30_000;

export interface SchedulerFaults {
  /** Timeouts could not be saved: called once when it starts failing, with the games that are due. */
  onFault?(err: unknown, gameIds: number[]): void;
  /** They can be saved again. */
  onRecovered?(): void;
}

export class DeadlineScheduler {
  private handle: unknown = null;
  private unsubscribe: (() => void) | null = null;
  private firing = false;
  /** Failed firings in a row: while above 0 the scheduler backs off instead of retrying at once. */
  private failures = 0;
  /** Counts arm calls: a deadline read that a newer call overtook sets no timer. */
  private generation = 0;
  /** The deadline the timer is set for (null: no timer, or a retry's). */
  private armedFor: number | null = null;
  /** A read of the next deadline is under way: a commit meanwhile asks again rather than guess. */
  private reading = false;
  private readonly host: TimerHost;

  constructor(
    private readonly store: GameStore,
    host?: TimerHost,
    private readonly faults: SchedulerFaults = {},
  ) {
    this.host = host ?? realHost(store);
  }

  /** Resolves when the first timer is set. */
  start(): Promise<void> {
    this.unsubscribe = this.store.subscribe((c) => this.committed(c));
    return this.armNow();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.handle !== null) this.host.clearTimeout(this.handle);
    this.handle = null;
  }

  /** A commit: its game's new deadline moves the timer only if it comes first. */
  private committed(c: Committed): void {
    // The firing, or the retry, reads the next deadline itself: while failing, the retry keeps its time
    // (other games' commits must not push it back, or a shard whose games keep moving never fires again).
    if (this.firing || this.failures > 0) return;
    if (this.reading) return this.arm();
    const deadline = c.finished ? null : (c.state.pending?.deadline ?? null);
    if (deadline === null || (this.armedFor !== null && this.armedFor <= deadline)) return;
    this.setTimer(deadline);
  }

  private setTimer(at: number): void {
    if (this.handle !== null) this.host.clearTimeout(this.handle);
    this.armedFor = at;
    this.handle = this.host.setTimeout(() => void this.fire(), Math.min(MAX_SLEEP_MS, Math.max(0, at - this.host.now())));
  }

  /**
   * Sets the single timer for the earliest deadline (or for the next retry after a failure). The
   * deadline is read asynchronously: only the newest call sets the timer.
   */
  arm(): void {
    void this.armNow();
  }

  private async armNow(): Promise<void> {
    if (this.handle !== null) this.host.clearTimeout(this.handle);
    this.handle = null;
    this.armedFor = null;
    this.reading = false;
    const generation = ++this.generation;
    if (this.firing || !this.unsubscribe) return;
    if (this.failures > 0) {
      const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (this.failures - 1));
      this.handle = this.host.setTimeout(() => void this.fire(), wait);
      return;
    }
    let next: number | null;
    this.reading = true;
    try {
      next = await this.store.nextDeadline();
    } catch (err) {
      if (generation !== this.generation || this.firing || !this.unsubscribe) return;
      if (this.failures++ === 0) this.faults.onFault?.(err, []);
      return this.armNow();
    } finally {
      if (generation === this.generation) this.reading = false;
    }
    if (generation !== this.generation || this.firing || !this.unsubscribe) return;
    if (this.handle !== null) this.host.clearTimeout(this.handle);
    this.handle = null;
    this.armedFor = null;
    if (next === null) return;
    this.setTimer(next);
  }

  /** Fires every due timeout, then re-arms. Exposed so tests can drive it with their own clock. */
  async fire(): Promise<void> {
    if (this.handle !== null) this.host.clearTimeout(this.handle);
    this.handle = null;
    this.armedFor = null;
    this.firing = true;
    try {
      await this.store.fireDueTimeouts();
      if (this.failures > 0) {
        this.failures = 0;
        this.faults.onRecovered?.();
      }
    } catch (err) {
      // A database that cannot be written (read-only, full, locked by another process): say so once,
      // then retry later and later, not hundreds of times a second.
      if (this.failures++ === 0) this.faults.onFault?.(err, await this.dueGames());
    } finally {
      this.firing = false;
      await this.armNow();
    }
  }

  private async dueGames(): Promise<number[]> {
    try {
      return await this.store.repos.games.due(this.host.now());
    } catch {
      return [];
    }
  }
}
