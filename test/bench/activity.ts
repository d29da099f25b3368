// The Activity's figures (issue 39 §5), outside npm test: `npx tsx test/bench/activity.ts [--games 200]
// [--seconds 20]`. One JSON line. Measured on the bot of the tests (test/bot/harness.ts: the stand-in
// with Discord's limits at the tests' scale) paced as it ships (table edits at most 1/s, pictures at
// most every PICTURE_EVERY_MS), with the page built by Vite:
// - pageBytesGzip: what the page needs before its font (HTML, JS, CSS), each file gzipped (level 6);
//   fontBytesFirstPaint: the font files a zh-CN page fetched by its first paint (woff2, compressed already);
// - firstPaintMs / tableShownMs: first contentful paint, and the table first shown, in Chromium, from
//   navigation (median and max over the pages opened; `cold`: the first page, nothing cached);
// - commitToSocketsMs: from a commit to its frames written to every socket of its channel (every game);
// - commitToPageMs: from a commit (the store's subscriber) to the DOM of each Chromium page showing it;
// - botTokenRequestsPerGameSecond: requests counted toward the bot token's global limit, per game a second,
//   split into the table's edits (PATCH of a channel message) and the others (by route in `otherRoutes`);
//   `exemptPerGameSecond`: the interaction routes Discord does not count (table edits through a click's token);
//   `instanceReads`: Activity instances read by the bot (when the sockets opened, before the play);
//   `socketsGreetedMs`: from the first socket opening to every socket shown its game (the play waits for it);
// while `games` games each move every ~`pace` ms (a random legal move, submitted as the page would),
// every one of their 3 players (3 users of their own a game) watching through a socket in the game's
// channel's Activity instance, and one game's players in Chromium pages.
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { legalActions, waitingOn } from '../../src/engine/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import type { ServerMessage } from '../../src/activity/protocol.js';
import type { ChannelRecord, UserRecord } from '../support/discord/index.js';
import type { WorldChange } from '../support/discord/model.js';
import { exemptFromGlobal } from '../support/discord/route-buckets.js';
import { PICTURE_EVERY_MS } from '../../src/discord/outbound/publisher.js';
import { buildPage, launchChromium, openActivityTable, openViewer, shows } from '../activity/harness.js';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const GAMES = arg('games', 50);
const SECONDS = arg('seconds', 20);
const PACE = arg('pace', 1000);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10 : null;
};

// The page's weight.
buildPage();
const dist = join(import.meta.dirname, '../../web/activity/dist');
const html = readFileSync(join(dist, 'index.html'));
const assets = [...html.toString().matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1]);
const files = [html, ...assets.map((a) => readFileSync(join(dist, a)))];
const pageBytesGzip = files.reduce((n, f) => n + gzipSync(f, { level: 6 }).length, 0);
const pageBytesRaw = files.reduce((n, f) => n + f.length, 0);

