// How far the bot's event loop trails, as a factor the table pictures' interval is stretched by:
// when the process cannot keep up, it sheds picture frames first (each costs a drawing thread about
// 10 ms and an upload), never a commit, a DM or a click. The words of every table still follow each
// move at the edit interval; only the picture under them comes less often, and as often as before
// once the loop keeps up again.
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The event loop's delay is sampled every this many ms, and read once a second. */
const RESOLUTION_MS = 10;
const READ_EVERY_MS = 1000;
/** The mean delay of a second above which pictures come less often, and below which more often again. */
export const STRAINED_LAG_MS = 8;
export const EASY_LAG_MS = 3;
/** The most the picture interval is stretched (PICTURE_EVERY_MS 3 s → 15 s). */
export const MAX_STRETCH = 5;

/** The next stretch, from this one and the loop's mean delay over the last second (ms beyond the sampling's own). */
export function nextStretch(stretch: number, lagMs: number): number {
  if (lagMs > STRAINED_LAG_MS) return Math.min(MAX_STRETCH, stretch * 1.5);
  if (lagMs < EASY_LAG_MS) return Math.max(1, stretch / 1.25);
  return stretch;
}

export interface Strain {
  /** How many times the picture interval is stretched now: 1 while the loop keeps up. */
  stretch(): number;
  stop(): void;
}

/** Watches this process's event loop (the bot as it ships; tests keep a stretch of 1). */
export function watchStrain(): Strain {
  const h = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  h.enable();
  let stretch = 1;
  const timer = setInterval(() => {
    // A sample is the time between two ticks of the sampling timer: its own resolution is no delay.
    const lagMs = h.count ? h.mean / 1e6 - RESOLUTION_MS : 0;
    h.reset();
    stretch = nextStretch(stretch, lagMs);
  }, READ_EVERY_MS);
  timer.unref();
  return {
    stretch: () => stretch,
    stop: () => {
      clearInterval(timer);
      h.disable();
    },
  };
}
