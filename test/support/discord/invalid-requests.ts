import { monotonicNow } from './route-buckets.js';

/**
 * Discord's invalid request limit ("aka Cloudflare bans", rate-limits page): an IP whose requests
 * are answered 401, 403 or 429 — except 429s with `X-RateLimit-Scope: shared` — 10,000 times in
 * 10 minutes is kept from the API for a while. Counted here in a sliding window on real time
 * (monotonic; never the stand-in's clock), over every client of the stand-in: they all reach it
 * from 127.0.0.1, one IP.
 *
 * Discord does not publish how long the ban lasts; bots report about an hour, which is the default.
 * While banned, every API request is answered as Cloudflare does (`bannedResponse`), and those
 * answers are not counted again.
 */
export interface InvalidRequestOptions {
  /** Invalid requests in `windowMs` that earn a ban; default 10,000. */
  max?: number;
  /** Default 10 minutes. */
  windowMs?: number;
  /** How long the ban lasts; default 1 hour. */
  banMs?: number;
}

export class InvalidRequests {
  readonly max: number;
  readonly windowMs: number;
  readonly banMs: number;
  /** When each counted invalid request was answered, oldest first, from `head` on. */
  private times: number[] = [];
  private head = 0;
  private bannedUntil = 0;
  /** Invalid requests ever counted. */
  total = 0;
  /** Bans given. */
  bans = 0;

  constructor(options: InvalidRequestOptions = {}) {
    this.max = options.max ?? 10_000;
    this.windowMs = options.windowMs ?? 10 * 60_000;
    this.banMs = options.banMs ?? 60 * 60_000;
  }

  /** Notes one answer; `scope` is its `X-RateLimit-Scope`, if any. */
  note(status: number, scope: string | undefined): void {
    if (status !== 401 && status !== 403 && status !== 429) return;
    if (status === 429 && scope === 'shared') return;
    const now = monotonicNow();
    this.times.push(now);
    this.total++;
    if (this.countAt(now) >= this.max && now >= this.bannedUntil) {
      this.bannedUntil = now + this.banMs;
      this.bans++;
    }
  }

  /** Invalid requests in the last `windowMs`. */
  get count(): number {
    return this.countAt(monotonicNow());
  }

  /** Milliseconds left of the ban, or 0. */
  get banLeftMs(): number {
    return Math.max(0, this.bannedUntil - monotonicNow());
  }

  private countAt(now: number): number {
    while (this.head < this.times.length && this.times[this.head]! <= now - this.windowMs) this.head++;
    if (this.head > 4_096 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
    return this.times.length - this.head;
  }
}

/**
 * What a banned IP gets. Cloudflare answers before Discord does: 429, no `X-RateLimit-*` headers, no
 * JSON, the body `error code: 1015` (the Cloudflare rate-limit page; reports on discord-api-docs
 * #5385 and #7040 quote it). Reports differ on Retry-After (some see an hour, some none); the
 * stand-in sends the time left of the ban, so a client that honours it stops hammering.
 */
export function bannedResponse(banLeftMs: number): { status: number; headers: Record<string, string>; text: string } {
  return {
    status: 429,
    headers: { 'retry-after': String(Math.max(1, Math.ceil(banLeftMs / 1000))), 'content-type': 'text/plain; charset=UTF-8' },
    text: 'error code: 1015',
  };
}
