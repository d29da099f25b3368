// The Activity in Chromium: five players and a spectator in browser pages (each signed in as a user of
// the stand-in, in the channel's Activity instance), two players on the channel's buttons, two whole
// 7-player games in one channel (the second with characters: their choice and their skills'
// questions asked in the pages). After every step each page shows the
// committed version (a move on a button shows in the pages at once, and a move in a page on the
// table), and neither its DOM nor any frame its socket carried shows another's hand, a face-down
// identity or a 试探's bet. Part way the bot restarts (a new process on the same database): the pages
// reconnect and go on. When the first game ends and the second begins, the same pages follow it.
import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { advanceTo, gameOf, tableIsCurrent, tableMessage } from '../bot/harness.js';
import { openLobbyAndBegin } from '../bot/lobby.js';
import { actOnPanel, isOver, nextMoment, openPanel, peopleAsked } from '../bot/play.js';
import { ARTEFACTS, buildPage, crossShare, launchChromium, openActivityTable, openViewer, shows, SIZES, snap, until, type ActivityTable, type Viewer } from './harness.js';
import { domLeaks, frameLeaks, READ_DOM } from './secrets.js';

interface Played {
  steps: number;
  pageMoves: number;
  framesScanned: number;
  leaks: string[];
  /** Controls and regions a screen reader could not name. */
  unnamed: string[];
  shots: Record<string, Awaited<ReturnType<typeof snap>>>;
  /** Page moves after which the channel's table did not show the game's newest state. */
  tableBehind: number;
  /** 本回合不再响应 was turned on in a page, and the page showed it on. */
  quietTried: boolean;
  /** Kinds of actions made in the pages. */
  kinds: Set<string>;
}

