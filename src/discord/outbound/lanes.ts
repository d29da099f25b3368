// One lane per destination (a game's table, the messages owed to one channel or one player's DMs):
// a lane runs its pump, one run at a time, and a kick while it runs makes it run once more. So a
// destination held by Discord (a 429 with a long Retry-After, a slow upload) holds only itself:
// every other table, channel and DM goes on. A lane keeps no queue of its own (what is owed is in
// the outbox, what a table shows is the game's latest state), so its memory is bounded by the
// number of destinations, however far behind Discord is.
import { AsyncLocalStorage } from 'node:async_hooks';
import { DiscordAPIError, RateLimitError } from 'discord.js';

interface Lane {
  again: boolean;
  pump: () => Promise<void>;
  done: Promise<void>;
  /** Waiting out a rate limit: nothing happens on this lane until Discord's time has passed. */
  held: boolean;
  /** Ends the lane's present wait, if it is one a kick may cut short (sleep's `wakeable`). */
  wake?: () => void;
}

export class Lanes {
  private readonly lanes = new Map<string, Lane>();
  private readonly sleeps = new Set<() => void>();
  private stopped = false;
  /** Resolved (and replaced) whenever a lane ends or starts waiting out a rate limit. */
  private readonly changed = new Signal();

  constructor(private readonly onError: (key: string, err: unknown) => void) {}

  /** Runs `pump` on the lane `key` (now, or once more after the run in progress); resolves when the lane is idle. */
  kick(key: string, pump: () => Promise<void>): Promise<void> {
    // Stopped: nothing runs. (A lane made now would end before it was kept, and stay kept for ever:
    // idle() then spun on it without end, a stopping process's memory growing until it died.)
    if (this.stopped) return Promise.resolve();
    const running = this.lanes.get(key);
    if (running) {
      running.again = true;
      running.pump = pump;
      running.wake?.();
      return running.done;
    }
    const lane: Lane = { again: true, pump, done: Promise.resolve(), held: false };
    lane.done = (async () => {
      while (lane.again && !this.stopped) {
        lane.again = false;
        try {
          await current.run(lane, lane.pump);
        } catch (err) {
          this.onError(key, err);
        }
      }
      this.lanes.delete(key);
      this.changed.fire();
    })();
    this.lanes.set(key, lane);
    return lane.done;
  }

  /** Whether a lane is at work (not just waiting out a rate limit). */
  get busy(): boolean {
    for (const l of this.lanes.values()) if (!l.held) return true;
    return false;
  }

  /** Lanes at work, and lanes waiting out a rate limit (the metrics' queued requests). */
  get load(): { working: number; held: number } {
    let held = 0;
    for (const l of this.lanes.values()) if (l.held) held++;
    return { working: this.lanes.size - held, held };
  }

  /**
   * Resolves when every lane is idle or waits out a rate limit: all that can be sent now has been
   * (a test's "nothing more happens until time passes").
   */
  async idle(): Promise<void> {
    for (;;) {
      const working = [...this.lanes.values()].filter((l) => !l.held);
      if (!working.length) return;
      const changed = this.changed.promise;
      await Promise.race([changed, ...working.map((l) => l.done)]);
    }
  }

  /** Resolves when no lane runs at all, those waiting out a rate limit included (a test that waits a held destination out). */
  async drained(): Promise<void> {
    while (this.lanes.size) await Promise.allSettled([...this.lanes.values()].map((l) => l.done));
  }

  /**
   * Waits `ms` of wall time inside a lane: the edit interval, or (`limited`) a rate limit. A long
   * one (a Retry-After of HELD_MS or more) holds the lane: idle() does not wait for it. Cut short by
   * stop(), and (`wakeable`: a wait for nothing new) by the next kick of the lane; resolves false
   * when the lanes were stopped meanwhile.
   */
  sleep(ms: number, limited = false, wakeable = false): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    const lane = current.getStore();
    if (limited && ms >= HELD_MS && lane) {
      lane.held = true;
      this.changed.fire();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(handle);
        this.sleeps.delete(done);
        if (lane) lane.held = false;
        if (lane?.wake === done) lane.wake = undefined;
        resolve(!this.stopped);
      };
      const handle = setTimeout(done, ms);
      this.sleeps.add(done);
      if (wakeable && lane) lane.wake = done;
    });
  }

  /** No run starts again; waits in progress end at once. */
  stop(): void {
    this.stopped = true;
    for (const wake of [...this.sleeps]) wake();
  }
}

/** The lane whose pump is running (for sleep, and for discord.js's rejectOnRateLimit). */
const current = new AsyncLocalStorage<Lane>();

/**
 * A rate limit this long holds its lane (Discord's Retry-After for a DM channel or a busy route):
 * idle() does not wait for it. Shorter waits (discord.js keeping the bot under 50 requests a second,
 * a bucket's window about to reset) are part of sending, and idle() waits for them.
 */
export const HELD_MS = 5_000;

/** A promise that resolves at the next fire(); each fire starts a new one. */
class Signal {
  promise!: Promise<void>;
  private resolve!: () => void;
  constructor() {
    this.reset();
  }
  private reset(): void {
    this.promise = new Promise((resolve) => (this.resolve = resolve));
  }
  fire(): void {
    this.resolve();
    this.reset();
  }
}

/**
 * discord.js's `rejectOnRateLimit` (client.ts): inside a lane a rate-limited request is handed back
 * to the lane, which waits only its own destination and looks again at what is still worth sending
 * (the newest table, a ping whose decision is still open). Elsewhere discord.js waits as usual.
 */
export const rejectInLanes = (): boolean => current.getStore() !== undefined;

/** Discord refused the request (a 4xx): trying it again will not change that; a 5xx or a lost connection may. */
export const refused = (err: unknown): boolean => err instanceof DiscordAPIError && err.status < 500;

/** The wall-clock ms a rate-limited request must wait, or null for another error. */
export function rateLimitWait(err: unknown): number | null {
  if (!(err instanceof RateLimitError)) return null;
  return Math.max(err.retryAfter, err.timeToReset, 1);
}
