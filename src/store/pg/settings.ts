// settings.ts for PostgreSQL: the same functions, arguments and results, each a Promise.
import { eq } from 'drizzle-orm';
import { patchSettings, settingsOf, settingsValues, type GuildSettings } from '../settings.js';
import type { PgExec } from './connection.js';
import { guildSettings } from './schema.js';

export async function pgReadGuildSettings(db: PgExec, guildId: string): Promise<GuildSettings> {
  const [row] = await db.select().from(guildSettings).where(eq(guildSettings.guildId, guildId));
  return settingsOf(guildId, row);
}

export async function pgWriteGuildSettings(db: PgExec, guildId: string, patch: Partial<Omit<GuildSettings, 'guildId'>>, now: number): Promise<GuildSettings> {
  const next = patchSettings(await pgReadGuildSettings(db, guildId), patch);
  const values = settingsValues(next, now);
  await db
    .insert(guildSettings)
    .values({ guildId, ...values })
    .onConflictDoUpdate({ target: guildSettings.guildId, set: values });
  return next;
}

export function pgSettingsRepo(db: PgExec) {
  return {
    read: (guildId: string) => pgReadGuildSettings(db, guildId),
    write: (guildId: string, patch: Partial<Omit<GuildSettings, 'guildId'>>, now: number) => pgWriteGuildSettings(db, guildId, patch, now),
  };
}
