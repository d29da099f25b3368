/** A 429 the test asked for: the next `count` matching requests get it. */
export interface RateLimitRule {
  method?: string;
  /**
   * Route to limit, e.g. `/channels/:id/messages` (`:name` matches one
   * segment) or a RegExp tested against the path below `/api/v10`.
   */
  path?: string | RegExp;
  /** How many requests are refused; default 1. */
  count?: number;
  /** Seconds, as Discord's `retry_after`; default 0.05. */
  retryAfter?: number;
  global?: boolean;
}

export interface RateLimitHit {
  retryAfter: number;
  global: boolean;
}

function pathMatches(pattern: RateLimitRule['path'], path: string): boolean {
  if (pattern === undefined) return true;
  if (pattern instanceof RegExp) return pattern.test(path);
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  return want.length === got.length && want.every((seg, i) => seg.startsWith(':') || seg === got[i]);
}

export class RateLimits {
  private rules: Array<Required<Omit<RateLimitRule, 'method' | 'path'>> & Pick<RateLimitRule, 'method' | 'path'>> = [];

  add(rule: RateLimitRule): void {
    this.rules.push({ count: 1, retryAfter: 0.05, global: false, ...rule });
  }

  clear(): void {
    this.rules = [];
  }

  get pending(): number {
    return this.rules.reduce((n, r) => n + r.count, 0);
  }

  take(method: string, path: string): RateLimitHit | null {
    const rule = this.rules.find(
      (r) => (r.method === undefined || r.method.toUpperCase() === method) && pathMatches(r.path, path),
    );
    if (!rule) return null;
    rule.count--;
    if (rule.count <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return { retryAfter: rule.retryAfter, global: rule.global };
  }
}
