// The bot's configuration, read once at start-up from the environment (.env is read by main.ts) and
// checked against one schema: every bad variable is one sentence naming it (README, Configuration).
import { z } from 'zod';
import { databasePath } from './store/config.js';

export interface BotConfig {
  token: string;
  applicationId: string;
  devGuildId: string | null;
  databasePath: string;
  /** DATABASE_URL: a PostgreSQL database instead of the SQLite file; null for the file. */
  databaseUrl: string | null;
  /** DATABASE_DIRECT_URL: DATABASE_URL is a PgBouncer in transaction mode, and this a direct session to the primary, for migrations; null otherwise. */
  databaseDirectUrl: string | null;
  logLevel: string;
  /** Base URL of Discord's API; null for the real Discord. */
  apiBase: string | null;
  /** SHARDS: run as that many shards ('auto': Discord's recommendation); null for one process. */
  shards: number | 'auto' | null;
  /** SHARD_SPAWN_DELAY_MS: the pause between starting two shards (Discord allows one IDENTIFY per 5 s). */
  shardSpawnDelayMs: number;
  /** METRICS_PORT: serve Prometheus metrics at /metrics on this port (0: any free one, logged); null: no metrics. */
  metricsPort: number | null;
  /** METRICS_HOST: the address the metrics port listens on. */
  metricsHost: string;
}

/** Every variable the configuration failed on, one sentence each; the bot exits 1 (README, exit codes). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** An unset variable and an empty one (`NAME=` in .env) mean the same: the default. */
const text = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

const snowflake = (name: string, where: string) =>
  text.pipe(
    z.string({ error: `${name} is not set. Put it in .env (${where}).` }).regex(/^\d{17,20}$/, {
      error: `${name} must be the number Discord shows (${where}).`,
    }),
  );

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const schema = z.object({
  DISCORD_TOKEN: text.pipe(
    z.string({
      error:
        'DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token there (Discord Developer Portal → your application → Bot → Reset Token).',
    }),
  ),
  DISCORD_APPLICATION_ID: snowflake('DISCORD_APPLICATION_ID', 'Developer Portal → your application → General Information → Application ID'),
  DISCORD_DEV_GUILD_ID: text.pipe(
    z
      .string()
      .regex(/^\d{17,20}$/, { error: 'DISCORD_DEV_GUILD_ID must be a server id (right-click the server → Copy Server ID), or empty for global commands.' })
      .optional(),
  ),
  DATABASE_PATH: text,
  DATABASE_URL: text.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//i, { error: 'DATABASE_URL must start with postgres:// or postgresql://; leave it empty to use the SQLite file at DATABASE_PATH.' })
      .optional(),
  ),
  DATABASE_DIRECT_URL: text.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//i, { error: 'DATABASE_DIRECT_URL must start with postgres:// or postgresql://, or be empty when DATABASE_URL is not a PgBouncer.' })
      .optional(),
  ),
  // Read by the store itself (store/config.ts); checked here so a typo is refused, not taken as NORMAL.
  DATABASE_SYNCHRONOUS: text.pipe(
    z
      .string()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(['NORMAL', 'FULL'], { error: 'DATABASE_SYNCHRONOUS must be NORMAL, FULL, or empty (NORMAL).' }))
      .optional(),
  ),
  LOG_LEVEL: text.pipe(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, or empty (info).` }).optional()),
  DISCORD_API_BASE: text.pipe(
    z
      .url({ protocol: /^https?$/, error: 'DISCORD_API_BASE must be an http(s) URL, or empty for the real Discord.' })
      .optional(),
  ),
  SHARDS: text.pipe(
    z
      .union([z.literal('auto'), z.string().regex(/^[1-9]\d*$/).transform(Number)], {
        error: 'SHARDS must be auto or a whole number of shards (1 or more), or empty for one process.',
      })
      .optional(),
  ),
  SHARD_SPAWN_DELAY_MS: text.pipe(
    z
      .string()
      .regex(/^\d+$/, { error: 'SHARD_SPAWN_DELAY_MS must be a whole number of milliseconds, or empty (5500).' })
      .transform(Number)
      .optional(),
  ),
  METRICS_PORT: text.pipe(
    z
      .string()
      .regex(/^\d+$/, { error: 'METRICS_PORT must be a port number (1 to 65535, or 0 for any free port), or empty for no metrics.' })
      .transform(Number)
      .pipe(z.number().max(65_535, { error: 'METRICS_PORT must be a port number (1 to 65535, or 0 for any free port), or empty for no metrics.' }))
      .optional(),
  ),
  METRICS_HOST: text,
});

/** The configuration, or a ConfigError listing every variable that is wrong. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): BotConfig {
  // Inside a shard the ShardingManager sets SHARDS to the shard's id: discord.js's, not ours.
  const inShard = Boolean(env.SHARDING_MANAGER);
  const parsed = schema.safeParse(inShard ? { ...env, SHARDS: undefined } : env);
  if (!parsed.success) throw new ConfigError([...new Set(parsed.error.issues.map((i) => i.message))]);
  const v = parsed.data;
  return {
    token: v.DISCORD_TOKEN,
    applicationId: v.DISCORD_APPLICATION_ID,
    devGuildId: v.DISCORD_DEV_GUILD_ID ?? null,
    databasePath: databasePath(env),
    databaseUrl: v.DATABASE_URL ?? null,
    databaseDirectUrl: v.DATABASE_DIRECT_URL ?? null,
    logLevel: v.LOG_LEVEL ?? 'info',
    apiBase: v.DISCORD_API_BASE?.replace(/\/+$/, '') ?? null,
    shards: v.SHARDS === undefined || v.SHARDS === 1 ? null : v.SHARDS,
    shardSpawnDelayMs: v.SHARD_SPAWN_DELAY_MS ?? 5_500,
    metricsPort: v.METRICS_PORT ?? null,
    metricsHost: v.METRICS_HOST ?? '127.0.0.1',
  };
}
