// The Activity in Chromium: three players and a spectator in browser pages, two players on the
// channel's buttons, one whole 5-player game. After every step each page shows the committed version
// (a move on a button shows in the pages at once, and a move in a page on the table), and neither
// its DOM nor any frame its socket carried shows another's hand, a face-down identity or a 试探's bet.
// Part way the bot restarts (a new process on the same database): the pages reconnect and go on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { advanceTo, gameOf, tableMessage } from '../bot/harness.js';
import { openLobbyAndBegin } from '../bot/lobby.js';
import { actOnPanel, isOver, nextMoment, openPanel, peopleAsked } from '../bot/play.js';
import { buildPage, launchChromium, openActivityTable, openViewer, shows, snap, until, type ActivityTable, type Viewer } from './harness.js';
import { domLeaks, frameLeaks, READ_DOM } from './secrets.js';

describe('the Activity in a real browser', () => {
  let t: ActivityTable;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    buildPage();
    // Six users: five play, the sixth (frank) only watches.
    t = await openActivityTable(6);
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('pages and buttons play one game; every page follows every commit, shows no secret, and survives a restart', async () => {
    await openLobbyAndBegin(t, 5);
    const gameId = await gameOf(t);
    const seats = await t.bot.store.seats(gameId);
    const [alice, bob, carol, , , frank] = t.users;
    const viewers: Viewer[] = [];
    for (const u of [alice, bob, carol, frank]) viewers.push(await openViewer(t, browser.context, u));
    const alice_ = viewers[0];
    const shots: Record<string, Awaited<ReturnType<typeof snap>>> = {};
    const pageOf = new Map(viewers.map((v) => [v.user.id, v]));
    // The state of every commit, to scan each frame against the state it was made from.
    const states = new Map<number, GameState>([[(await t.bot.store.state(gameId))!.version, (await t.bot.store.state(gameId))!]]);
    const follow = () => t.bot.store.subscribe((c) => c.gameId === gameId && states.set(c.version, c.state));
    follow();
    const rng = seedRng(39);
    const leaks: string[] = [];
    let scanned = 0;
    const seen = new Map<Viewer, number>();
    let framesScanned = 0;
    /** Every page shows the committed version; then its DOM and its new frames are scanned. */
    const checkPages = async () => {
      const state = (await t.bot.store.state(gameId))!;
      for (const v of viewers) {
        await shows(v, state.version).catch(async (err: Error) => {
          const main = await v.page.evaluate(() => ({ ...document.querySelector('main')?.dataset }));
          throw new Error(`${v.user.username} did not show version ${state.version} (step ${steps}, restarted ${restarted}): ${JSON.stringify(main)} frames ${v.frames.length} last ${v.frames.at(-1)?.view.version}; ${err.message.split('\n')[0]}`);
        });
        const last = v.frames.at(-1)!;
        expect(last.seat).toBe(v.user === frank ? null : seats.findIndex((s) => s.userId === v.user.id));
        leaks.push(...domLeaks(state, last.seat, await v.page.evaluate(READ_DOM), last));
      }
      // Every frame any socket carried since the last look, against the state it was made from.
      for (const v of viewers) {
        for (const f of v.frames.slice(seen.get(v) ?? 0)) {
          const at = states.get(f.view.version);
          if (at) leaks.push(...frameLeaks(at, f));
          else leaks.push(`no state of version ${f.view.version} to scan ${v.user.username}'s frame against`);
        }
        seen.set(v, v.frames.length);
        framesScanned = [...seen.values()].reduce((a, b) => a + b, 0);
      }
      scanned++;
    };
    let steps = 0;
    let pageMoves = 0;
    let restarted = false;
    await checkPages();
    for (let idle = 0; steps < 3000; ) {
      await t.bot.idle();
      if (isOver(tableMessage(t, alice)!)) break;
      const asked = await peopleAsked(t);
      if (!asked.length) {
        const next = await nextMoment(t);
        if (next === null || ++idle > 50) throw new Error('the game waits on nobody who acts');
        await advanceTo(t, next);
        await checkPages();
        continue;
      }
      idle = 0;
      const u = asked[randInt(rng, asked.length)];
      const before = (await t.bot.store.state(gameId))!.version;
      const v = pageOf.get(u.id);
      if (v) {
        // A person at the page: one of the buttons the page offers (过 more often than not).
        const buttons = v.page.locator('section.actions button[data-kind]:not([data-kind="quiet"])');
        const n = await buttons.count();
        if (!n) throw new Error(`${u.username} is asked but their page offers nothing`);
        const kinds = await buttons.evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.kind));
        const pass = kinds.indexOf('pass');
        const k = pass >= 0 && (n === 1 || randInt(rng, 10) < 7) ? pass : randInt(rng, n);
        // The player's window in front (a page behind others gets no animation frames, on which a click waits).
        await v.page.bringToFront();
        await buttons.nth(k).click();
        pageMoves++;
        await until(async () => (await t.bot.store.state(gameId))!.version > before, 'the move to commit').catch(async (err: Error) => {
          const refused = v ? await v.page.locator('.refused').allTextContents() : [];
          throw new Error(`${err.message}; refused: ${refused.join(' / ')}; last frame actions: ${JSON.stringify(v?.frames.at(-1)?.actions.map((a) => a.action))}`);
        });
      } else await actOnPanel(t, u, await openPanel(t, u, tableMessage(t, u)!), rng);
      await t.bot.idle();
      await checkPages();
      steps++;
      if (steps === 10) shots.play = await snap(alice_, 'play');
      if (steps === 25 && !restarted) {
        restarted = true;
        await t.restart();
        follow();
        await checkPages();
      }
    }
    expect(isOver(tableMessage(t, alice)!)).toBe(true);
    // The end is shown on every page, and nothing leaked on the way.
    for (const v of viewers) await v.page.locator('section.result').waitFor();
    shots.over = await snap(alice_, 'over');
    // The moments look as their goldens do (a few pixels may differ: fonts' hinting, a log line's wrap).
    for (const [moment, sizes] of Object.entries(shots)) for (const [size, share] of Object.entries(sizes)) expect(share, `${moment} at ${size}: ${(share * 100).toFixed(2)}% of pixels differ`).toBeLessThan(0.01);
    expect(leaks).toEqual([]);
    expect(restarted).toBe(true);
    expect(pageMoves).toBeGreaterThan(10);
    expect(scanned).toBeGreaterThan(steps);
    expect(framesScanned).toBeGreaterThan(4 * steps);
  }, 400_000);
});
