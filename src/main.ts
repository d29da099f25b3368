// npm start: read .env, open the database (recovering games in progress), log in to Discord.
// Every reason it cannot start is one sentence and an exit code of its own (run/exit.ts, README).
import 'dotenv/config';
import { Events, Status } from 'discord.js';
import { startActivity, type Activity } from './activity/server.js';
import { Bot } from './discord/bot.js';
import { createClient, sendRequest } from './discord/client.js';
import { owes } from './discord/outbound/owed.js';
import { logger, type Logger } from './log.js';
import { discordFailure, EXIT, exitWith, readConfigOrExit, startupFailure } from './run/exit.js';
import { sharedIdentify } from './run/identify.js';
import { takeLeases, type Leased } from './run/lease-start.js';
import type { LostTo } from './run/leases.js';
import { pulseFile, startPulse } from './run/health.js';
import { Metrics } from './run/metrics.js';
import { answerManager, scrapeOf, serveMetrics } from './run/metrics-http.js';
import { watchStrain } from './run/strain.js';
import { GameStore, type GameStoreOptions } from './store/index.js';
import { runShards } from './shards.js';

/** Inside a shard started by the ShardingManager (shards.ts): its id and the count. */
function shardEnv(): { id: number; count: number } | undefined {
  if (!process.env.SHARDING_MANAGER) return undefined;
  return { id: Number(process.env.SHARDS), count: Number(process.env.SHARD_COUNT) };
}

