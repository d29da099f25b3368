// The outbox crash test's child: a real bot process (store, Bot, discord.js) against the parent's
// stand-in, playing one game at a time in one channel by random legal actions submitted through the
// store, so every commit owes DMs that the sender is delivering when the parent SIGKILLs it.
// Run as: node outbox-crash-child.mjs DB SEED play|finish, with OUTBOX_CRASH (JSON: apiBase, token,
// guildId, channelId, userIds) and CRASH_MIGRATIONS in the environment.
import { once } from 'node:events';
import pino from 'pino';
import { Bot } from '../../src/discord/bot.js';
import { createClient } from '../../src/discord/client.js';
import { owes } from '../../src/discord/outbound/owed.js';
import { GameStore } from '../../src/store/store.js';
import { randomAction, rng } from '../store/helpers.js';

const [file, seedArg, mode] = process.argv.slice(2);
const env = JSON.parse(process.env.OUTBOX_CRASH!) as { apiBase: string; token: string; guildId: string; channelId: string; userIds: string[] };
const next = rng(Number(seedArg));
const say = (line: string) => process.stdout.write(line + '\n');
const silent = pino({ level: 'silent' });

const store = await GameStore.open({ path: file, logger: silent, owes, migrationsFolder: process.env.CRASH_MIGRATIONS || undefined });
const client = createClient(env.apiBase);
const bot = new Bot({ client, store, log: silent, editIntervalMs: 0, pictureIntervalMs: 0, aiDelayMs: 0 });
bot.start();
const ready = once(client, 'clientReady');
await client.login(env.token);
await ready;
say('ready');

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
for (;;) {
  let gameId = await store.activeGameIn(env.guildId, env.channelId);
  if (gameId === null) {
    if (mode !== 'play') break;
    const g = await store.createGame({
      guildId: env.guildId,
      channelId: env.channelId,
      seats: env.userIds.map((userId, i) => ({ userId, name: `P${i}` })),
      seed: Math.floor(next() * 2 ** 31),
      options: { characters: false },
      decisionMs: null,
    });
    say(`created ${g.gameId}`);
    gameId = g.gameId;
  }
  const action = randomAction((await store.state(gameId))!, next);
  if (!action) throw new Error(`game ${gameId} waits on nobody`);
  // The bot passes by itself for seats in some response windows: such a race loses, and is retried.
  const r = await store.submit(gameId, action);
  if (r.ok) say(`ack ${r.gameId} ${r.version}`);
  // About the pace of a table: the sender is always behind by a few DMs.
  await pause(2);
}
// `finish`: the game is over; wait until nothing is owed any more.
while ((await store.repos.outbox.owedGames()).length || bot.publisher.busy) {
  await bot.idle();
  await pause(20);
}
await bot.stop();
say('done');
process.exit(0);
