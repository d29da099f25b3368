// The Activity's HTTP and WebSocket server, inside the bot process (off unless ACTIVITY_PORT is set):
// the built page (web/activity, `npm run build:activity`) and its fonts, POST /api/token (the page's
// OAuth2 code exchanged for an access token), and /ws, one socket per viewer. Discord reaches it
// through the Activity's URL mapping, over HTTPS (a reverse proxy in front: README, The Activity).
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Committed } from '../store/index.js';
import { Instances, isInstanceId } from './instances.js';
import { OAuth, OAuthRefused } from './oauth.js';
import { Viewers, type FaceContext, type Move } from './viewers.js';

export interface ActivityOptions {
  port: number;
  host: string;
  /** Discord's API base with its version, e.g. https://discord.com/api/v10 (the stand-in's in tests). */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The built page; default web/activity/dist. */
  pageDir?: string;
}

export interface Activity {
  port: number;
  viewers: Viewers;
  close(): Promise<void>;
}

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const PAGE_DIR = join(ROOT, 'web/activity/dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

const TEXT = new Set(['.html', '.js', '.css', '.svg', '.json']);
/** Each text file gzipped once (the built page is a few files; a rebuild changes their time). */
const GZIPPED = new Map<string, { mtimeMs: number; data: Buffer }>();

async function gzipped(file: string, mtimeMs: number): Promise<Buffer> {
  const kept = GZIPPED.get(file);
  if (kept?.mtimeMs === mtimeMs) return kept.data;
  const data = gzipSync(await readFile(file), { level: 6 });
  GZIPPED.set(file, { mtimeMs, data });
  return data;
}

/** The largest message a page may send (an engine action is a few hundred bytes). */
const MAX_MESSAGE = 4096;
/** A socket that has not said who it is by then is closed. */
const HELLO_MS = 15_000;

/** Starts the server and follows the store's commits; `close` stops both. */
export async function startActivity(ctx: FaceContext, o: ActivityOptions): Promise<Activity> {
  const log = ctx.log.child({ part: 'activity' });
  const oauth = new OAuth({ apiBase: o.apiBase, clientId: o.clientId, clientSecret: o.clientSecret });
  const viewers = new Viewers({ ...ctx, log });
  const instances = new Instances(ctx.client.rest, o.clientId);
  const pageDir = o.pageDir ?? PAGE_DIR;
  const server = createServer((req, res) => {
    answer(req, res, pageDir, oauth, o.clientId).catch((err: unknown) => {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'an Activity request failed');
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });
  server.on('upgrade', (req, socket, head) => {
    if (path(req) !== '/ws') return void socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => greet(ws, viewers, oauth, instances, log));
  });
  const unsubscribe = ctx.store.subscribe((c: Committed) => {
    const waiting = ctx.sessions.whenReady(c.gameId, () => viewers.committed(c));
    if (waiting) void waiting.catch((err: unknown) => log.warn({ gameId: c.gameId, err }, 'the Activity could not follow a commit'));
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(o.port, o.host, () => {
      server.off('error', fail);
      ok();
    });
  });
  // Never a crash: a failure of the listening socket is logged.
  server.on('error', (err) => log.error({ err: err.message }, 'the Activity server failed'));
  const port = (server.address() as AddressInfo).port;
  log.info({ port, host: o.host }, 'the Activity is served');
  return {
    port,
    viewers,
    async close() {
      unsubscribe();
      viewers.closeAll();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

/** The request's path, without Discord's `/.proxy` prefix and without its query (never logged). */
function path(req: IncomingMessage): string {
  const p = new URL(req.url ?? '/', 'http://activity').pathname;
  return p.startsWith('/.proxy/') ? p.slice('/.proxy'.length) : p;
}

async function answer(req: IncomingMessage, res: ServerResponse, pageDir: string, oauth: OAuth, clientId: string): Promise<void> {
  const p = path(req);
  if (p === '/api/token' && req.method === 'POST') return token(req, res, oauth);
  // The application id the page's SDK is made with (public: it is in every invite link).
  if (p === '/api/config') return void res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(JSON.stringify({ clientId }));
  if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();
  const file = normalize(join(pageDir, p === '/' ? 'index.html' : decodeURIComponent(p)));
  if (!file.startsWith(pageDir + sep)) return void res.writeHead(404).end();
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    if (p === '/') return void res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('The Activity page is not built: run npm run build:activity.\n');
    return void res.writeHead(404).end();
  }
  const hashed = p.startsWith('/assets/');
  const type = extname(file);
  // Text is sent gzipped to a client that takes it (the fonts are compressed already).
  const gzip = TEXT.has(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.writeHead(200, {
    'content-type': TYPES[type] ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  if (req.method === 'HEAD') return void res.end();
  res.end(gzip ? await gzipped(file, info.mtimeMs) : await readFile(file));
}

async function token(req: IncomingMessage, res: ServerResponse, oauth: OAuth): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_MESSAGE) return void res.writeHead(413).end();
    chunks.push(chunk as Buffer);
  }
  let code: unknown;
  try {
    code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: unknown }).code;
  } catch {
    code = undefined;
  }
  if (typeof code !== 'string' || !code || code.length > 512) return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"code"}');
  try {
    const access = await oauth.exchange(code);
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ access_token: access }));
  } catch (err) {
    if (!(err instanceof OAuthRefused)) throw err;
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"refused"}');
  }
}

