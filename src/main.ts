// npm start: read .env, open the database (recovering games in progress), log in to Discord.
import 'dotenv/config';
import { ConfigError, readConfig } from './config.js';
import { Bot } from './discord/bot.js';
import { createClient } from './discord/client.js';
import { owes } from './discord/outbound/owed.js';
import { logger, type Logger } from './log.js';
import { GameStore, StoreOpenError, type GameStoreOptions } from './store/index.js';
import { runShards } from './shards.js';

/** Inside a shard started by the ShardingManager (shards.ts): its id and the count. */
function shardEnv(): { id: number; count: number } | undefined {
  if (!process.env.SHARDING_MANAGER) return undefined;
  return { id: Number(process.env.SHARDS), count: Number(process.env.SHARD_COUNT) };
}

/** The store, or one sentence in the log and on stderr and an exit code per cause (README "Where data lives"). */
async function openOrExit(opts: GameStoreOptions & { logger: Logger }): Promise<GameStore> {
  try {
    return await GameStore.open(opts);
  } catch (err) {
    if (err instanceof StoreOpenError) {
      opts.logger.fatal({ code: err.code, path: err.path, exitCode: err.exitCode }, err.message);
      process.stderr.write(`${err.message}\n`);
      process.exit(err.exitCode);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  let config;
  try {
    config = readConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  logger.level = config.logLevel;
  if (config.shards !== null) return runShards(config, logger, process.argv[1]!, openOrExit);
  const shard = shardEnv();
  const log = shard ? logger.child({ shard: shard.id }) : logger;
  const store = await openOrExit({ path: config.databasePath, url: config.databaseUrl, logger: log, owes, ...(shard ? { shard } : {}) });
  log.info({ recovered: store.recovery.recovered.length, broken: store.recovery.broken.length, store: store.backend.kind, ...(store.backend.kind === 'sqlite' && { path: config.databasePath }) }, 'database open');
  const client = createClient(config.apiBase);
  const bot = new Bot({ client, store, log });
  bot.start();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    bot.stop().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));
  await client.login(config.token);
  log.info({ user: client.user?.tag }, 'logged in');
}

void main();
