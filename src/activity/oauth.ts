// Who a viewer is, as Discord's Embedded App SDK has it done: the page's `authorize` gives it a code,
// the server exchanges the code at /oauth2/token (with the application's secret, which never leaves
// the bot) and asks /users/@me with the access token. The page keeps the token and shows it again
// on each socket (a reconnect after a restart too); the server keeps the user it names for an hour.
import { createHash } from 'node:crypto';

export interface Viewer {
  id: string;
  username: string;
  /** The user's Discord language (e.g. en-US), if Discord said it. */
  locale: string | null;
}

export interface OAuthOptions {
  /** Discord's API base with its version, e.g. https://discord.com/api/v10. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** Default: global fetch. */
  fetch?: typeof fetch;
}

/** A refusal worth telling the page about (a bad code, a token Discord no longer knows). */
export class OAuthRefused extends Error {
  constructor(readonly status: number) {
    super(`Discord refused the sign-in (${status})`);
    this.name = 'OAuthRefused';
  }
}

const KEEP_MS = 60 * 60_000;
const MAX_KEPT = 10_000;

export class OAuth {
  /** Token hash → the user it named, and until when (never the token itself). */
  private readonly users = new Map<string, { viewer: Viewer; until: number }>();
  private readonly fetch: typeof fetch;

  constructor(private readonly o: OAuthOptions) {
    this.fetch = o.fetch ?? fetch;
  }

  /** The code the page's `authorize` returned, exchanged for an access token. */
  async exchange(code: string): Promise<string> {
    const body = new URLSearchParams({ client_id: this.o.clientId, client_secret: this.o.clientSecret, grant_type: 'authorization_code', code });
    const res = await this.fetch(`${this.o.apiBase}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    if (!res.ok) {
      await res.body?.cancel();
      throw new OAuthRefused(res.status);
    }
    const json = (await res.json()) as { access_token?: unknown };
    if (typeof json.access_token !== 'string') throw new OAuthRefused(502);
    return json.access_token;
  }

  /** The user an access token names (asked of Discord at most once an hour per token). */
  async viewer(token: string, now = Date.now()): Promise<Viewer> {
    const key = createHash('sha256').update(token).digest('base64url');
    const kept = this.users.get(key);
    if (kept && kept.until > now) return kept.viewer;
    const res = await this.fetch(`${this.o.apiBase}/users/@me`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) {
      await res.body?.cancel();
      // A rate limit or Discord's own failure is no refusal: the page tries again.
      if (res.status === 429 || res.status >= 500) throw new Error(`Discord answered ${res.status} for the viewer`);
      throw new OAuthRefused(res.status);
    }
    const json = (await res.json()) as { id?: unknown; username?: unknown; locale?: unknown };
    if (typeof json.id !== 'string') throw new OAuthRefused(502);
    const viewer: Viewer = { id: json.id, username: typeof json.username === 'string' ? json.username : '', locale: typeof json.locale === 'string' ? json.locale : null };
    if (this.users.size >= MAX_KEPT) this.users.delete(this.users.keys().next().value as string);
    this.users.set(key, { viewer, until: now + KEEP_MS });
    return viewer;
  }
}
