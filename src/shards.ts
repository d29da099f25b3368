// SHARDS=auto|N with npm start (or npm run start:sharded): the bot as several discord.js shards on this
// machine, one process each, all on the same SQLite file (README, Shards). This process only
// migrates the database and keeps the shards running; each shard is `main.ts` again, started by
// discord.js's ShardingManager with SHARDING_MANAGER, SHARDS (its id) and SHARD_COUNT set, and drives
// only the games of its guilds (src/store/shard.ts). Every shard reaches Discord through this
// process's REST proxy (src/run/rest-proxy.ts), so all of them share one rate-limit budget.
import { REST, Routes, ShardingManager } from 'discord.js';
import type { BotConfig } from './config.js';
import type { Logger } from './log.js';
import { Metrics } from './run/metrics.js';
import { serveMetrics, shardsScrape } from './run/metrics-http.js';
import { startRestProxy } from './run/rest-proxy.js';
import type { GameStore, GameStoreOptions } from './store/index.js';

/** Discord's recommended shard count for this bot (GET /gateway/bot). */
async function recommendedShards(config: BotConfig): Promise<number> {
  const rest = new REST(config.apiBase ? { api: config.apiBase } : {}).setToken(config.token);
  const { shards } = (await rest.get(Routes.gatewayBot())) as { shards: number };
  return Math.max(1, shards);
}

export async function runShards(config: BotConfig, log: Logger, entry: string, open: (o: GameStoreOptions & { logger: Logger }) => Promise<GameStore>): Promise<void> {
  // Migrations run once, here, before any shard opens the database; a database it must not touch is
  // refused as `npm start` refuses it (one sentence, its exit code), before any shard starts.
  await (await open({ path: config.databasePath, url: config.databaseUrl, directUrl: config.databaseDirectUrl, logger: log, recover: false, checkpointWorker: false })).close();
  // Asked even for a fixed count: a rejected token or an unreachable Discord stops here, with its exit
  // code, instead of in every shard the manager would start again and again.
  const recommended = await recommendedShards(config);
  const count = config.shards === 'auto' ? recommended : (config.shards ?? 1);
  // METRICS_PORT: this process serves its own metrics (the proxy's 429s: Discord's own) and every shard's.
  const metrics = config.metricsPort === null ? null : new Metrics('manager');
  const proxy = await startRestProxy(config.apiBase, log, metrics?.rest() ?? {});
  // The shards inherit this process's environment (dotenv does not override what is set).
  process.env.DISCORD_API_BASE = proxy.url;
  log.info({ count }, 'shards reach Discord through one REST proxy: one rate-limit budget');
  const manager = new ShardingManager(entry, {
    token: config.token,
    totalShards: count,
    mode: 'process',
    respawn: true,
    // The shards run TypeScript the way this process does (tsx's loader).
    execArgv: process.execArgv,
  });
  if (metrics && config.metricsPort !== null) await serveMetrics(config.metricsPort, config.metricsHost, shardsScrape(manager, metrics), log);
  manager.on('shardCreate', (shard) => {
    log.info({ shard: shard.id, count }, 'shard starting');
    shard.on('death', (p) => log.error({ shard: shard.id, exitCode: 'exitCode' in p ? p.exitCode : null }, 'shard process died; restarting it'));
  });
  const stop = (signal: string) => {
    log.info({ signal }, 'stopping every shard');
    for (const shard of manager.shards.values()) shard.kill();
    process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  await manager.spawn({ amount: count, delay: config.shardSpawnDelayMs, timeout: -1 });
  log.info({ count }, 'every shard started');
}
