// Each server's settings: the repository both backends implement (SQLite's statements in
// sqlite/settings.ts, PostgreSQL's in pg/settings.ts), the defaults, and the mapping of the stored row.
import { pick } from './columns.js';
import type { guildSettings, PING_MODES } from './schema.js';

export type PingMode = (typeof PING_MODES)[number];

/** What a server may set: the columns of its row but its key and the time it was set. */
export const SETTINGS_COLUMNS = ['language', 'lobbyOptions', 'decisionMs', 'lobbyMs', 'windowMs', 'pings'] as const;

/** A server's settings (schema.ts says what each is). */
export type GuildSettings = { guildId: string } & Pick<typeof guildSettings.$inferSelect, (typeof SETTINGS_COLUMNS)[number]>;

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

/** A server's settings from its stored row (either store's), or the defaults when it has none. */
export function settingsOf(guildId: string, row: Omit<GuildSettings, 'guildId'> | undefined): GuildSettings {
  if (!row)
    return { guildId, language: null, lobbyOptions: {}, decisionMs: DEFAULT_DECISION_MS, lobbyMs: DEFAULT_LOBBY_MS, windowMs: DEFAULT_WINDOW_MS, pings: 'channel' };
  return { guildId, ...pick(row, SETTINGS_COLUMNS) };
}

/** A server's settings with `patch` applied. */
export const patchSettings = (current: GuildSettings, patch: Partial<Omit<GuildSettings, 'guildId'>>): GuildSettings => ({ ...current, ...patch, guildId: current.guildId });

/** The row of a server's settings, but its key. */
export const settingsValues = (s: GuildSettings, now: number) =>
  ({ ...pick(s, SETTINGS_COLUMNS), updatedAt: now }) satisfies Omit<typeof guildSettings.$inferInsert, 'guildId'>;
