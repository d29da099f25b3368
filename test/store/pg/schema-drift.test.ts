// Fails when src/store/pg/schema.ts and the committed migrations/pg/ disagree (someone changed the
// schema and did not run `npm run db:generate:pg`), or when the PostgreSQL schema no longer has the
// tables and columns of the SQLite one.
import fs from 'node:fs';
import path from 'node:path';
import { getTableConfig as pgTableConfig } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig } from 'drizzle-orm/sqlite-core';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, shippedMigrations } from '../../../src/store/migrate.js';
import { PG_MIGRATIONS_FOLDER } from '../../../src/store/pg/migrate.js';
import * as pgSchema from '../../../src/store/pg/schema.js';
import * as sqliteSchema from '../../../src/store/schema.js';

type Snapshot = Parameters<typeof generateMigration>[0];

function latestSnapshot(): Snapshot {
  const files = fs.readdirSync(path.join(PG_MIGRATIONS_FOLDER, 'meta')).filter((f) => f.endsWith('_snapshot.json')).sort();
  return JSON.parse(fs.readFileSync(path.join(PG_MIGRATIONS_FOLDER, 'meta', files.at(-1)!), 'utf8')) as Snapshot;
}

const tablesOf = (mod: Record<string, unknown>) => Object.entries(mod).filter(([, v]) => typeof v === 'object' && v !== null && Symbol.for('drizzle:Name') in v);

describe('PostgreSQL schema and migrations', () => {
  it('the schema needs no new migration', async () => {
    const prev = latestSnapshot();
    const cur = generateDrizzleJson(pgSchema as Record<string, unknown>, prev.id);
    const statements = await generateMigration(prev, cur);
    expect(statements, 'src/store/pg/schema.ts changed without a migration: run `npm run db:generate:pg` and commit migrations/pg/').toEqual([]);
  });

  it('the check would notice a change', async () => {
    const prev = latestSnapshot();
    const { userStats: _dropped, ...fewer } = pgSchema;
    const cur = generateDrizzleJson(fewer as Record<string, unknown>, prev.id);
    expect((await generateMigration(prev, cur)).join('\n')).toMatch(/DROP TABLE "user_stats"/);
  });

  it('has the tables, columns, keys and indexes of the SQLite schema', () => {
    const describeTables = (mod: Record<string, unknown>, config: (t: never) => { name: string; columns: { name: string; notNull: boolean; primary: boolean }[]; indexes: { config: { name: string; unique: boolean; columns: unknown[] } }[]; primaryKeys: { columns: { name: string }[] }[]; foreignKeys: unknown[] }) =>
      Object.fromEntries(
        tablesOf(mod).map(([key, t]) => {
          const c = config(t as never);
          return [
            key,
            {
              name: c.name,
              columns: c.columns.map((col) => `${col.name}${col.notNull ? ' not null' : ''}${col.primary ? ' primary' : ''}`).sort(),
              primaryKey: c.primaryKeys.map((k) => k.columns.map((col) => col.name)),
              indexes: c.indexes.map((i) => `${i.config.unique ? 'unique ' : ''}${i.config.name}(${i.config.columns.map((col) => (col as { name: string }).name).join(',')})`).sort(),
              foreignKeys: c.foreignKeys.length,
            },
          ];
        }),
      );
    const pg = describeTables(pgSchema as Record<string, unknown>, pgTableConfig as never);
    const sqlite = describeTables(sqliteSchema as Record<string, unknown>, sqliteTableConfig as never);
    expect(Object.keys(pg).length).toBe(11);
    expect(pg).toEqual(sqlite);
  });

  it('every journal entry has its SQL file and a snapshot, and the SQLite migrator does not see the pg folder', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(PG_MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { dialect: string; entries: { tag: string }[] };
    expect(journal.dialect).toBe('postgresql');
    const sqlFiles = fs.readdirSync(PG_MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).sort();
    expect(sqlFiles).toEqual(journal.entries.map((e) => `${e.tag}.sql`));
    expect(PG_MIGRATIONS_FOLDER).toBe(path.join(MIGRATIONS_FOLDER, 'pg'));
    // SQLite's journal lists only its own files: the subfolder is neither a migration nor a snapshot to it.
    expect(shippedMigrations().some((m) => m.tag.includes('pg'))).toBe(false);
  });
});
