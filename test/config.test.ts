import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config.js';

const base = { DISCORD_TOKEN: 't', DISCORD_APPLICATION_ID: '1' };

describe('configuration', () => {
  it('SHARDS: empty or 1 is one process, a number or auto runs shards, anything else is refused with a sentence', () => {
    expect(readConfig(base).shards).toBeNull();
    expect(readConfig({ ...base, SHARDS: '1' }).shards).toBeNull();
    expect(readConfig({ ...base, SHARDS: '4' }).shards).toBe(4);
    expect(readConfig({ ...base, SHARDS: 'auto' }).shards).toBe('auto');
    expect(() => readConfig({ ...base, SHARDS: 'two' })).toThrow(ConfigError);
    expect(() => readConfig({ ...base, SHARDS: '0' })).toThrow('SHARDS must be auto or a whole number of shards (1 or more), not "0".');
    // Inside a shard, SHARDS is discord.js's own (the shard's id), not a request for more shards.
    expect(readConfig({ ...base, SHARDING_MANAGER: 'true', SHARDS: '3', SHARD_COUNT: '4' }).shards).toBeNull();
    expect(readConfig(base).shardSpawnDelayMs).toBe(5500);
    expect(readConfig({ ...base, SHARD_SPAWN_DELAY_MS: '0' }).shardSpawnDelayMs).toBe(0);
    expect(() => readConfig({ ...base, SHARD_SPAWN_DELAY_MS: '-1' })).toThrow(ConfigError);
  });

  it('DATABASE_URL: empty is the SQLite file, postgres:// selects PostgreSQL, anything else is refused', () => {
    expect(readConfig(base).databaseUrl).toBeNull();
    expect(readConfig({ ...base, DATABASE_URL: '  ' }).databaseUrl).toBeNull();
    expect(readConfig({ ...base, DATABASE_URL: 'postgres://bot:pw@db:5432/fengsheng' }).databaseUrl).toBe('postgres://bot:pw@db:5432/fengsheng');
    expect(readConfig({ ...base, DATABASE_URL: 'postgresql://db/fs' }).databaseUrl).toBe('postgresql://db/fs');
    expect(() => readConfig({ ...base, DATABASE_URL: 'mysql://db/fs' })).toThrow(ConfigError);
    expect(() => readConfig({ ...base, DATABASE_URL: './data/x.db' })).toThrow('DATABASE_URL must start with postgres:// or postgresql://');
  });
});
