import { eq, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { guildSettings, type LobbyDefaults } from './schema.js';

export type PingMode = 'channel' | 'dm';

export interface GuildSettings {
  guildId: string;
  language: string | null;
  lobbyOptions: LobbyDefaults;
  decisionMs: number | null;
  lobbyMs: number;
  /** The response clock of response windows (docs/rules.md §8b). */
  windowMs: number;
  /** How a player is told that a decision is theirs. */
  pings: PingMode;
}

export const DEFAULT_DECISION_MS = 60_000;
export const DEFAULT_LOBBY_MS = 600_000;
/** The response clock: 8 s by default, 3–30 s (docs/rules.md §8b). */
export const DEFAULT_WINDOW_MS = 8_000;
export const WINDOW_SECONDS = { min: 3, max: 30 } as const;

/** Each server's settings. A server that never changed anything gets the defaults without a row being written. */
export interface SettingsRepo {
  read(guildId: string): Promise<GuildSettings>;
  write(guildId: string, patch: Partial<Omit<GuildSettings, 'guildId'>>, now: number): Promise<GuildSettings>;
}

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

/** A server's settings from its stored row (either store's), or the defaults when it has none. */
export function settingsOf(guildId: string, row: Omit<GuildSettings, 'guildId'> | undefined): GuildSettings {
  if (!row)
    return { guildId, language: null, lobbyOptions: {}, decisionMs: DEFAULT_DECISION_MS, lobbyMs: DEFAULT_LOBBY_MS, windowMs: DEFAULT_WINDOW_MS, pings: 'channel' };
  return {
    guildId,
    language: row.language,
    lobbyOptions: row.lobbyOptions,
    decisionMs: row.decisionMs,
    lobbyMs: row.lobbyMs,
    windowMs: row.windowMs,
    pings: row.pings,
  };
}

export function writeGuildSettings(
  db: Db,
  guildId: string,
  patch: Partial<Omit<GuildSettings, 'guildId'>>,
  now: number,
): GuildSettings {
  const next = { ...readGuildSettings(db, guildId), ...patch, guildId };
  const values = {
    language: next.language,
    lobbyOptions: next.lobbyOptions,
    decisionMs: next.decisionMs,
    lobbyMs: next.lobbyMs,
    windowMs: next.windowMs,
    pings: next.pings,
    updatedAt: now,
  };
  db.insert(guildSettings)
    .values({ guildId, ...values })
    .onConflictDoUpdate({ target: guildSettings.guildId, set: values })
    .run();
  return next;
}
