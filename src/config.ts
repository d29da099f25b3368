// The bot's configuration, from the environment (.env is read by main.ts). See .env.example.
import { databasePath, databaseUrl } from './store/config.js';

export interface BotConfig {
  token: string;
  applicationId: string;
  devGuildId: string | null;
  databasePath: string;
  /** DATABASE_URL: a PostgreSQL database instead of the SQLite file; null for the file. */
  databaseUrl: string | null;
  logLevel: string;
  /** Base URL of Discord's API; null for the real Discord. */
  apiBase: string | null;
  /** SHARDS: run as that many shards ('auto': Discord's recommendation); null for one process. */
  shards: number | 'auto' | null;
  /** SHARD_SPAWN_DELAY_MS: the pause between starting two shards (Discord allows one IDENTIFY per 5 s). */
  shardSpawnDelayMs: number;
}

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): BotConfig {
  const token = env.DISCORD_TOKEN?.trim() ?? '';
  if (!token)
    throw new ConfigError(
      'DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token there ' +
        '(Discord Developer Portal → your application → Bot → Reset Token).',
    );
  const applicationId = env.DISCORD_APPLICATION_ID?.trim() ?? '';
  if (!applicationId)
    throw new ConfigError(
      'DISCORD_APPLICATION_ID is not set. Put it in .env (Developer Portal → your application → General Information → Application ID).',
    );
  return {
    token,
    applicationId,
    devGuildId: env.DISCORD_DEV_GUILD_ID?.trim() || null,
    databasePath: databasePath(env),
    databaseUrl: readDatabaseUrl(env),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    apiBase: env.DISCORD_API_BASE?.trim().replace(/\/+$/, '') || null,
    // Inside a shard, discord.js's own SHARDS (the shard's id) is not ours.
    shards: env.SHARDING_MANAGER ? null : readShards(env.SHARDS),
    shardSpawnDelayMs: readDelay(env.SHARD_SPAWN_DELAY_MS),
  };
}

function readDatabaseUrl(env: NodeJS.ProcessEnv): string | null {
  try {
    return databaseUrl(env);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}

function readShards(raw: string | undefined): number | 'auto' | null {
  const v = raw?.trim();
  if (!v) return null;
  if (v === 'auto') return 'auto';
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`SHARDS must be auto or a whole number of shards (1 or more), not "${v}".`);
  return n === 1 ? null : n;
}

function readDelay(raw: string | undefined): number {
  const v = raw?.trim();
  if (!v) return 5_500;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`SHARD_SPAWN_DELAY_MS must be a whole number of milliseconds, not "${v}".`);
  return n;
}
