// The crash probe of issue 35, re-run from outside: the bot as it ships, in a process of its own,
// against the stand-in with Discord's limits on, `--games` games of five scripted people (a finished
// game replaced at once), SIGKILLed `--kills` times at random moments 5–20 s apart and started again on
// the same SQLite file 0–3 s later, as a crash under systemd's Restart= would. Then nobody is killed
// any more and every game is played to its end. Not part of `npm test` nor of `npm run bench`:
//
//   npx tsx test/load/kills.ts --kills 40 --games 12
//
// Prints a line of JSON per kill (stderr) and the counts (stdout):
// - versionsLost: games whose committed version, read from the file at a kill, was lower after it;
// - botDeaths: exits of the bot that were not our SIGKILLs;
// - dmsOwedAtKills: DMs the outbox owed at the moments of the kills; outboxNotSent: rows given up or
//   still owed at the end; dmsDropped: rows settled unsent on purpose (a first DM or secrets alone to a
//   player who had opened their panel); dmsLost: rows marked sent whose DM is not at the stand-in; dmsDoubled: DMs the
//   stand-in holds twice (by nonce) or that no outbox row accounts for;
// - gamesUnfinished: games still in progress at the end; finishedTablesLookingLive: finished games
//   whose table message does not say 游戏结束; pingsLeft: ping messages still in a finished game's
//   channel; clicksFailed: clicks Discord's 3 s ran out on (most while the bot was down).
// Exit 0 when every count but dmsOwedAtKills, dmsDropped and clicksFailed is 0.
import Database from 'better-sqlite3';
import { parseCommand } from '../../src/cli/args.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { Fleet } from '../bench/live/fleet.js';

const { values } = parseCommand({
  usage: 'npx tsx test/load/kills.ts',
  summary: 'SIGKILLs the bot (its own process, SQLite) again and again while it hosts games against the stand-in with Discord limits; counts what was lost, doubled or left behind.',
  options: {
    kills: { type: 'string', help: 'how many SIGKILLs', value: 'N', default: '40', int: [1, 1000] },
    games: { type: 'string', help: 'live games to keep while killing', value: 'N', default: '12', int: [1, 500] },
    seed: { type: 'string', help: "seed of the kills' moments and of the people's pauses and choices", value: 'S', default: '1', int: [0, 2 ** 31 - 1] },
    'finish-minutes': { type: 'string', help: 'how long the games may take to end after the last kill', value: 'N', default: '20', int: [1, 120] },
  } as const,
});