/** What on the page has no name a screen reader could read. */
const UNNAMED = (): string[] => [
  ...[...document.querySelectorAll('button')].filter((b) => !b.textContent?.trim() && !b.getAttribute('aria-label')).map((b) => b.outerHTML.slice(0, 80)),
  ...[...document.querySelectorAll('section, [data-seat]')].filter((e) => !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby')).map((e) => e.outerHTML.slice(0, 80)),
];

/** Plays the channel's game to its end: people at pages click their page, the others their panels. */
async function play(t: ActivityTable, viewers: Viewer[], o: { seed: number; restartAt?: number; snapAt?: number }): Promise<Played> {
  const gameId = await gameOf(t);
  const seats = await t.bot.store.seats(gameId);
  const pageOf = new Map(viewers.map((v) => [v.user.id, v]));
  const out: Played = { steps: 0, pageMoves: 0, framesScanned: 0, leaks: [], unnamed: [], shots: {}, kinds: new Set(), tableBehind: 0, quietTried: false };
  // The state of every commit, to scan each frame against the state it was made from.
  const states = new Map<string, GameState>();
  const first = (await t.bot.store.state(gameId))!;
  states.set(`${gameId}:${first.version}`, first);
  const follow = () => t.bot.store.subscribe((c) => void states.set(`${c.gameId}:${c.version}`, c.state));
  let unfollow = follow();
  const seen = new Map<Viewer, number>(viewers.map((v) => [v, v.frames.length]));
  /** Every page shows the committed version; then its DOM and its new frames are scanned. */
  const checkPages = async () => {
    const state = (await t.bot.store.state(gameId))!;
    for (const v of viewers) {
      await shows(v, state.version, gameId).catch(async (err: Error) => {
        const main = await v.page.evaluate(() => ({ ...document.querySelector('main')?.dataset }));
        throw new Error(`${v.user.username} did not show version ${state.version} of game ${gameId} (step ${out.steps}): ${JSON.stringify(main)}; ${err.message.split('\n')[0]}`);
      });
      const last = v.frames.at(-1)!;
      const seat = seats.findIndex((s) => s.userId === v.user.id);
      expect(last.seat).toBe(seat < 0 ? null : seat);
      out.leaks.push(...domLeaks(state, last.seat, await v.page.evaluate(READ_DOM), last));
      // Named for a screen reader: every button by its words, every seat and section by a label.
      out.unnamed.push(...(await v.page.evaluate(UNNAMED)).map((x) => `${v.user.username}: ${x}`));
      // Every frame its socket carried since the last look, against the state it was made from.
      for (const f of v.frames.slice(seen.get(v) ?? 0)) {
        const at = states.get(`${f.game}:${f.view.version}`);
        if (at) out.leaks.push(...frameLeaks(at, f));
        else out.leaks.push(`no state of game ${f.game} version ${f.view.version} to scan ${v.user.username}'s frame against`);
        out.framesScanned++;
      }
      seen.set(v, v.frames.length);
    }
  };
  const rng = seedRng(o.seed);
  await checkPages();
  for (let idle = 0; out.steps < 3000; ) {
    await t.bot.idle();
    if (isOver(tableMessage(t, t.users[0])!)) break;
    const asked = await peopleAsked(t);
    if (!asked.length) {
      const next = await nextMoment(t);
      if (next === null || ++idle > 50) throw new Error('the game waits on nobody who acts');
      await advanceTo(t, next);
      await checkPages();
      continue;
    }
    idle = 0;
    // Once a game, 本回合不再响应 in a page that offers it: the page shows it on.
    if (!out.quietTried) {
      for (const v of viewers) {
        const quiet = v.page.locator('button[data-kind="quiet"][aria-pressed="false"]');
        if (!(await quiet.count())) continue;
        await v.page.bringToFront();
        await quiet.click();
        await v.page.locator('button[data-kind="quiet"][aria-pressed="true"]').waitFor({ timeout: 10_000 });
        out.quietTried = true;
        break;
      }
      await t.bot.idle();
      if (out.quietTried) continue;
    }
    const u = asked[randInt(rng, asked.length)];
    const before = (await t.bot.store.state(gameId))!.version;
    const v = pageOf.get(u.id);
    if (v) {
      // A person at the page: one of the buttons the page offers (过 more often than not).
      const buttons = v.page.locator('section.actions button[data-kind]:not([data-kind="quiet"])');
      const n = await buttons.count();
      if (!n) throw new Error(`${u.username} is asked but their page offers nothing`);
      const kinds = await buttons.evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.kind ?? ''));
      const pass = kinds.indexOf('pass');
      const k = pass >= 0 && (n === 1 || randInt(rng, 10) < 7) ? pass : randInt(rng, n);
      // The player's window in front (a page behind others gets no animation frames, on which a click waits).
      await v.page.bringToFront();
      // Every fourth move from the keyboard: the button focused, then Enter.
      if (out.pageMoves % 4 === 3) {
        await buttons.nth(k).focus();
        await v.page.keyboard.press('Enter');
      } else await buttons.nth(k).click();
      out.kinds.add(kinds[k]);
      out.pageMoves++;
      await until(async () => (await t.bot.store.state(gameId))!.version > before, 'the move to commit').catch(async (err: Error) => {
        const refused = await v.page.locator('.refused').allTextContents();
        throw new Error(`${err.message}; refused: ${refused.join(' / ')}`);
      });
    } else await actOnPanel(t, u, await openPanel(t, u, tableMessage(t, u)!), rng);
    await t.bot.idle();
    // A move made in a page is on the channel's table too, as soon as the bot is idle (the last one:
    // isOver below, the publisher having let the game go).
    if (v && !(await t.bot.store.state(gameId))!.result) out.tableBehind += (await tableIsCurrent(t)) ? 0 : 1;
    await checkPages();
    out.steps++;
    if (out.steps === o.snapAt) out.shots.play = await snap(viewers[0], 'play');
    if (out.steps === o.restartAt) {
      unfollow();
      await t.restart();
      unfollow = follow();
      await checkPages();
    }
  }
  expect(isOver(tableMessage(t, t.users[0])!)).toBe(true);
  // The end is shown on every page.
  for (const v of viewers) await v.page.locator('section.result').waitFor();
  await checkPages();
  unfollow();
  return out;
}