/** The store, or one sentence in the log and on stderr and an exit code per cause (README, exit codes). */
async function openOrExit(opts: GameStoreOptions & { logger: Logger }): Promise<GameStore> {
  try {
    return await GameStore.open(opts);
  } catch (err) {
    const f = startupFailure(err);
    if (f) exitWith(f, opts.logger);
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfigOrExit();
  logger.level = config.logLevel;
  const apiBase = config.apiBase ?? 'https://discord.com/api';
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  if (config.shards !== null) {
    // discord.js's Client reads SHARDS and SHARD_COUNT as its own; only the shards it starts get them.
    return runShards(config, logger, process.argv[1] ?? 'src/main.ts', openOrExit).catch((err) => exitWith(discordFailure(err, apiBase), logger));
  }
  const child = shardEnv();
  // SHARDS and SHARD_COUNT here are ours (read into config), not discord.js's: it is given the shards below.
  if (!child) {
    delete process.env.SHARDS;
    delete process.env.SHARD_COUNT;
  }
  // On leases (a shard of SHARDS=N, or SHARD_COUNT): first the leases, then the shards' games.
  const plan = child ? { count: child.count, ids: [child.id] } : config.shardCount !== null ? { count: config.shardCount, ids: config.shardIds } : null;
  let leased: Leased | null = null;
  // A lease taken over: this process drives those shards no more (the fence refuses its commits); it
  // stops (below, once it runs; before that, at once).
  let lost: (ids: number[], heldBy: LostTo[]) => void = (ids) => exitWith({ exitCode: EXIT.leaseLost, sentence: `Another process took over shards ${ids.join(', ')} of this one while it started.` }, logger);
  if (plan) {
    leased = await takeLeases(config, plan, child ? logger.child({ shard: child.id }) : logger, openOrExit);
    if (!leased) process.exit(0);
    // Renewed from now on: recovering many games may take longer than a lease.
    leased.leases.keep((ids, heldBy) => lost(ids, heldBy));
  }
  const shard = child ? { ids: [child.id], count: child.count } : leased && plan ? { ids: leased.leases.held, count: plan.count } : undefined;
  const log = child ? logger.child({ shard: child.id }) : shard ? logger.child({ shards: shard.ids }) : logger;
  // METRICS_PORT (run/metrics.ts): a shard's of SHARDS=N are served by its manager (shards.ts), asked over IPC.
  const metrics = config.metricsPort === null ? null : new Metrics(child ? String(child.id) : undefined);
  const store = await openOrExit({
    path: config.databasePath,
    url: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    logger: log,
    owes,
    ...(shard ? { shard } : {}),
    ...(leased ? { fence: leased.leases.fence } : {}),
    ...(metrics ? { onCommitTime: metrics.committed } : {}),
  });
  log.info({ recovered: store.recovery.recovered.length, broken: store.recovery.broken.length, store: store.backend.kind, ...(store.backend.kind === 'sqlite' && { path: config.databasePath }) }, 'database open');
  const client = createClient(config.apiBase, metrics?.rest(sendRequest) ?? {}, !child && shard && leased ? { ids: shard.ids, count: shard.count, identify: sharedIdentify(leased.backend, log) } : undefined);
  // Processes on leases, each on its own machine maybe, share the bot token's global budget by their live games.
  if (leased && !child)
    leased.leases.budget(
      () => store.liveGames,
      (perSecond) => {
        if (client.rest.globalBudget === perSecond) return;
        log.debug({ perSecond }, "this process's share of the bot's global requests a second");
        client.rest.setGlobalBudget(perSecond);
      },
    );
  // While the event loop trails, table pictures come less often (the words of every table still follow each move).
  const strain = watchStrain();
  const bot = new Bot({ client, store, log, activity: config.activityPort !== null, pictureStretch: strain.stretch, ...(leased && { mayAnswer: () => leased.leases.answering }) });
  bot.start();
  // ACTIVITY_PORT: the live table inside Discord (src/activity), a second face of the same games.
  let activity: Activity | null = null;
  if (config.activityPort !== null && config.clientSecret !== null)
    activity = await startActivity(bot.ctx, {
      port: config.activityPort,
      host: config.activityHost,
      apiBase: `${apiBase}/v10`,
      clientId: config.applicationId,
      clientSecret: config.clientSecret,
    }).catch((err: unknown) => {
      // A port taken: the bot plays on without the Activity (the buttons and panels are whole).
      log.error({ err, port: config.activityPort }, 'the Activity could not be served');
      return null;
    });
  if (metrics) {
    metrics.watchClient(client);
    metrics.watch({ liveGames: () => store.liveGames, lanes: () => bot.publisher.lanesLoad, pictureStretch: strain.stretch });
    if (leased) metrics.leases(() => leased.leases.held.length);
    if (child) answerManager(metrics);
    else if (config.metricsPort !== null) await serveMetrics(config.metricsPort, config.metricsHost, scrapeOf(metrics.registry), log);
  }
  const pulse = startPulse(pulseFile(config.databasePath, shard?.ids[0] ?? null), shard?.ids[0] ?? null, () => client.ws.status === Status.Ready);
  for (const event of [Events.ClientReady, Events.ShardResume, Events.ShardDisconnect, Events.ShardReconnecting] as const) client.on(event, () => pulse.beat());
  let stopping = false;
  const stop = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    pulse.stop();
    strain.stop();
    leased?.leases.stop();
    (activity?.close() ?? Promise.resolve())
      .then(() => bot.stop())
      // Only once the store is closed (nothing more commits): a standby takes the shards at its next look.
      .then(() => leased?.release())
      .then(
        () => {
          log.info({ exitCode }, 'stopped');
          process.exit(exitCode);
        },
        (err) => {
          log.error({ err }, 'error while stopping');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (child) {
    // A shard of SHARDS=N whose manager is gone (killed, crashed) stops as on SIGTERM: discord.js's
    // messages to it fail (an 'error' on the process, fatal unheard), and nobody would restart it.
    process.on('error', (err) => log.warn({ err }, 'could not reach the shard manager'));
    process.on('disconnect', () => stop('the shard manager is gone'));
  }
  lost = (ids, heldBy) => {
    log.error({ exitCode: EXIT.leaseLost, shards: ids, heldBy }, 'another process took over shards of this one (its lease was not renewed in time); stopping');
    stop('lease lost', EXIT.leaseLost);
  };
  try {
    await client.login(config.token);
  } catch (err) {
    const f = discordFailure(err, apiBase);
    log.fatal({ exitCode: f.exitCode }, f.sentence);
    process.stderr.write(`${f.sentence}\n`);
    stop('login failed', f.exitCode);
    return;
  }
  log.info({ user: client.user?.tag }, 'logged in');
}

// A start-up that fails in a way no exit code names is fatal too: never a process that runs on doing nothing.
main().catch((err: unknown) => {
  logger.fatal({ err }, 'could not start');
  process.exit(1);
});
