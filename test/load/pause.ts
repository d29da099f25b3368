// A stalled event loop, as the bot runs: the bench's fleet (the bot as it ships, pictures on, Discord's
// limits, people answering in 0.3–1.5 s), then the bot's main thread paused through its inspector
// (Debugger.pause: its other threads run on) for --pause-ms. Prints the clicks made during the pause,
// those acknowledged past 2 s and past Discord's 3 s (by what was clicked), and how many the bot's HTTP
// thread acknowledged because the event loop had not (its log). Exit 1 when a click failed the 3 s.
// Not in npm test.
//   npx tsx test/load/pause.ts [--games 30] [--pause-ms 4000]
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { parseCommand } from '../../src/cli/args.js';
import { LATE_ACK_LOG } from '../../src/discord/bot.js';
import { Fleet } from '../bench/live/fleet.js';

const { values } = parseCommand({
  usage: 'npx tsx test/load/pause.ts',
  summary: "Pauses the bot's event loop (its inspector) while live games are played against the stand-in; reports the clicks made meanwhile that were acknowledged past 2 s and past Discord's 3 s.",
  options: {
    games: { type: 'string', help: 'live games to hold', value: 'N', default: '30', int: [1, 1000] },
    'pause-ms': { type: 'string', help: "how long the bot's event loop is paused", value: 'MS', default: '4000', int: [100, 60_000] },
  } as const,
});
const games = values.games;
const pauseMs = values['pause-ms'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const fleet = await Fleet.start(1, ['--inspect=127.0.0.1:0']);
let failed = false;
try {
  fleet.keep = games;
  await fleet.open(games, 16, Date.now() + 60_000);
  await sleep(10_000);
  // The inspector's address, as node wrote it to the bot's stderr (kept in its log file).
  const url = /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/.exec(readFileSync(fleet.bot.logPath, 'utf8'))?.[0];
  if (!url) throw new Error("the bot's inspector did not say where it listens");
  const inspector = new WebSocket(url);
  await new Promise((r) => inspector.once('open', r));
  let id = 0;
  const send = (method: string) => inspector.send(JSON.stringify({ id: ++id, method }));
  const logRead = { at: 0 };
  fleet.bot.countLogged(LATE_ACK_LOG, logRead);
  const first = fleet.observer.clicks.length;
  const from = Date.now();
  send('Debugger.enable');
  send('Debugger.pause');
  await sleep(pauseMs);
  send('Debugger.resume');
  await sleep(8_000);
  inspector.close();
  const during = fleet.observer.clicks.slice(first).filter((c) => c.at <= from + pauseMs);
  const late = during.filter((c) => c.failed || (c.ackMs ?? Infinity) > 3000);
  const lateBy: Record<string, number> = {};
  for (const c of late) lateBy[c.label.replace(/\d+/g, '#')] = (lateBy[c.label.replace(/\d+/g, '#')] ?? 0) + 1;
  failed = late.length > 0;
  console.log(
    JSON.stringify({
      live: fleet.live(),
      pauseMs,
      clicksDuringPause: during.length,
      ackedPast2s: during.filter((c) => !c.failed && (c.ackMs ?? 0) > 2000).length,
      past3s: late.length,
      past3sBy: lateBy,
      slowestAckMs: Math.round(Math.max(0, ...during.map((c) => c.ackMs ?? 0))),
      ackedByHttpThread: fleet.bot.countLogged(LATE_ACK_LOG, logRead),
    }),
  );
} finally {
  await fleet.close();
}
process.exit(failed ? 1 : 0);