describe('the Activity in a real browser', () => {
  let t: ActivityTable;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let viewers: Viewer[] = [];
  beforeAll(async () => {
    buildPage();
    // Eight users: seven play (alice to erin in pages, frank and grace on buttons), heidi only watches.
    t = await openActivityTable(8);
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("the page is served gzipped, under Discord's /.proxy prefix too, and nothing outside it", async () => {
    const base = `http://127.0.0.1:${t.port}`;
    const page = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect([page.status, page.headers.get('content-encoding')]).toEqual([200, 'gzip']);
    expect(await page.text()).toContain('<div id="app">');
    expect(await (await fetch(`${base}/.proxy/api/config`)).json()).toEqual({ clientId: t.discord.applicationId });
    // A path that climbs out of the page's folder (fetch would resolve the dots itself: a raw request).
    const status = await new Promise<number>((ok, fail) => get({ host: '127.0.0.1', port: t.port, path: '/assets/..%2F..%2F..%2F..%2Fpackage.json' }, (res) => ok(res.statusCode ?? 0)).on('error', fail));
    expect(status).toBe(404);
  });

  it('pages and buttons play one game; every page follows every commit, shows no secret, and survives a restart', async () => {
    await openLobbyAndBegin(t, 7);
    const [alice, bob, carol, dave, erin, frank, grace, heidi] = t.users;
    for (const u of [alice, bob, carol, dave, erin, heidi]) viewers.push(await openViewer(t, browser.context, u));
    expect((await t.bot.store.seats(await gameOf(t))).map((s) => s.userId).sort()).toEqual([alice, bob, carol, dave, erin, frank, grace].map((u) => u.id).sort());
    const r = await play(t, viewers, { seed: 39, restartAt: 25, snapAt: 10 });
    r.shots.over = await snap(viewers[0], 'over');
    expect(r.leaks).toEqual([]);
    expect(r.unnamed).toEqual([]);
    expect(r.tableBehind).toBe(0);
    expect(r.quietTried).toBe(true);
    expect(viewers.flatMap((v) => v.external)).toEqual([]);
    expect(r.steps).toBeGreaterThan(25);
    expect(r.pageMoves).toBeGreaterThan(10);
    expect(r.framesScanned).toBeGreaterThan(viewers.length * r.steps);
    // The moments look as their goldens do (a few pixels may differ: fonts' hinting, a log line's wrap).
    for (const [moment, sizes] of Object.entries(r.shots))
      for (const [size, share] of Object.entries(sizes)) expect(share, `${moment} at ${size}: ${(share * 100).toFixed(2)}% of pixels differ`).toBeLessThan(0.01);
    // …and the check can fail: one moment against the other's golden differs by far more than the tolerance.
    for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) expect(await crossShare('play', 'over', size)).toBeGreaterThan(0.05);
    writeFileSync(join(ARTEFACTS, 'shares.json'), `${JSON.stringify(r.shots)}\n`);
  }, 400_000);

  it('the next game in the channel, with characters: the same pages follow it, choose characters and answer skills in the page', async () => {
    expect(viewers.length).toBe(6);
    await openLobbyAndBegin(t, 7, { characters: true });
    const r = await play(t, viewers, { seed: 4242 });
    expect(r.leaks).toEqual([]);
    expect(r.unnamed).toEqual([]);
    expect(r.tableBehind).toBe(0);
    expect(r.kinds.has('pickCharacter')).toBe(true);
    // A skill used, or a skill's question answered, in a page.
    expect(r.kinds.has('skill') || r.kinds.has('decide')).toBe(true);
    expect(r.framesScanned).toBeGreaterThan(viewers.length * r.steps);
  }, 400_000);
});
