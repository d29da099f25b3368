import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RealClock, type Clock } from './clock.js';
import { createControlRouter } from './control-api.js';
import { ApiError, Errors } from './errors.js';
import { Gateway } from './gateway.js';
import { Interactions } from './interactions.js';
import { World } from './model.js';
import { Faults } from './faults.js';
import { OAuth2 } from './oauth2.js';
import { bannedResponse, InvalidRequests, type InvalidRequestOptions } from './invalid-requests.js';
import { RouteBuckets, type RouteLimitOptions } from './route-buckets.js';
import { registerApplicationRoutes } from './rest/application-routes.js';
import { parseBody, readRawBody } from './rest/body.js';
import { registerChannelRoutes } from './rest/channel-routes.js';
import { registerThreadRoutes } from './rest/thread-routes.js';
import type { RouteContext } from './rest/context.js';
import { registerInteractionRoutes } from './rest/interaction-routes.js';
import { Router, type RestResponse } from './rest/router.js';
import { checkBody } from './rules/schema.js';
import { StandInUsageError } from './setup.js';
import { StandIn } from './stand-in.js';

export interface StandInOptions {
  /** Loopback port; 0 (the default) picks a free one. */
  port?: number;
  /** Defaults to the real clock; pass a ManualClock to drive Discord's timers from the test. */
  clock?: Clock;
  token?: string;
  botName?: string;
  /** HELLO's heartbeat_interval. Discord sends ~41 s; tests can shorten it. */
  heartbeatIntervalMs?: number;
  /** Whether the application may use privileged intents (members, presences, message content). */
  privilegedIntents?: boolean;
  /**
   * Discord's limits, always on: the per-route buckets and the global limit with their headers
   * (route-buckets.ts), on real time whatever `clock` is, and the invalid request limit
   * (invalid-requests.ts). `scale` shortens every window; the default, 1, is Discord's (benches,
   * the CLI); the tests use `TEST_LIMITS`.
   */
  limits?: LimitOptions;
}

export interface LimitOptions extends RouteLimitOptions {
  invalidRequests?: InvalidRequestOptions;
}

/**
 * The scale of Discord's windows in the project's tests: a twentieth (5 messages per 250 ms in a
 * channel, the global 50 requests per 50 ms). Measured on a whole 5-player game
 * (test/bot/game.test.ts): at a twentieth the bot's buckets run out about ten times and discord.js
 * waits about 1 s in all; at a tenth, 26 times and 7 s; at Discord's own windows, 30 times and
 * 141 s, too slow for `npm test`; at a fiftieth, never.
 */
export const TEST_LIMITS: LimitOptions = { scale: 0.05 };

const API_PREFIX = '/api/v10';

/** A bot token in Discord's shape: base64(application id).timestamp.hmac */
function makeToken(applicationId: string): string {
  return [
    Buffer.from(applicationId).toString('base64url'),
    randomBytes(4).toString('base64url'),
    randomBytes(27).toString('base64url'),
  ].join('.');
}

function send(res: ServerResponse, response: RestResponse): void {
  const headers: Record<string, string> = { ...response.headers };
  if (response.text !== undefined) {
    res.writeHead(response.status, headers).end(response.text);
    return;
  }
  if (response.status === 204 || response.body === undefined) {
    res.writeHead(response.status, headers).end();
    return;
  }
  const text = JSON.stringify(response.body);
  headers['content-type'] = 'application/json';
  res.writeHead(response.status, headers).end(text);
}

function errorResponse(error: unknown): RestResponse {
  if (error instanceof ApiError) return { status: error.status, body: error.body };
  if (error instanceof StandInUsageError) return { status: 400, body: { error: error.message } };
  return { status: 500, body: { message: '500: Internal Server Error', code: 0, error: String(error) } };
}

