// Deadlines live in the database as absolute times, so after a restart the scheduler just asks for
// the earliest one again; a deadline that passed while the bot was down fires at once.
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

export class DeadlineScheduler {
  private handle: unknown = null;
  private unsubscribe: (() => void) | null = null;
  private firing = false;
  private readonly host: TimerHost;

  constructor(
    private readonly store: GameStore,
    host?: TimerHost,
  ) {
    this.host = host ?? realHost(store);
  }

  start(): void {
    this.unsubscribe = this.store.subscribe(() => this.arm());
    this.arm();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.handle !== null) this.host.clearTimeout(this.handle);
    this.handle = null;
  }

  /** Sets the single timer for the earliest deadline. */
  arm(): void {
    if (this.handle !== null) this.host.clearTimeout(this.handle);
    this.handle = null;
    if (this.firing || !this.unsubscribe) return;
    const next = this.store.nextDeadline();
    if (next === null) return;
    this.handle = this.host.setTimeout(() => void this.fire(), Math.min(MAX_SLEEP_MS, Math.max(0, next - this.host.now())));
  }

  /** Fires every due timeout, then re-arms. Exposed so tests can drive it with their own clock. */
  async fire(): Promise<void> {
    if (this.handle !== null) this.host.clearTimeout(this.handle);
    this.handle = null;
    this.firing = true;
    try {
      await this.store.fireDueTimeouts();
    } finally {
      this.firing = false;
      this.arm();
    }
  }
}