const rng = seedRng(values.seed);
const between = (lo: number, hi: number) => lo + randInt(rng, hi - lo + 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const fleet = await Fleet.start(values.seed);
const db = new Database(fleet.bot.dbPath, { readonly: true, fileMustExist: true });
const versions = () => new Map((db.prepare('SELECT id, version FROM games').all() as { id: number; version: number }[]).map((g) => [g.id, g.version]));
const owedDms = () => (db.prepare(`SELECT count(*) AS n FROM outbox WHERE done_at IS NULL AND kind = 'dm'`).get() as { n: number }).n;

const started = Date.now();
const highest = new Map<number, number>();
let versionsLost = 0;
let botDeaths = 0;
let dmsOwedAtKills = 0;
let exitCode = 1;
try {
  fleet.keep = values.games;
  await fleet.open(values.games, 6, Date.now() + 120_000);
  for (let k = 1; k <= values.kills; k++) {
    await sleep(between(5_000, 20_000));
    if (!fleet.bot.alive) {
      botDeaths++;
      process.stderr.write(`${JSON.stringify({ botDied: fleet.bot.ended })}\n`);
    }
    await fleet.kill();
    for (const [id, v] of versions()) highest.set(id, Math.max(highest.get(id) ?? 0, v));
    const owed = owedDms();
    dmsOwedAtKills += owed;
    await sleep(between(0, 3_000));
    await fleet.restart();
    // A commit the file held at the kill is there after it: nothing the players were told went back.
    const now = versions();
    for (const [id, v] of highest) if ((now.get(id) ?? 0) < v) versionsLost++;
    process.stderr.write(`${JSON.stringify({ kill: k, s: Math.round((Date.now() - started) / 1000), live: fleet.live(), games: now.size, dmsOwed: owed })}\n`);
  }

  // No more kills: every game is played to its end (the people keep playing; timeouts end the rest).
  fleet.keep = null;
  const end = Date.now() + values['finish-minutes'] * 60_000;
  const active = () => (db.prepare(`SELECT count(*) AS n FROM games WHERE status = 'active'`).get() as { n: number }).n;
  while (Date.now() < end && active() > 0) {
    if (!fleet.bot.alive) {
      botDeaths++;
      process.stderr.write(`${JSON.stringify({ botDied: fleet.bot.ended })}\n`);
      await fleet.restart();
    }
    await sleep(5_000);
  }
  // The last messages the ends owe (the result DMs, ping deletions, the tables' last edits) go out.
  for (let i = 0; i < 60 && (db.prepare('SELECT count(*) AS n FROM outbox WHERE done_at IS NULL').get() as { n: number }).n > 0; i++) await sleep(1_000);
  await fleet.settle(5_000);

  const world = fleet.discord.world;
  const games = db.prepare(`SELECT id, channel_id AS channelId, status, table_message_id AS tableMessageId FROM games`).all() as {
    id: number;
    channelId: string;
    status: string;
    tableMessageId: string | null;
  }[];
  const rows = db.prepare(`SELECT kind, nonce, outcome, done_at AS doneAt, purpose, message_id AS messageId FROM outbox`).all() as {
    kind: string;
    nonce: string;
    outcome: string | null;
    doneAt: number | null;
    purpose: string | null;
    messageId: string | null;
  }[];
  const botMessages = [...world.messages.values()].filter((m) => m.authorId === world.bot.id);
  const dmsByNonce = new Map<string, number>();
  for (const m of botMessages) if (!m.deleted && world.channels.get(m.channelId)?.kind === 'dm' && m.nonce) dmsByNonce.set(m.nonce, (dmsByNonce.get(m.nonce) ?? 0) + 1);
  const dmRows = rows.filter((r) => r.kind === 'dm');
  const dmNonces = new Set(dmRows.map((r) => r.nonce));
  const finished = games.filter((g) => g.status !== 'active');
  const finishedChannels = new Set(finished.map((g) => g.channelId));
  const tables = new Set(games.map((g) => g.tableMessageId));
  const counts = {
    kills: values.kills,
    minutes: Math.round((Date.now() - started) / 6_000) / 10,
    games: games.length,
    actions: (db.prepare('SELECT count(*) AS n FROM actions').get() as { n: number }).n,
    dms: dmRows.length,
    pings: rows.filter((r) => r.purpose?.startsWith('ping')).length,
    versionsLost,
    botDeaths,
    dmsOwedAtKills,
    outboxNotSent: rows.filter((r) => r.doneAt === null || r.outcome !== 'sent').length,
    // Settled without a message: dropped unsent on purpose (a first DM or secrets alone to a player who had opened their panel).
    dmsDropped: dmRows.filter((r) => r.outcome === 'sent' && r.messageId === null).length,
    dmsLost: dmRows.filter((r) => r.outcome === 'sent' && r.messageId !== null && !dmsByNonce.has(r.nonce)).length,
    dmsDoubled: [...dmsByNonce].filter(([nonce, n]) => n > 1 || !dmNonces.has(nonce)).length,
    gamesUnfinished: games.length - finished.length,
    finishedTablesLookingLive: finished.filter((g) => {
      const m = g.tableMessageId ? world.messages.get(g.tableMessageId) : undefined;
      return !m || !(m.embeds[0]?.title ?? '').includes('游戏结束');
    }).length,
    pingsLeft: botMessages.filter((m) => !m.deleted && finishedChannels.has(m.channelId) && !tables.has(m.id) && m.content.includes('<@')).length,
    clicksFailed: fleet.observer.clicks.filter((c) => c.failed).length,
    outcomes: rows.reduce<Record<string, number>>((o, r) => {
      const k = `${r.kind}:${r.outcome ?? 'owed'}`;
      o[k] = (o[k] ?? 0) + 1;
      return o;
    }, {}),
  };
  process.stdout.write(`${JSON.stringify(counts, null, 1)}\n`);
  const bad = ['versionsLost', 'botDeaths', 'outboxNotSent', 'dmsLost', 'dmsDoubled', 'gamesUnfinished', 'finishedTablesLookingLive', 'pingsLeft'] as const;
  exitCode = bad.every((k) => counts[k] === 0) ? 0 : 1;
} finally {
  db.close();
  await fleet.close();
}
process.exit(exitCode);
