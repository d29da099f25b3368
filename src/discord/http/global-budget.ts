// The bot token's global budget as Discord counts it. Discord allows a bot 50 requests a second (those
// not through an interaction's token) and counts them as they arrive; discord.js counts them as they
// leave, in windows of a second that each begin with the first request after the last ended. Arrivals
// jitter, so a window of Discord's can begin with a late request from the end of one of discord.js's
// windows and then take the whole of the next: 51 in Discord's second, and a 429 that counts toward the
// invalid-request ban (8 to 60 global 429s in the openings of 300 games at once, docs/performance.md
// 2026-12-07 evening). So the process never sends more than its budget within any stretch of a second
// and ARRIVAL_JITTER_MS (a sliding log, at the moment each request is handed on to be sent), which holds
// for any jitter up to that; and discord.js's own limiter is set to what that allows a second, so
// requests wait their turn in discord.js, where a lane's may be refused (outbound/lanes.ts), and never
// more than about a second's worth waits here.
import { performance } from 'node:perf_hooks';
import { DefaultRestOptions, type RESTOptions } from 'discord.js';

type MakeRequest = RESTOptions['makeRequest'];

/** How much later than its neighbours a request may reach Discord and still be counted in the second it was sent for. */
export const ARRIVAL_JITTER_MS = 100;
const WINDOW_MS = 1_000 + ARRIVAL_JITTER_MS;

/**
 * A request through an interaction's token, which Discord does not count toward the global limit: a
 * callback (`/interactions/:id/:token/callback`) or a webhook through its token (`/webhooks/:id/:token/...`),
 * by its route (discord.js's `fullRoute`) or its whole URL (after the API's version).
 */
export const THROUGH_TOKEN = /(?:^|\/v\d+)\/(?:interactions\/\d+\/[^/]+\/callback|webhooks\/\d+\/[^/?]+)(?:[/?]|$)/;

export class GlobalBudget {
  /** When each request counted in the last WINDOW_MS was handed on, oldest first, from `head` on. */
  private sent: number[] = [];
  private head = 0;
  private readonly waiting: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;

  /** `budget`: the requests a second this process may make toward the bot token's global limit. */
  constructor(
    private budget: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** What discord.js's limiter is set to for a budget: the sustained rate the sliding window allows, at least 1. */
  static discordJsLimit(budget: number): number {
    return Math.max(1, Math.floor((budget * 1_000) / WINDOW_MS));
  }

  /** The requests a second this process may make toward the global limit. */
  get perSecond(): number {
    return this.budget;
  }

  /** A new budget (a process's share on leases, run/leases.ts); discord.js's limiter is set to `discordJsLimit` of it by the caller. */
  setBudget(budget: number): void {
    this.budget = Math.max(1, budget);
    this.wake();
  }

  /** Requests waiting here for the budget now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** `next`, each request that counts toward the global limit sent only once the budget allows it. */
  wrap(next: MakeRequest): MakeRequest {
    return async (url, init) => {
      if (!THROUGH_TOKEN.test(url)) await this.take();
      return next(url, init);
    };
  }

  /** Resolves (in order) when a request may be sent, and counts it as sent. */
  take(): Promise<void> | undefined {
    if (this.waiting.length === 0 && this.room()) {
      this.sent.push(this.now());
      return undefined;
    }
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.wake();
    });
  }

  /** Whether one more may go now, dropping what left the window. */
  private room(): boolean {
    const since = this.now() - WINDOW_MS;
    while (this.head < this.sent.length && this.sent[this.head]! <= since) this.head++;
    if (this.head > 1_024) {
      this.sent = this.sent.slice(this.head);
      this.head = 0;
    }
    return this.sent.length - this.head < this.budget;
  }

  private wake(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.waiting.length > 0 && this.room()) {
      this.sent.push(this.now());
      this.waiting.shift()!();
    }
    if (this.waiting.length === 0) return;
    // The oldest request that keeps the window full leaves it at this time.
    const frees = this.sent[this.sent.length - this.budget]! + WINDOW_MS;
    this.timer = setTimeout(() => this.wake(), Math.max(1, Math.ceil(frees - this.now())));
  }
}

/** REST options that keep `budget` as Discord counts it: discord.js's own limiter at what the window allows, every request through the window. */
export function withinBudget<O extends Partial<RESTOptions>>(options: O, budget: GlobalBudget): O {
  return {
    ...options,
    makeRequest: budget.wrap(options.makeRequest ?? DefaultRestOptions.makeRequest),
    globalRequestsPerSecond: GlobalBudget.discordJsLimit(budget.perSecond),
  };
}
