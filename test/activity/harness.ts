// The Activity in a real browser: the bot (test/bot/harness.ts) with its Activity server, the page
// built by Vite, and Debian's Chromium driven by playwright-core, each page signed in as one user of
// the stand-in (its `authorize` code given to the SDK's mock through the URL).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type WebSocket as PageSocket } from 'playwright-core';
import { startActivity, type Activity } from '../../src/activity/server.js';
import type { Frame, ServerMessage } from '../../src/activity/protocol.js';
import type { ChannelRecord, UserRecord } from '../support/discord/index.js';
import type { BotOptions } from '../../src/discord/bot.js';
import { openBotTable, type BotTable } from '../bot/harness.js';
import { decodePng, differingShare } from '../picture/compare.js';

const ROOT = resolve(import.meta.dirname, '../..');
export const CHROMIUM = '/usr/bin/chromium';

/** Builds the page (web/activity/dist) from the sources as they are now. */
export function buildPage(): void {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(ROOT, 'web/activity/vite.config.ts'), '--logLevel', 'error'], { cwd: ROOT, stdio: 'pipe' });
}

/** Chromium as the project runs it: headless, no network of its own, a fresh profile. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'fengsheng-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      // Several pages in one window, each a player: none is throttled as a background tab (its timers
      // and animation frames, on which a click waits, would run once a second).
      ...['--disable-background-timer-throttling', '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows'],
    ],
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ActivityTable extends BotTable {
  activity: Activity;
  /** The Activity's port (kept across restarts, as a reverse proxy in front would expect). */
  port: number;
}

/** A bot table with its Activity served; `restart` restarts both (a new process on the same database). */
export async function openActivityTable(players: number, extra: Partial<BotOptions> = {}): Promise<ActivityTable> {
  const t = (await openBotTable(players, { activity: true, ...extra })) as ActivityTable;
  // Activities on in the Developer Portal: the stand-in runs the instances people open (launchActivity).
  t.discord.enableActivities();
  const serve = (port: number) =>
    startActivity(t.bot.ctx, { port, host: '127.0.0.1', apiBase: `${t.discord.apiBase}/v10`, clientId: t.discord.applicationId, clientSecret: t.discord.oauth2.clientSecret });
  t.activity = await serve(0);
  t.port = t.activity.port;
  const restart = t.restart.bind(t);
  const close = t.close.bind(t);
  t.restart = async () => {
    await t.activity.close();
    await restart();
    t.activity = await serve(t.port);
  };
  t.close = async () => {
    await t.activity.close().catch(() => undefined);
    await close();
  };
  return t;
}

/** One user's page: every frame its socket received, in order. */
export interface Viewer {
  user: UserRecord;
  page: Page;
  frames: Frame[];
  /** Every message the socket carried, as sent (for the secret scan). */
  raw: string[];
  /** Requests the page made to any other origin than the bot's (refused). */
  external: string[];
}

/**
 * Opens the Activity as `user` would from the channel (`channel`, default #general): the user joins the
 * instance running there (or launches it) in the stand-in, and the page is signed in through its OAuth2.
 */
export async function openViewer(t: ActivityTable, context: BrowserContext, user: UserRecord, channel: ChannelRecord = t.general): Promise<Viewer> {
  const page = await context.newPage();
  const v: Viewer = { user, page, frames: [], raw: [], external: [] };
  page.on('websocket', (ws: PageSocket) => {
    ws.on('framereceived', (f) => {
      const text = typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8');
      v.raw.push(text);
      const msg = JSON.parse(text) as ServerMessage;
      if (msg.t === 'frame') v.frames.push(msg);
    });
  });
  // The page must fetch nothing but the bot's own origin: anything else is refused and noted.
  await page.route(
    (url) => url.origin !== `http://127.0.0.1:${t.port}` && url.protocol !== 'data:',
    (route) => {
      v.external.push(route.request().url());
      return route.abort();
    },
  );
  const code = t.discord.authorize(user);
  const q = new URLSearchParams({ code, instance_id: t.discord.launchActivity(user, channel) });
  await page.goto(`http://127.0.0.1:${t.port}/?${q}`);
  return v;
}

/** Waits until the page shows version `version` (of game `game`, if given) over an open socket. */
export async function shows(v: Viewer, version: number, game?: number, timeout = 30_000): Promise<void> {
  await v.page.waitForFunction(
    ([want, g]) => {
      const main = document.querySelector('main');
      return main?.dataset.status === 'open' && Number(main.dataset.version) === want && (g === null || Number(main.dataset.game) === g);
    },
    [version, game ?? null] as const,
    { timeout },
  );
}

/** Polls a condition of the test's own process (the bot, the stand-in) until it holds. */
export async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = await check();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The sizes each moment is kept at: a desktop window and a phone (Discord's mobile clients run Activities). */
export const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

const GOLDEN_DIR = join(import.meta.dirname, 'golden');
/** Screenshots of every run, for a person to look at (not committed). */
export const ARTEFACTS = join(import.meta.dirname, 'artefacts');
/** UPDATE_GOLDEN=1 writes the goldens anew from this run. */
const UPDATE = process.env.UPDATE_GOLDEN === '1';

/**
 * How much a moment's artefact differs from another moment's golden: the check's tolerance must be
 * far below it, or the check could not fail (a page showing the wrong moment would pass).
 */
export async function crossShare(moment: string, other: string, size: keyof typeof SIZES): Promise<number> {
  return differingShare(await decodePng(readFileSync(join(ARTEFACTS, `${moment}-${size}.png`))), await decodePng(readFileSync(join(GOLDEN_DIR, `${other}-${size}.png`))));
}

/**
 * A moment of the page at both sizes: kept as artefacts, and compared with its goldens with a
 * tolerance (the share of pixels that differ, test/picture/compare.ts). The countdown is masked (it
 * runs on wall time); transitions are finished. Returns the share that differs, per size.
 */
export async function snap(v: Viewer, moment: string): Promise<Record<keyof typeof SIZES, number>> {
  mkdirSync(ARTEFACTS, { recursive: true });
  const out = {} as Record<keyof typeof SIZES, number>;
  for (const [size, viewport] of Object.entries(SIZES) as [keyof typeof SIZES, (typeof SIZES)[keyof typeof SIZES]][]) {
    await v.page.setViewportSize(viewport);
    await v.page.evaluate(() => document.fonts.ready.then(() => undefined));
    const png = await v.page.screenshot({ animations: 'disabled', caret: 'hide', mask: [v.page.locator('.countdown')] });
    writeFileSync(join(ARTEFACTS, `${moment}-${size}.png`), png);
    const golden = join(GOLDEN_DIR, `${moment}-${size}.png`);
    if (UPDATE) {
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(golden, png);
    }
    if (!existsSync(golden)) throw new Error(`no golden ${golden}: run with UPDATE_GOLDEN=1 once and look at it`);
    out[size] = differingShare(await decodePng(png), await decodePng(readFileSync(golden)));
  }
  await v.page.setViewportSize(SIZES.desktop);
  return out;
}
