// OAuth2 as an Activity meets it: the client's `authorize` (the Embedded App SDK's command: a code for
// the signed-in user, for this application, with the scopes asked), the code exchanged at
// POST /oauth2/token with the application's secret (form-encoded, as Discord requires), and the
// access token read back at GET /users/@me. Refused as Discord refuses: a code used twice, expired
// (10 minutes) or made for another application (400 invalid_grant), a wrong secret (401
// invalid_client), a JSON body (400), an unknown or expired token on /users/@me (401).
import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';
import { ApiError, type DiscordErrorBody } from './errors.js';

/** Discord's answer to a bad token request: `{ error, error_description }`, not the API's `{ code, message }`. */
export class OAuthError extends ApiError {
  constructor(status: number, error: string, description: string) {
    super(status, { error, error_description: description } as unknown as DiscordErrorBody);
  }
}

const CODE_MS = 10 * 60_000;
const TOKEN_S = 604_800;

interface Grant {
  userId: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

export class OAuth2 {
  /** The application's client secret (Developer Portal → OAuth2). */
  readonly clientSecret = randomBytes(24).toString('base64url');
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, Grant>();
  /** Codes exchanged and tokens read, for tests. */
  readonly counts = { authorized: 0, exchanged: 0, refused: 0, usersMe: 0 };

  constructor(
    private readonly clock: Clock,
    private readonly applicationId: string,
  ) {}

  /** The client's `authorize` for a signed-in user: a code good for one exchange within 10 minutes. */
  authorize(userId: string, clientId: string, scopes: string[]): string {
    if (clientId !== this.applicationId) throw new OAuthError(400, 'invalid_client', 'Unknown application');
    const code = randomBytes(15).toString('base64url');
    this.codes.set(code, { userId, clientId, scopes, expiresAt: this.clock.now() + CODE_MS });
    this.counts.authorized++;
    return code;
  }

  /** POST /oauth2/token, grant_type authorization_code. */
  exchange(body: unknown, contentType: string | undefined): Record<string, unknown> {
    const refuse = (status: number, error: string, description: string): never => {
      this.counts.refused++;
      throw new OAuthError(status, error, description);
    };
    if (!(contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) refuse(400, 'invalid_request', 'Content type must be application/x-www-form-urlencoded');
    const form = (body ?? {}) as Record<string, unknown>;
    if (form.grant_type !== 'authorization_code') refuse(400, 'unsupported_grant_type', 'Unsupported grant type');
    if (form.client_id !== this.applicationId || form.client_secret !== this.clientSecret) refuse(401, 'invalid_client', 'Invalid client');
    const code = typeof form.code === 'string' ? form.code : '';
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.clientId !== form.client_id || grant.expiresAt <= this.clock.now()) refuse(400, 'invalid_grant', 'Invalid "code" in request.');
    const token = randomBytes(22).toString('base64url');
    this.tokens.set(token, { ...grant!, expiresAt: this.clock.now() + TOKEN_S * 1000 });
    this.counts.exchanged++;
    return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_S, refresh_token: randomBytes(22).toString('base64url'), scope: grant!.scopes.join(' ') };
  }

  /** The user a `Bearer` token names, if it is known, unexpired and has the identify scope; null otherwise. */
  userOf(authorization: string | undefined): string | null {
    if (!authorization?.startsWith('Bearer ')) return null;
    const grant = this.tokens.get(authorization.slice('Bearer '.length));
    if (!grant || grant.expiresAt <= this.clock.now() || !grant.scopes.includes('identify')) return null;
    this.counts.usersMe++;
    return grant.userId;
  }

  /** Whether the request carries a Bearer token at all (then only OAuth2 routes answer it). */
  static isBearer(authorization: string | undefined): boolean {
    return authorization?.startsWith('Bearer ') ?? false;
  }
}
