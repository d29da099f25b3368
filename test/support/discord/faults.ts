import { StandInUsageError } from './setup.js';

/**
 * Answers a test asked for on any route (`standIn.fault`, `standIn.rateLimit`): the next `count`
 * matching REST requests get it instead of what Discord would have done. They are answered before
 * the route's bucket and the global limit are counted, as a request Discord never got that far with.
 */
export type FaultStatus = 429 | 500 | 502 | 503;

export interface FaultRule {
  method?: string;
  /**
   * Route to fault, e.g. `/channels/:id/messages` (`:name` matches one
   * segment) or a RegExp tested against the path below `/api/v10`.
   */
  path?: string | RegExp;
  /** Default 429. */
  status?: FaultStatus;
  /** How many requests get it; default 1. */
  count?: number;
  /** 429 only: seconds, as Discord's `retry_after` (sent exactly, also as Retry-After); default 0.05. */
  retryAfter?: number;
  /** 429 only: the global limit (`global: true`, `X-RateLimit-Global`, scope `global`). */
  global?: boolean;
  /** 429 only: `X-RateLimit-Scope`; default `user`, or `global` with `global`. `shared` 429s are not invalid requests. */
  scope?: 'user' | 'global' | 'shared';
}

/** A 429 the test asked for: a fault with status 429. */
export type RateLimitRule = Omit<FaultRule, 'status'>;

export interface FaultAnswer {
  status: number;
  headers: Record<string, string>;
  /** A JSON body, as Discord's API answers; or `text` for what the front of Discord answers. */
  body?: unknown;
  text?: string;
}

function pathMatches(pattern: FaultRule['path'], path: string): boolean {
  if (pattern === undefined) return true;
  if (pattern instanceof RegExp) return pattern.test(path);
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  return want.length === got.length && want.every((seg, i) => seg.startsWith(':') || seg === got[i]);
}

/** Cloudflare's own page when Discord's servers behind it do not answer. */
const BAD_GATEWAY_HTML =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n';

/** What each fault looks like on the wire, as Discord (or Cloudflare in front of it) sends it. */
export function faultAnswer(rule: FaultRule): FaultAnswer {
  switch (rule.status ?? 429) {
    case 429: {
      const retryAfter = rule.retryAfter ?? 0.05;
      const scope = rule.scope ?? (rule.global ? 'global' : 'user');
      const global = scope === 'global';
      return {
        status: 429,
        headers: {
          // Discord rounds this header up to whole seconds; the stand-in keeps the
          // test's value so a retry costs milliseconds, not a second.
          'retry-after': String(retryAfter),
          'x-ratelimit-scope': scope,
          ...(global ? { 'x-ratelimit-global': 'true' } : {}),
        },
        body: { message: 'You are being rate limited.', retry_after: retryAfter, global },
      };
    }
    case 500:
      return { status: 500, headers: {}, body: { message: '500: Internal Server Error', code: 0 } };
    case 502:
      return { status: 502, headers: { 'content-type': 'text/html' }, text: BAD_GATEWAY_HTML };
    case 503:
      // Discord's proxy, overloaded, answers in plain text.
      return {
        status: 503,
        headers: { 'content-type': 'text/plain' },
        text: 'upstream connect error or disconnect/reset before headers. reset reason: overflow',
      };
  }
}

/** A request the stand-in keeps before doing it (`standIn.holdNext`): Discord, or the way there, slow to take it. */
export interface HeldRequest {
  /** Resolves when the request has come and is being kept. */
  arrived: Promise<void>;
  /** The request goes on, as if it had only now reached Discord. */
  release(): void;
}

export class Faults {
  private rules: Array<FaultRule & { count: number }> = [];
  private holds: Array<{ method?: string; path?: string | RegExp; came: () => void; gone: Promise<void> }> = [];

  /** The next request matching `method` and `path` is kept, undone, until the answer's `release`. */
  hold(rule: Pick<FaultRule, 'method' | 'path'>): HeldRequest {
    let came!: () => void;
    let release!: () => void;
    const arrived = new Promise<void>((r) => (came = r));
    const gone = new Promise<void>((r) => (release = r));
    this.holds.push({ ...rule, came, gone });
    return { arrived, release };
  }

  /** For a request `hold` asked to keep: resolves when it may go on; null for any other (it goes on at once). */
  kept(method: string, path: string): Promise<void> | null {
    const h = this.holds.find((r) => (r.method === undefined || r.method.toUpperCase() === method) && pathMatches(r.path, path));
    if (!h) return null;
    this.holds = this.holds.filter((r) => r !== h);
    h.came();
    return h.gone;
  }

  add(rule: FaultRule): void {
    const status = rule.status ?? 429;
    if (![429, 500, 502, 503].includes(status)) throw new StandInUsageError(`A fault's status is 429, 500, 502 or 503, not ${status}`);
    if (status !== 429 && (rule.retryAfter !== undefined || rule.global !== undefined || rule.scope !== undefined)) {
      throw new StandInUsageError('retryAfter, global and scope belong to 429 faults');
    }
    this.rules.push({ ...rule, count: rule.count ?? 1 });
  }

  clear(): void {
    this.rules = [];
    this.holds = [];
  }

  get pending(): number {
    return this.rules.reduce((n, r) => n + r.count, 0);
  }

  take(method: string, path: string): FaultAnswer | null {
    const rule = this.rules.find(
      (r) => (r.method === undefined || r.method.toUpperCase() === method) && pathMatches(r.path, path),
    );
    if (!rule) return null;
    rule.count--;
    if (rule.count <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return faultAnswer(rule);
  }
}
