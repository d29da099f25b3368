import type { IncomingHttpHeaders } from 'node:http';
import type { BodySchema } from '../rules/schema.js';

export interface UploadedFile {
  field: string;
  /** n of a `files[n]` part (the id a new upload has in the body's `attachments`), else its position. */
  index: number;
  filename: string;
  contentType: string;
  size: number;
  data: Buffer;
}

export interface RestRequest {
  method: string;
  /** Path below the API prefix, e.g. `/channels/123/messages`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  files: UploadedFile[];
  headers: IncomingHttpHeaders;
}

export interface RestResponse {
  status: number;
  /** JSON, as Discord's API answers. */
  body?: unknown;
  /** Sent as it is instead of `body` (with its content-type in `headers`): what Cloudflare in front of Discord answers. */
  text?: string;
  headers?: Record<string, string>;
}

export type Handler = (req: RestRequest) => RestResponse | Promise<RestResponse>;

interface Route {
  method: string;
  pattern: string;
  segments: string[];
  handler: Handler;
  /** Discord's schema of the request body; every route that takes a body has one. */
  body: BodySchema | undefined;
}

export type Match =
  | { handler: Handler; params: Record<string, string>; body: BodySchema | undefined; route: string }
  | 'method-not-allowed'
  | undefined;

const TAKES_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Matches `/channels/:channelId/messages`-style patterns; literal segments win over params. */
export class Router {
  private readonly routes: Route[] = [];

  constructor(private readonly requireBodySchemas = false) {}

  /**
   * `body` is required for the API's POST, PUT and PATCH routes (`requireBodySchemas`), so no
   * request body reaches a handler unchecked.
   */
  add(method: string, pattern: string, handler: Handler, body?: BodySchema): this {
    if (this.requireBodySchemas && TAKES_BODY.has(method) && !body) {
      throw new Error(`${method} ${pattern} takes a body and needs Discord's schema for it`);
    }
    this.routes.push({ method, pattern, segments: pattern.split('/').filter(Boolean), handler, body });
    return this;
  }

  match(method: string, path: string): Match {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    let pathMatched = false;
    const candidates = this.routes
      .map((route) => ({ route, params: matchSegments(route.segments, parts) }))
      .filter((c): c is { route: Route; params: Record<string, string> } => c.params !== null)
      // Prefer routes with more literal segments: `/users/@me` before `/users/:id`.
      .sort((a, b) => literalCount(b.route) - literalCount(a.route));
    for (const { route, params } of candidates) {
      pathMatched = true;
      if (route.method === method) return { handler: route.handler, params, body: route.body, route: route.pattern };
    }
    return pathMatched ? 'method-not-allowed' : undefined;
  }
}

function literalCount(route: Route): number {
  return route.segments.filter((s) => !s.startsWith(':')).length;
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p.startsWith(':')) params[p.slice(1)] = parts[i]!;
    else if (p !== parts[i]) return null;
  }
  return params;
}

export const json = (body: unknown, status = 200): RestResponse => ({ status, body });
export const noContent = (): RestResponse => ({ status: 204 });