/**
 * A new socket: its first message says who (the access token) and which Activity instance; where (the
 * server and channel) is the instance's, as Discord has it (instances.ts), never the page's word.
 */
function greet(ws: WebSocket, viewers: Viewers, oauth: OAuth, instances: Instances, log: FaceContext['log']): void {
  let watcher: Awaited<ReturnType<Viewers['watch']>> | null = null;
  let greeted = false;
  const timer = setTimeout(() => ws.close(4000, 'hello'), HELLO_MS);
  ws.on('close', () => clearTimeout(timer));
  ws.on('error', () => ws.terminate());
  ws.on('message', (data: RawData) => {
    const msg = parse(data);
    if (!msg) return void ws.close(4002, 'malformed');
    if (!greeted) {
      greeted = true;
      clearTimeout(timer);
      void hello(msg).catch((err: unknown) => {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'an Activity viewer could not be shown the table');
        // A refused sign-in is final; anything else (Discord unreachable, a 5xx) the page tries again.
        if (err instanceof OAuthRefused) ws.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        else ws.close(1011, 'try again');
      });
      return;
    }
    if (!watcher) return;
    const w = watcher;
    if (!isPageMessage(msg)) return void ws.close(4002, 'malformed');
    void viewers.heard(w, msg).catch((err: unknown) => log.error({ gameId: w.game, err }, 'an Activity move failed'));
  });
  async function hello(msg: Record<string, unknown>): Promise<void> {
    const { token, instance } = msg;
    if (msg.t !== 'hello' || typeof token !== 'string' || !isInstanceId(instance)) return void ws.close(4002, 'malformed');
    const viewer = await oauth.viewer(token);
    const place = await instances.place(instance, viewer.id);
    if (!place.ok) {
      log.info({ userId: viewer.id, instance, why: place.why }, 'an Activity viewer was refused: their instance is unknown to Discord, does not list them, is not in a server channel, or they asked too often');
      // Asked too often: the page tries again after its back-off (the instance's read is kept a minute for the others).
      return void ws.close(place.why === 'tooMany' ? CLOSE_TRY_LATER : CLOSE_INSTANCE, place.why === 'tooMany' ? 'try later' : 'instance');
    }
    if (!(await viewers.maySee(place.guildId, place.channelId, viewer.id))) return void ws.close(CLOSE_FORBIDDEN, 'forbidden');
    if (ws.readyState !== ws.OPEN) return;
    watcher = await viewers.watch(ws, viewer, place.guildId, place.channelId);
  }
}

/** A token Discord refused. */
export const CLOSE_UNAUTHORIZED = 4001;
/** The instance's channel is not one the viewer can see. */
export const CLOSE_FORBIDDEN = 4003;
/** An instance Discord does not know (404), one not listing the viewer among its users, or a DM's. */
export const CLOSE_INSTANCE = 4004;
/** The viewer asked for more instances than Instances allows a minute: WebSocket's "try again later". */
export const CLOSE_TRY_LATER = 1013;

function parse(data: RawData): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(data.toString());
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function isPageMessage(m: Record<string, unknown>): m is Move {
  if (m.t === 'quiet') return typeof m.on === 'boolean';
  if (m.t !== 'act' || !Number.isInteger(m.opened)) return false;
  const a = m.action as Record<string, unknown> | null;
  if (!a || typeof a !== 'object' || typeof a.kind !== 'string') return false;
  // Numbers, strings, booleans and lists of numbers only: the shape of every engine action.
  return Object.values(a).every((v) => ['number', 'string', 'boolean'].includes(typeof v) || (Array.isArray(v) && v.every((x) => typeof x === 'number')));
}
