import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

/** drizzle's default bookkeeping table; the schema guard reads it too. */
export const MIGRATIONS_TABLE = '__drizzle_migrations';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations', import.meta.url));

export interface ShippedMigration {
  tag: string;
  /** drizzle records this as created_at of the applied migration. */
  when: number;
  /** drizzle records the sha256 of the SQL file. */
  hash: string;
}

/** The migrations this version of the code carries, oldest first, read the way drizzle's migrator reads them. */
export function shippedMigrations(folder = MIGRATIONS_FOLDER): ShippedMigration[] {
  const journal = JSON.parse(fs.readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({
    tag: e.tag,
    when: e.when,
    hash: createHash('sha256').update(fs.readFileSync(`${folder}/${e.tag}.sql`)).digest('hex'),
  }));
}

/** drizzle runs every pending migration in one transaction, so a crash here leaves the previous schema. */
export function runMigrations(db: BetterSQLite3Database<Record<string, unknown>>, folder = MIGRATIONS_FOLDER): void {
  migrate(db, { migrationsFolder: folder, migrationsTable: MIGRATIONS_TABLE });
}