/** Starts the stand-in on 127.0.0.1. Close it with `standIn.close()`. */
export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const ownsClock = options.clock === undefined;
  const clock = options.clock ?? new RealClock();
  const world = new World(clock, options.botName ?? 'Fengsheng');
  const token = options.token ?? makeToken(world.applicationId);
  let baseUrl = '';
  const gateway = new Gateway({
    world,
    token,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
    resumeUrl: () => `${baseUrl.replace(/^http/, 'ws')}/gateway-resume`,
    privilegedIntents: options.privilegedIntents ?? true,
  });
  const interactions = new Interactions({ world, gateway });
  const faults = new Faults();
  const buckets = new RouteBuckets(options.limits);
  const invalid = new InvalidRequests(options.limits?.invalidRequests);
  const oauth2 = new OAuth2(clock, world.applicationId);
  const ctx: RouteContext = {
    oauth2,
    world,
    gateway,
    interactions,
    token,
    gatewayUrl: () => `${baseUrl.replace(/^http/, 'ws')}/gateway`,
    attachmentUrl: (channelId, id, filename) => `${baseUrl}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`,
  };
  const api = new Router(true);
  registerApplicationRoutes(api, ctx);
  registerChannelRoutes(api, ctx);
  registerThreadRoutes(api, ctx);
  registerInteractionRoutes(api, ctx);
  let control: Router | undefined;

  async function handleApi(req: IncomingMessage, url: URL): Promise<RestResponse> {
    const method = req.method ?? 'GET';
    const path = url.pathname.slice(API_PREFIX.length) || '/';
    const banLeftMs = invalid.banLeftMs;
    let response: RestResponse;
    if (banLeftMs > 0) {
      // Cloudflare answers for Discord, and counts nothing more.
      req.resume();
      response = bannedResponse(banLeftMs);
    } else {
      response = await answerApi(req, url, method, path);
      invalid.note(response.status, response.headers?.['x-ratelimit-scope']);
    }
    const code = (response.body as { code?: unknown } | undefined)?.code;
    world.logRequest({ at: clock.now(), method, path, status: response.status, ...(typeof code === 'number' ? { code } : {}) });
    return response;
  }

  async function answerApi(req: IncomingMessage, url: URL, method: string, path: string): Promise<RestResponse> {
    await faults.kept(method, path);
    const fault = faults.take(method, path);
    if (fault) {
      req.resume();
      return fault;
    }
    const match = url.pathname.startsWith(`${API_PREFIX}/`) ? api.match(method, path) : undefined;
    if (match === undefined || match === 'method-not-allowed') {
      req.resume();
      return errorResponse(match === undefined ? Errors.notFound() : Errors.methodNotAllowed());
    }
    // An Activity's OAuth2 requests are not the bot token's (its viewers' Bearer tokens, the code exchange).
    const notBot = OAuth2.isBearer(req.headers.authorization) || path === '/oauth2/token';
    const bucket = buckets.take(method, match.route, path, match.params, notBot);
    if (bucket.limited) {
      req.resume();
      return {
        status: 429,
        headers: bucket.headers,
        body: { message: 'You are being rate limited.', retry_after: bucket.limited.retryAfter, global: bucket.limited.global },
      };
    }
    let response: RestResponse;
    try {
      const { body, files } = await parseBody(await readRawBody(req), req.headers['content-type']);
      if (match.body) checkBody(match.body, body);
      response = await match.handler({ method, path, params: match.params, query: url.searchParams, body, files, headers: req.headers });
    } catch (error) {
      response = errorResponse(error);
    }
    return { ...response, headers: { ...response.headers, ...bucket.headers } };
  }

  async function handleControl(req: IncomingMessage, url: URL): Promise<RestResponse> {
    const method = req.method ?? 'GET';
    const path = url.pathname.slice('/control'.length) || '/';
    const match = control?.match(method, path);
    if (match === undefined || match === 'method-not-allowed') {
      req.resume();
      return { status: match === undefined ? 404 : 405, body: { error: `No control endpoint ${method} /control${path}` } };
    }
    try {
      const { body } = await parseBody(await readRawBody(req), req.headers['content-type']);
      return await match.handler({ method, path, params: match.params, query: url.searchParams, body, files: [], headers: req.headers });
    } catch (error) {
      return errorResponse(error);
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // The CDN: /attachments/<channel>/<attachment id>/<filename> gives the uploaded bytes.
    const file = /^\/attachments\/\d+\/(\d+)\/[^/]+$/.exec(url.pathname);
    if (file && req.method === 'GET') {
      req.resume();
      const data = world.uploads.get(file[1]!);
      res.writeHead(data ? 200 : 404, { 'content-type': data ? 'application/octet-stream' : 'text/plain' });
      res.end(data ?? 'Not Found');
      return;
    }
    const handler = url.pathname.startsWith('/api/')
      ? handleApi
      : url.pathname === '/control' || url.pathname.startsWith('/control/')
        ? handleControl
        : null;
    if (!handler) {
      req.resume();
      send(res, errorResponse(Errors.notFound()));
      return;
    }
    handler(req, url).then(
      (response) => send(res, response),
      (error: unknown) => send(res, errorResponse(error)),
    );
  });
  server.on('upgrade', (req, socket, head) => gateway.handleUpgrade(req, socket, head));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn = new StandIn({ world, gateway, interactions, faults, buckets, invalid, clock, ownsClock, token, server, baseUrl, oauth2 });
  control = createControlRouter(standIn);
  return standIn;
}
