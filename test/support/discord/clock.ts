/**
 * Time as the stand-in sees it. Discord's timers (the 3-second answer window,
 * the 15-minute interaction token) run on this clock, so tests can move time
 * forward instead of sleeping.
 */
export interface Clock {
  now(): number;
  /** Runs `fn` once `now()` reaches `when`; returns a function that cancels it. */
  at(when: number, fn: () => void): () => void;
  /** Cancels every pending timer, so nothing outlives the stand-in. */
  dispose(): void;
}

export class RealClock implements Clock {
  private readonly timers = new Set<NodeJS.Timeout>();

  now(): number {
    return Date.now();
  }

  at(when: number, fn: () => void): () => void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, Math.max(0, when - Date.now()));
    // A pending Discord timer must not keep a test process alive.
    timer.unref();
    this.timers.add(timer);
    return () => {
      clearTimeout(timer);
      this.timers.delete(timer);
    };
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

interface ManualTimer {
  when: number;
  seq: number;
  fn: () => void;
}

/** A clock that only moves when told to; timers fire during `advance`, in order. */
export class ManualClock implements Clock {
  private current: number;
  private seq = 0;
  private timers: ManualTimer[] = [];

  constructor(start: number = Date.now()) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  at(when: number, fn: () => void): () => void {
    const timer: ManualTimer = { when, seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`ManualClock.advance: ms must be >= 0, got ${ms}`);
    this.set(this.current + ms);
  }

  set(time: number): void {
    if (time < this.current) throw new RangeError('ManualClock cannot go backwards');
    // Fire due timers one at a time so a timer that schedules another sees the right "now".
    for (;;) {
      const due = this.timers
        .filter((t) => t.when <= time)
        .sort((a, b) => a.when - b.when || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.when);
      due.fn();
    }
    this.current = time;
  }

  dispose(): void {
    this.timers = [];
  }
}
