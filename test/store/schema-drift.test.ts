// Fails when src/store/schema.ts and the committed migrations disagree: someone changed the schema
// and did not run `npm run db:generate` (or edited a generated migration by hand).
import fs from 'node:fs';
import path from 'node:path';
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, shippedMigrations } from '../../src/store/migrate.js';
import * as schema from '../../src/store/schema.js';

type Snapshot = Parameters<typeof generateSQLiteMigration>[0];

function latestSnapshot(): Snapshot {
  const files = fs.readdirSync(path.join(MIGRATIONS_FOLDER, 'meta')).filter((f) => f.endsWith('_snapshot.json')).sort();
  return JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', files.at(-1)!), 'utf8')) as Snapshot;
}

describe('schema and migrations', () => {
  it('the schema needs no new migration', async () => {
    const prev = latestSnapshot();
    const cur = await generateSQLiteDrizzleJson(schema as Record<string, unknown>, prev.id);
    const statements = await generateSQLiteMigration(prev, cur);
    expect(statements, 'src/store/schema.ts changed without a migration: run `npm run db:generate` and commit migrations/').toEqual([]);
  });

  it('the check would notice a change', async () => {
    const prev = latestSnapshot();
    const { userStats: _dropped, ...fewer } = schema;
    const cur = await generateSQLiteDrizzleJson(fewer as Record<string, unknown>, prev.id);
    expect((await generateSQLiteMigration(prev, cur)).join('\n')).toMatch(/DROP TABLE `user_stats`/);
  });

  it('every journal entry has its SQL file and a snapshot, one each, in order', () => {
    const shipped = shippedMigrations();
    expect(shipped.length).toBeGreaterThan(0);
    const sqlFiles = fs.readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).sort();
    expect(sqlFiles).toEqual(shipped.map((m) => `${m.tag}.sql`));
    const snapshots = fs.readdirSync(path.join(MIGRATIONS_FOLDER, 'meta')).filter((f) => f.endsWith('_snapshot.json'));
    expect(snapshots.length).toBe(shipped.length);
    const whens = shipped.map((m) => m.when);
    expect([...whens].sort((a, b) => a - b)).toEqual(whens);
  });
});