// The bot paced as it ships: a table edited at most once a second, its picture drawn at most every PICTURE_EVERY_MS.
const t = await openActivityTable(3, { editIntervalMs: 1000, pictureIntervalMs: PICTURE_EVERY_MS });
const browser = await launchChromium();
try {
  // Games: one a channel, three players each (the table's users in #general, three more users in each
  // other channel: a person is in one Activity instance at a time), begun through the lobby's buttons.
  const channels: ChannelRecord[] = [t.general];
  const playersOf = new Map<ChannelRecord, UserRecord[]>([[t.general, t.users]]);
  for (let g = 1; g < GAMES; g++) {
    const ch = t.discord.createChannel(t.guild, `table-${g}`);
    channels.push(ch);
    const users = [0, 1, 2].map((k) => t.discord.createUser({ username: `p${g}-${k}`, locale: k % 2 ? 'en-US' : 'zh-CN' }));
    for (const u of users) t.discord.addMember(t.guild, u);
    playersOf.set(ch, users);
  }
  for (const ch of channels) {
    const [host, ...rest] = playersOf.get(ch)!;
    const lobby = await t.discord.runCommand(host, ch, 'fengsheng start', { characters: false }).response();
    for (const u of rest) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
    await t.discord.click(host, { label: '开始', messageId: lobby.id }).response();
  }
  await t.bot.idle();
  const games = await Promise.all(channels.map(async (ch) => (await t.bot.store.activeGameIn(t.guild.id, ch.id))!));
  // Every Activity instance read the bot made (each socket's hello: instances.ts), all through the bench.
  let instanceReads = 0;
  t.discord.world.events.on('change', (c: WorldChange) => {
    if (c.kind === 'request' && c.entry.path.includes('/activity-instances/')) instanceReads++;
  });
  // Every player of every game watching through a socket (signed in as the page is).
  const tokens = new Map<string, string>();
  for (const u of [...playersOf.values()].flat()) {
    const res = await fetch(`http://127.0.0.1:${t.port}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: t.discord.authorize(u) }) });
    tokens.set(u.id, ((await res.json()) as { access_token: string }).access_token);
  }
  const sockets: WebSocket[] = [];
  let framesIn = 0;
  // Sockets shown their game (the first frame): each hello's instance read from Discord first.
  const greeted = new Set<WebSocket>();
  const opening = Date.now();
  for (const ch of channels)
    for (const u of playersOf.get(ch)!) {
      const ws = new WebSocket(`ws://127.0.0.1:${t.port}/ws`);
      const instance = t.discord.launchActivity(u, ch);
      ws.on('open', () => ws.send(JSON.stringify({ t: 'hello', token: tokens.get(u.id), instance })));
      ws.on('message', (d) => {
        greeted.add(ws);
        if ((JSON.parse(d.toString()) as ServerMessage).t === 'frame') framesIn++;
      });
      sockets.push(ws);
    }
  while (greeted.size < sockets.length) {
    if (Date.now() - opening > 120_000) throw new Error(`${sockets.length - greeted.size} sockets not shown their game in 2 minutes`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const socketsGreetedMs = Date.now() - opening;
  // The first game's players in Chromium too: first paint, and when each commit shows in their DOM.
  await browser.context.addInitScript(() => {
    const w = window as unknown as { __shown: [number, number][] };
    w.__shown = [];
    new MutationObserver(() => {
      const v = Number(document.querySelector('main')?.dataset.version);
      if (v >= 0 && w.__shown.at(-1)?.[0] !== v) w.__shown.push([v, performance.timeOrigin + performance.now()]);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-version'] });
  });
  const pages = [];
  for (const u of t.users as UserRecord[]) pages.push(await openViewer(t, browser.context, u));
  const first = (await t.bot.store.state(games[0]))!.version;
  for (const v of pages) await shows(v, first);
  const paints = await Promise.all(
    pages.map((v) =>
      v.page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
        const shown = (window as unknown as { __shown: [number, number][] }).__shown[0]?.[1] ?? -1;
        const fonts = performance.getEntriesByType('resource').filter((r) => /\.woff2?$/.test(r.name));
        return { fcp, shown: shown - performance.timeOrigin, fontBytes: fonts.reduce((n, r) => n + (r as PerformanceResourceTiming).encodedBodySize, 0) };
      }),
    ),
  );
  // Play: each game one random legal move about every PACE ms, for SECONDS.
  const commitAt = new Map<number, number>();
  t.bot.store.subscribe((c) => {
    if (c.gameId === games[0]) commitAt.set(c.version, Date.now());
  });
  const toSockets: number[] = [];
  t.activity.viewers.onSent = (ms) => toSockets.push(ms);
  const rng = seedRng(7);
  const counted = t.discord.limitStats().globalCounted;
  // Every request while the games are played, by what it is.
  const split = { tableEdits: 0, other: 0, exempt: 0 };
  const otherRoutes = new Map<string, number>();
  let playing = true;
  const noteRequest = (c: WorldChange) => {
    if (c.kind !== 'request' || !playing) return;
    const { method, path } = c.entry;
    if (exemptFromGlobal(path)) split.exempt++;
    else if (method === 'PATCH' && /^\/channels\/\d+\/messages\/\d+$/.test(path)) split.tableEdits++;
    else {
      split.other++;
      const route = `${method} ${path.replace(/\d{5,}/g, ':id')}`;
      otherRoutes.set(route, (otherRoutes.get(route) ?? 0) + 1);
    }
  };
  t.discord.world.events.on('change', noteRequest);
  const started = Date.now();
  const end = started + SECONDS * 1000;
  let moves = 0;
  let refused = 0;
  await Promise.all(
    games.map(async (gameId, g) => {
      await new Promise((r) => setTimeout(r, (g * PACE) / GAMES));
      while (Date.now() < end) {
        const s = t.bot.store.liveState(gameId);
        if (!s || s.result) return;
        const seat = waitingOn(s)[0];
        if (seat !== undefined) {
          const legal = legalActions(s, seat);
          const pass = legal.find((a) => a.kind === 'pass');
          const a = pass && randInt(rng, 10) < 7 ? pass : legal[randInt(rng, legal.length)];
          const opened = s.pending!.opened;
          const r = await t.bot.store.submit(gameId, a, (x) => (x.pending?.opened === opened ? null : 'stale'), seat);
          if (r.ok) moves++;
          else refused++;
        }
        await new Promise((r) => setTimeout(r, PACE * (0.5 + Math.random())));
      }
    }),
  );
  const playedMs = Date.now() - started;
  playing = false;
  t.discord.world.events.off('change', noteRequest);
  // Requests that count toward the bot token's global limit while the games were played in the Activity.
  const perGameSecond = (n: number) => Math.round((n / GAMES / (playedMs / 1000)) * 1000) / 1000;
  const botTokenRequestsPerGameSecond = perGameSecond(t.discord.limitStats().globalCounted - counted);
  await t.bot.idle();
  const last = (await t.bot.store.state(games[0]))!.version;
  for (const v of pages) await shows(v, last, games[0], 60_000);
  const toPage: number[] = [];
  for (const v of pages) {
    const shown = await v.page.evaluate(() => (window as unknown as { __shown: [number, number][] }).__shown);
    for (const [version, at] of shown) {
      const c = commitAt.get(version);
      if (c !== undefined) toPage.push(at - c);
    }
  }
  const med = (xs: number[]) => pct(xs, 50);
  process.stdout.write(
    `${JSON.stringify({
      date: new Date().toISOString(),
      games: GAMES,
      seconds: SECONDS,
      paceMs: PACE,
      sockets: sockets.length,
      moves,
      refused,
      framesIn,
      botTokenRequestsPerGameSecond: { all: botTokenRequestsPerGameSecond, tableEdits: perGameSecond(split.tableEdits), other: perGameSecond(split.other) },
      exemptPerGameSecond: perGameSecond(split.exempt),
      // Read when the sockets and pages opened (before the play): one an instance, shared by its sockets.
      instanceReads,
      socketsGreetedMs,
      otherRoutes: Object.fromEntries([...otherRoutes].sort((a, b) => b[1] - a[1])),
      pageBytesGzip,
      pageBytesRaw,
      fontBytesFirstPaint: Math.max(...paints.map((p) => p.fontBytes)),
      // The first page opened found nothing cached; the others found the hashed assets in the cache.
      cold: { firstPaintMs: Math.round(paints[0].fcp), tableShownMs: Math.round(paints[0].shown) },
      firstPaintMs: { median: med(paints.map((p) => p.fcp)), max: Math.max(...paints.map((p) => Math.round(p.fcp))) },
      tableShownMs: { median: med(paints.map((p) => p.shown)), max: Math.max(...paints.map((p) => Math.round(p.shown))) },
      commitToSocketsMs: { n: toSockets.length, p50: pct(toSockets, 50), p99: pct(toSockets, 99), max: pct(toSockets, 100) },
      commitToPageMs: { n: toPage.length, p50: pct(toPage, 50), p99: pct(toPage, 99), max: pct(toPage, 100) },
    })}\n`,
  );
  for (const ws of sockets) ws.close();
} finally {
  await browser.close();
  await t.close();
}
process.exit(0);
