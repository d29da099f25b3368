import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/**
 * Discord's rate limits as it announces them, always on: each route belongs to a bucket, counted
 * apart for each of its major parameters (the channel, the guild, the webhook and its token);
 * every answer of a limited route carries `X-RateLimit-Limit`, `-Remaining`, `-Reset`,
 * `-Reset-After` and `-Bucket`, and a request over the limit gets 429 with `retry_after` and
 * `global: false` (`X-RateLimit-Scope: user`). Beside the buckets, a bot may make
 * `globalPerSecond` requests a second in all; over it, 429 with `global: true`,
 * `X-RateLimit-Global` and scope `global`. Discord's rate-limits page: "Interaction endpoints are
 * not bound to the bot's Global Rate Limit" — the callback (`/interactions/:id/:token/callback`)
 * and everything reached with an interaction's token (`/webhooks/:applicationId/:token…`); their
 * per-route buckets still apply.
 *
 * Discord's limits are wall-clock, so the windows run on a monotonic clock of their own, never on
 * the stand-in's clock (a test's ManualClock never moves, and discord.js waits a window out in
 * real time). `scale` shortens every window (and the global second) so tests with many messages
 * stay fast; 1 is Discord.
 *
 * Discord does not publish its per-route numbers and tells bots to read the headers; the
 * defaults below are the stand-in's (5 messages per 5 s in a channel is what Discord answers
 * today).
 */
export interface BucketRule {
  method: string;
  /** A route as the stand-in's router writes it, e.g. `/channels/:channelId/messages`. */
  route: string;
  limit: number;
  windowMs: number;
}

export interface RouteLimitOptions {
  rules?: BucketRule[];
  /** Requests per second for the bot token across routes; default 50, as Discord's global limit. */
  globalPerSecond?: number;
  /** Multiplies every window (and the global second); default 1, as Discord. */
  scale?: number;
}

export const DEFAULT_BUCKETS: BucketRule[] = [
  { method: 'POST', route: '/channels/:channelId/messages', limit: 5, windowMs: 5_000 },
  { method: 'PATCH', route: '/channels/:channelId/messages/:messageId', limit: 5, windowMs: 5_000 },
  { method: 'DELETE', route: '/channels/:channelId/messages/:messageId', limit: 5, windowMs: 1_000 },
  { method: 'POST', route: '/webhooks/:applicationId/:token', limit: 5, windowMs: 2_000 },
  { method: 'PATCH', route: '/webhooks/:applicationId/:token/messages/:messageId', limit: 5, windowMs: 2_000 },
];

/** The interaction endpoints, which Discord leaves out of the global limit. */
const GLOBAL_EXEMPT = /^\/interactions\/[^/]+\/[^/]+\/callback$|^\/webhooks\/[^/]+\/[^/]+(\/|$)/;

export function exemptFromGlobal(path: string): boolean {
  return GLOBAL_EXEMPT.test(path);
}

/** The major parameters: requests that differ in these are counted in different buckets. */
const MAJOR = ['channelId', 'guildId', 'applicationId', 'token'];

export interface BucketAnswer {
  headers: Record<string, string>;
  /** Set when the request is over a limit and must be refused with 429. */
  limited?: { retryAfter: number; global: boolean };
}

interface Window {
  used: number;
  resetAt: number;
}

/** Milliseconds on a clock that only moves forward, at the pace of the wall. */
export const monotonicNow = (): number => performance.now();

export class RouteBuckets {
  readonly scale: number;
  readonly globalPerSecond: number;
  private readonly rules: BucketRule[];
  private readonly windows = new Map<string, Window>();
  private global: Window = { used: 0, resetAt: 0 };
  /** Requests that took a share of the global limit (every request but the exempt ones that was not refused by it). */
  globalCounted = 0;
  /** Requests refused by the global limit. */
  globalLimited = 0;
  /** Requests refused by a route's bucket. */
  routeLimited = 0;

  constructor(options: RouteLimitOptions = {}) {
    this.rules = options.rules ?? DEFAULT_BUCKETS;
    this.scale = options.scale ?? 1;
    if (!(this.scale > 0)) throw new RangeError(`limits.scale must be > 0, got ${this.scale}`);
    this.globalPerSecond = options.globalPerSecond ?? 50;
  }

  /**
   * Counts one request to `route` (the router's pattern) and says what Discord would answer. `notBot`:
   * a request not made with the bot token (an OAuth2 user's Bearer token, the token exchange), which
   * the bot token's global limit does not count.
   */
  take(method: string, route: string, path: string, params: Record<string, string>, notBot = false): BucketAnswer {
    const now = monotonicNow();
    if (!notBot && !exemptFromGlobal(path)) {
      if (now >= this.global.resetAt) this.global = { used: 0, resetAt: now + 1_000 * this.scale };
      if (this.global.used >= this.globalPerSecond) {
        this.globalLimited++;
        const waitMs = this.global.resetAt - now;
        return {
          headers: { 'retry-after': this.retryAfterHeader(waitMs), 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' },
          limited: { retryAfter: seconds(waitMs), global: true },
        };
      }
      this.global.used++;
      this.globalCounted++;
    }
    const rule = this.rules.find((r) => r.method === method && r.route === route);
    if (!rule) return { headers: {} };
    const bucket = createHash('sha1').update(`${rule.method} ${rule.route}`).digest('hex').slice(0, 32);
    const key = [bucket, ...MAJOR.map((p) => params[p] ?? '')].join(':');
    let w = this.windows.get(key);
    if (!w || now >= w.resetAt) {
      w = { used: 0, resetAt: now + rule.windowMs * this.scale };
      this.windows.set(key, w);
      if (this.windows.size > 10_000) this.forgetEnded(now);
    }
    const over = w.used >= rule.limit;
    if (!over) w.used++;
    const waitMs = w.resetAt - now;
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(rule.limit),
      'x-ratelimit-remaining': String(rule.limit - w.used),
      'x-ratelimit-reset': ((Date.now() + waitMs) / 1000).toFixed(3),
      'x-ratelimit-reset-after': seconds(waitMs).toFixed(3),
      'x-ratelimit-bucket': bucket,
    };
    if (!over) return { headers };
    this.routeLimited++;
    return {
      headers: { ...headers, 'retry-after': this.retryAfterHeader(waitMs), 'x-ratelimit-scope': 'user' },
      limited: { retryAfter: seconds(waitMs), global: false },
    };
  }

  /**
   * Discord's Retry-After header is whole seconds, rounded up (the body's `retry_after` is exact);
   * on a scaled stand-in, whole scaled seconds, so a shortened window costs milliseconds.
   */
  private retryAfterHeader(waitMs: number): string {
    const unit = 1_000 * this.scale;
    return String(+(Math.max(1, Math.ceil(waitMs / unit)) * this.scale).toFixed(6));
  }

  private forgetEnded(now: number): void {
    for (const [key, w] of this.windows) if (now >= w.resetAt) this.windows.delete(key);
  }
}

const seconds = (ms: number): number => Math.max(0, Math.round(ms)) / 1000;
