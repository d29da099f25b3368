// SQLite's statements behind SettingsRepo (../settings.ts), synchronous.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../connection.js';
import { guildSettings } from '../schema.js';
import { patchSettings, settingsOf, settingsValues, type GuildSettings } from '../settings.js';

/** SQLite's statements behind SettingsRepo, synchronous. */
export const settingsStatements = (db: Db) => ({
  read: (guildId: string) => readGuildSettings(db, guildId),
  write: (guildId: string, patch: Partial<Omit<GuildSettings, 'guildId'>>, now: number) => writeGuildSettings(db, guildId, patch, now),
});

/** Per connection, prepared once: every interaction reads its server's settings. */
const byGuild = new WeakMap<Db, ReturnType<typeof prepareRead>>();
const prepareRead = (db: Db) => db.select().from(guildSettings).where(eq(guildSettings.guildId, sql.placeholder('guildId'))).prepare();

export function readGuildSettings(db: Db, guildId: string): GuildSettings {
  let read = byGuild.get(db);
  if (!read) byGuild.set(db, (read = prepareRead(db)));
  return settingsOf(guildId, read.get({ guildId }));
}

export function writeGuildSettings(db: Db, guildId: string, patch: Partial<Omit<GuildSettings, 'guildId'>>, now: number): GuildSettings {
  const next = patchSettings(readGuildSettings(db, guildId), patch);
  const values = settingsValues(next, now);
  db.insert(guildSettings)
    .values({ guildId, ...values })
    .onConflictDoUpdate({ target: guildSettings.guildId, set: values })
    .run();
  return next;
}
