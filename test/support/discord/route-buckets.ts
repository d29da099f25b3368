import { createHash } from 'node:crypto';
import type { Clock } from './clock.js';

/**
 * Discord's rate limits as it announces them: each route belongs to a bucket, counted apart for
 * each of its major parameters (the channel, the guild, the webhook and its token); every answer
 * of a limited route carries `X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After` and
 * `-Bucket`, and a request over the limit gets 429 with `retry_after` and `global: false`
 * (`X-RateLimit-Scope: user`). Beside the buckets, a bot may make `globalPerSecond` requests a
 * second in all (interaction callbacks and interaction webhooks are exempt): over it, 429 with
 * `global: true` and `X-RateLimit-Global`.
 *
 * Discord does not publish its per-route numbers and tells bots to read the headers; the
 * defaults below are the stand-in's (5 messages per 5 s in a channel is what Discord answers
 * today). Windows run on the stand-in's clock; `scale` shortens them so a test with a real clock
 * can let discord.js wait them out quickly.
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
  /** Multiplies every window (and the global second); default 1. */
  scale?: number;
}

export const DEFAULT_BUCKETS: BucketRule[] = [
  { method: 'POST', route: '/channels/:channelId/messages', limit: 5, windowMs: 5_000 },
  { method: 'PATCH', route: '/channels/:channelId/messages/:messageId', limit: 5, windowMs: 5_000 },
  { method: 'DELETE', route: '/channels/:channelId/messages/:messageId', limit: 5, windowMs: 1_000 },
  { method: 'POST', route: '/webhooks/:applicationId/:token', limit: 5, windowMs: 2_000 },
  { method: 'PATCH', route: '/webhooks/:applicationId/:token/messages/:messageId', limit: 5, windowMs: 2_000 },
];

/** Routes a bot reaches with its interaction token: not bound by the global limit. */
const INTERACTION_ROUTE = /^\/(interactions|webhooks)\//;

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

export class RouteBuckets {
  private readonly rules: BucketRule[];
  private readonly scale: number;
  private readonly globalPerSecond: number;
  private readonly windows = new Map<string, Window>();
  private global: Window = { used: 0, resetAt: 0 };

  constructor(
    private readonly clock: Clock,
    options: RouteLimitOptions = {},
  ) {
    this.rules = options.rules ?? DEFAULT_BUCKETS;
    this.scale = options.scale ?? 1;
    this.globalPerSecond = options.globalPerSecond ?? 50;
  }

  /** Counts one request to `route` (the router's pattern) and says what Discord would answer. */
  take(method: string, route: string, path: string, params: Record<string, string>): BucketAnswer {
    const now = this.clock.now();
    if (!INTERACTION_ROUTE.test(path)) {
      if (now >= this.global.resetAt) this.global = { used: 0, resetAt: now + 1_000 * this.scale };
      if (this.global.used >= this.globalPerSecond) {
        const retryAfter = seconds(this.global.resetAt - now);
        return {
          headers: { 'retry-after': String(retryAfter), 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' },
          limited: { retryAfter, global: true },
        };
      }
      this.global.used++;
    }
    const rule = this.rules.find((r) => r.method === method && r.route === route);
    if (!rule) return { headers: {} };
    const bucket = createHash('sha1').update(`${rule.method} ${rule.route}`).digest('hex').slice(0, 32);
    const key = [bucket, ...MAJOR.map((p) => params[p] ?? '')].join(':');
    let w = this.windows.get(key);
    if (!w || now >= w.resetAt) {
      w = { used: 0, resetAt: now + rule.windowMs * this.scale };
      this.windows.set(key, w);
    }
    const over = w.used >= rule.limit;
    if (!over) w.used++;
    const resetAfter = seconds(w.resetAt - now);
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(rule.limit),
      'x-ratelimit-remaining': String(rule.limit - w.used),
      'x-ratelimit-reset': (w.resetAt / 1000).toFixed(3),
      'x-ratelimit-reset-after': resetAfter.toFixed(3),
      'x-ratelimit-bucket': bucket,
    };
    if (!over) return { headers };
    return {
      // Discord rounds Retry-After up to whole seconds; the stand-in keeps the exact wait so a
      // scaled-down window costs milliseconds.
      headers: { ...headers, 'retry-after': String(resetAfter), 'x-ratelimit-scope': 'user' },
      limited: { retryAfter: resetAfter, global: false },
    };
  }
}

const seconds = (ms: number): number => Math.max(0, Math.round(ms)) / 1000;
