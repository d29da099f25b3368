import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config.js';

const base = { DISCORD_TOKEN: 't', DISCORD_APPLICATION_ID: '123456789012345678' };

describe('configuration', () => {
  it('SHARDS: empty or 1 is one process, a number or auto runs shards, anything else is refused with a sentence', () => {
    expect(readConfig(base).shards).toBeNull();
    expect(readConfig({ ...base, SHARDS: '' }).shards).toBeNull();
    expect(readConfig({ ...base, SHARDS: '1' }).shards).toBeNull();
    expect(readConfig({ ...base, SHARDS: '4' }).shards).toBe(4);
    expect(readConfig({ ...base, SHARDS: 'auto' }).shards).toBe('auto');
    expect(() => readConfig({ ...base, SHARDS: 'two' })).toThrow(ConfigError);
    expect(() => readConfig({ ...base, SHARDS: '0' })).toThrow('SHARDS must be auto or a whole number of shards (1 or more), or empty for one process.');
    // Inside a shard, SHARDS is discord.js's own (the shard's id), not a request for more shards.
    expect(readConfig({ ...base, SHARDING_MANAGER: 'true', SHARDS: '3', SHARD_COUNT: '4' }).shards).toBeNull();
    expect(readConfig(base).shardSpawnDelayMs).toBe(5500);
    expect(readConfig({ ...base, SHARD_SPAWN_DELAY_MS: '0' }).shardSpawnDelayMs).toBe(0);
    expect(() => readConfig({ ...base, SHARD_SPAWN_DELAY_MS: '-1' })).toThrow(ConfigError);
  });

  it('METRICS_PORT: empty is no metrics, a port turns them on (on 127.0.0.1 unless METRICS_HOST says), anything else is refused', () => {
    expect(readConfig(base).metricsPort).toBeNull();
    expect(readConfig({ ...base, METRICS_PORT: ' ' }).metricsPort).toBeNull();
    expect(readConfig({ ...base, METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(readConfig({ ...base, METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' })).toMatchObject({ metricsPort: 0, metricsHost: '0.0.0.0' });
    const wrong = 'METRICS_PORT must be a port number (1 to 65535, or 0 for any free port), or empty for no metrics.';
    expect(() => readConfig({ ...base, METRICS_PORT: 'on' })).toThrow(wrong);
    expect(() => readConfig({ ...base, METRICS_PORT: '70000' })).toThrow(wrong);
  });

  it('ACTIVITY_PORT: empty is no Activity; a port serves it (on 127.0.0.1 unless ACTIVITY_HOST says) and needs DISCORD_CLIENT_SECRET', () => {
    expect(readConfig(base)).toMatchObject({ activityPort: null, clientSecret: null });
    expect(readConfig({ ...base, ACTIVITY_PORT: '8080', DISCORD_CLIENT_SECRET: 's' })).toMatchObject({ activityPort: 8080, activityHost: '127.0.0.1', clientSecret: 's' });
    expect(readConfig({ ...base, ACTIVITY_PORT: '0', ACTIVITY_HOST: '0.0.0.0', DISCORD_CLIENT_SECRET: 's' })).toMatchObject({ activityPort: 0, activityHost: '0.0.0.0' });
    expect(() => readConfig({ ...base, ACTIVITY_PORT: '8080' })).toThrow('ACTIVITY_PORT needs DISCORD_CLIENT_SECRET');
    expect(() => readConfig({ ...base, ACTIVITY_PORT: 'yes', DISCORD_CLIENT_SECRET: 's' })).toThrow('ACTIVITY_PORT must be a port number (1 to 65535, or 0 for any free port), or empty for no Activity.');
  });

  it('SHARD_COUNT, SHARD_IDS, SHARD_LEASE_MS: shards across machines on leases; wrong together is refused with a sentence', () => {
    expect(readConfig(base)).toMatchObject({ shardCount: null, shardIds: null, leaseMs: 6000 });
    expect(readConfig({ ...base, SHARD_COUNT: '8' })).toMatchObject({ shardCount: 8, shardIds: null, shards: null });
    expect(readConfig({ ...base, SHARD_COUNT: '8', SHARD_IDS: '4, 0,1' })).toMatchObject({ shardCount: 8, shardIds: [0, 1, 4] });
    expect(readConfig({ ...base, SHARD_LEASE_MS: '3000' }).leaseMs).toBe(3000);
    expect(() => readConfig({ ...base, SHARD_LEASE_MS: '500' })).toThrow('SHARD_LEASE_MS must be a whole number of milliseconds (2000 or more), or empty (6000).');
    expect(() => readConfig({ ...base, SHARD_IDS: '0,1' })).toThrow('SHARD_IDS needs SHARD_COUNT: the number of shards across every machine.');
    expect(() => readConfig({ ...base, SHARD_COUNT: '4', SHARD_IDS: '1,4' })).toThrow('SHARD_IDS must be below SHARD_COUNT (4): shards are numbered 0 to 3.');
    expect(() => readConfig({ ...base, SHARD_COUNT: '4', SHARD_IDS: '1,1' })).toThrow('SHARD_IDS names a shard twice.');
    expect(() => readConfig({ ...base, SHARD_COUNT: '4', SHARD_IDS: 'one' })).toThrow('SHARD_IDS must be shard ids separated by commas (e.g. 0,1,4), or empty for a standby.');
    expect(() => readConfig({ ...base, SHARDS: '2', SHARD_COUNT: '4' })).toThrow('SHARDS (every shard on this machine) cannot be set with SHARD_COUNT or SHARD_IDS (shards across machines): set one or the other.');
    // Inside a shard of SHARDS=N, SHARD_COUNT is the manager's (discord.js's), not ours.
    expect(readConfig({ ...base, SHARDING_MANAGER: 'true', SHARDS: '3', SHARD_COUNT: '4' }).shardCount).toBeNull();
  });

  it('DATABASE_URL: empty is the SQLite file, postgres:// selects PostgreSQL, anything else is refused', () => {
    expect(readConfig(base).databaseUrl).toBeNull();
    expect(readConfig({ ...base, DATABASE_URL: '  ' }).databaseUrl).toBeNull();
    expect(readConfig({ ...base, DATABASE_URL: 'postgres://bot:pw@db:5432/fengsheng' }).databaseUrl).toBe('postgres://bot:pw@db:5432/fengsheng');
    expect(readConfig({ ...base, DATABASE_URL: 'postgresql://db/fs' }).databaseUrl).toBe('postgresql://db/fs');
    expect(() => readConfig({ ...base, DATABASE_URL: 'mysql://db/fs' })).toThrow(ConfigError);
    expect(() => readConfig({ ...base, DATABASE_URL: './data/x.db' })).toThrow('DATABASE_URL must start with postgres:// or postgresql://');
  });

  it('DATABASE_DIRECT_URL: empty is none, a postgres:// URL is taken, anything else is refused', () => {
    expect(readConfig(base).databaseDirectUrl).toBeNull();
    expect(readConfig({ ...base, DATABASE_DIRECT_URL: 'postgres://bot@haproxy:5000/fengsheng' }).databaseDirectUrl).toBe('postgres://bot@haproxy:5000/fengsheng');
    expect(() => readConfig({ ...base, DATABASE_DIRECT_URL: 'haproxy:5000' })).toThrow('DATABASE_DIRECT_URL must start with postgres://');
  });

  it('every bad variable is one sentence naming it, all of them at once', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        readConfig(env);
        return [];
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems;
      }
    };
    expect(problems({})).toEqual([
      'DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token there (Discord Developer Portal → your application → Bot → Reset Token).',
      'DISCORD_APPLICATION_ID is not set. Put it in .env (Developer Portal → your application → General Information → Application ID).',
    ]);
    // An empty line of .env.example is the same as no line.
    expect(problems({ DISCORD_TOKEN: ' ', DISCORD_APPLICATION_ID: '' })).toHaveLength(2);
    expect(problems({ ...base, DISCORD_APPLICATION_ID: 'my-bot', DISCORD_DEV_GUILD_ID: 'x', DATABASE_SYNCHRONOUS: 'always', DISCORD_API_BASE: 'localhost:3000' })).toEqual([
      'DISCORD_APPLICATION_ID must be the number Discord shows (Developer Portal → your application → General Information → Application ID).',
      'DISCORD_DEV_GUILD_ID must be a server id (right-click the server → Copy Server ID), or empty for global commands.',
      'DATABASE_SYNCHRONOUS must be NORMAL, FULL, or empty (NORMAL).',
      'DISCORD_API_BASE must be an http(s) URL, or empty for the real Discord.',
    ]);
    const ok = readConfig({ ...base, DATABASE_SYNCHRONOUS: 'full', LOG_LEVEL: 'debug', DISCORD_API_BASE: 'http://127.0.0.1:3000/api/', DISCORD_DEV_GUILD_ID: '' });
    expect(ok).toMatchObject({ logLevel: 'debug', apiBase: 'http://127.0.0.1:3000/api', devGuildId: null });
  });
});
