import type { World } from './model.js';

export interface WaitOptions {
  /**
   * Real milliseconds to wait for the bot before giving up; default 30 s. Generous on purpose: a CI
   * machine running two test files and a PostgreSQL server on two cores once took over 5 s to answer a
   * click. How fast the bot answers is measured by `npm run bench`, not here.
   */
  timeoutMs?: number;
  /** Named in the timeout error. */
  description?: string;
}

/**
 * Resolves with the first truthy result of `check`, re-evaluated on every
 * change to the world. The bound is real time because it waits for the bot
 * under test, not for one of the stand-in's own (clock-driven) timers.
 */
export function waitForWorld<T>(
  world: World,
  check: () => T | undefined | null | false,
  options: WaitOptions = {},
): Promise<T> {
  const { timeoutMs = 30_000, description = 'a condition' } = options;
  return new Promise<T>((resolve, reject) => {
    const settle = (): boolean => {
      let value: T | undefined | null | false;
      try {
        value = check();
      } catch (error) {
        cleanup();
        reject(error);
        return true;
      }
      if (!value) return false;
      cleanup();
      resolve(value);
      return true;
    };
    const onChange = (): void => void settle();
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Timed out after ${timeoutMs}ms waiting for ${description}`));
    }, timeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      world.events.off('change', onChange);
    };
    world.events.on('change', onChange);
    settle();
  });
}
