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
  /** SHARD_COUNT: the bot's shards across every machine, each driven on a lease (docs/operations.md); null: no leases. */
  shardCount: number | null;
  /** SHARD_IDS: the shards this process drives (waiting for their leases); null: a standby that takes any free shard. */
  shardIds: number[] | null;
  /** SHARD_LEASE_MS: how long a shard's lease lasts unrenewed, so how soon a standby takes a dead process's shards. */
  leaseMs: number;
  /** ACTIVITY_PORT: serve the Activity (src/activity) on this port (0: any free one, logged); null: no Activity. */
  activityPort: number | null;
  /** ACTIVITY_HOST: the address the Activity's port listens on (a reverse proxy in front gives it HTTPS). */
  activityHost: string;
  /** DISCORD_CLIENT_SECRET: the application's OAuth2 secret, for the Activity's sign-in; null without an Activity. */
  clientSecret: string | null;
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

/** A port to listen on (0: any free port); empty: `empty` (e.g. no metrics). */
const port = (name: string, empty: string) => {
  const error = `${name} must be a port number (1 to 65535, or 0 for any free port), or empty for ${empty}.`;
  return text.pipe(z.string().regex(/^\d+$/, { error }).transform(Number).pipe(z.number().max(65_535, { error })).optional());
};

/** SHARD_LEASE_MS's default: a standby takes a dead process's shards within about this, plus a second. */
export const DEFAULT_LEASE_MS = 6_000;

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
  METRICS_PORT: port('METRICS_PORT', 'no metrics'),
  METRICS_HOST: text,
  SHARD_COUNT: text.pipe(
    z
      .string()
      .regex(/^[1-9]\d*$/, { error: 'SHARD_COUNT must be the whole number of shards the bot runs as across every machine (1 or more), or empty.' })
      .transform(Number)
      .optional(),
  ),
  SHARD_IDS: text.pipe(
    z
      .string()
      .regex(/^\d+(\s*,\s*\d+)*$/, { error: 'SHARD_IDS must be shard ids separated by commas (e.g. 0,1,4), or empty for a standby.' })
      .transform((v) => v.split(',').map(Number))
      .optional(),
  ),
  SHARD_LEASE_MS: text.pipe(
    z
      .string()
      .regex(/^\d+$/, { error: 'SHARD_LEASE_MS must be a whole number of milliseconds (2000 or more), or empty (6000).' })
      .transform(Number)
      .refine((n) => n >= 2_000, { error: 'SHARD_LEASE_MS must be a whole number of milliseconds (2000 or more), or empty (6000).' })
      .optional(),
  ),
  ACTIVITY_PORT: port('ACTIVITY_PORT', 'no Activity'),
  ACTIVITY_HOST: text,
  DISCORD_CLIENT_SECRET: text,
});

/** Sentences for variables that are each right but wrong together (the shards across machines). */
function shardProblems(v: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  if (v.SHARDS !== undefined && v.SHARDS !== 1 && (v.SHARD_COUNT !== undefined || v.SHARD_IDS !== undefined))
    problems.push('SHARDS (every shard on this machine) cannot be set with SHARD_COUNT or SHARD_IDS (shards across machines): set one or the other.');
  if (v.SHARD_IDS !== undefined && v.SHARD_COUNT === undefined) problems.push('SHARD_IDS needs SHARD_COUNT: the number of shards across every machine.');
  if (v.SHARD_IDS !== undefined && v.SHARD_COUNT !== undefined) {
    const count = v.SHARD_COUNT;
    if (v.SHARD_IDS.some((id) => id >= count)) problems.push(`SHARD_IDS must be below SHARD_COUNT (${count}): shards are numbered 0 to ${count - 1}.`);
    if (new Set(v.SHARD_IDS).size !== v.SHARD_IDS.length) problems.push('SHARD_IDS names a shard twice.');
  }
  if (v.ACTIVITY_PORT !== undefined && v.DISCORD_CLIENT_SECRET === undefined)
    problems.push('ACTIVITY_PORT needs DISCORD_CLIENT_SECRET (Developer Portal → your application → OAuth2 → Client Secret): the Activity signs its viewers in with it.');
  return problems;
}

/** The configuration, or a ConfigError listing every variable that is wrong. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): BotConfig {
  // Inside a shard the ShardingManager sets SHARDS to the shard's id: discord.js's, not ours.
  const inShard = Boolean(env.SHARDING_MANAGER);
  // …and SHARD_COUNT to the manager's count: the shard's lease is its id of that count (main.ts).
  const parsed = schema.safeParse(inShard ? { ...env, SHARDS: undefined, SHARD_COUNT: undefined, SHARD_IDS: undefined } : env);
  if (!parsed.success) throw new ConfigError([...new Set(parsed.error.issues.map((i) => i.message))]);
  const v = parsed.data;
  const problems = shardProblems(v);
  if (problems.length) throw new ConfigError(problems);
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
    shardCount: v.SHARD_COUNT ?? null,
    shardIds: v.SHARD_IDS ? [...v.SHARD_IDS].sort((a, b) => a - b) : null,
    leaseMs: v.SHARD_LEASE_MS ?? DEFAULT_LEASE_MS,
    activityPort: v.ACTIVITY_PORT ?? null,
    activityHost: v.ACTIVITY_HOST ?? '127.0.0.1',
    clientSecret: v.DISCORD_CLIENT_SECRET ?? null,
  };
}
