// What the bot keeps about how a table is played, beside the game itself: the last ping of a game,
// the seats that asked not to be asked again this turn (本回合不再响应), and each player's standing
// choice of which response windows to be asked in. Stored so a restart neither repeats a ping nor
// forgets a toggle. The repository both backends implement: SQLite's statements in
// sqlite/table-prefs.ts, PostgreSQL's in pg/table-prefs.ts.
import type { RESPOND_PREFS } from './schema.js';

export type RespondPref = (typeof RESPOND_PREFS)[number];

export interface PingRecord {
  messageId: string | null;
  key: string | null;
}

export interface TablePrefs {
  ping(gameId: number): Promise<PingRecord>;
  setPing(gameId: number, p: PingRecord): Promise<void>;
  /** Per seat: the turn ("round:seat") in which the seat asked not to be asked again, or null. */
  quietTurns(gameId: number): Promise<(string | null)[]>;
  setQuiet(gameId: number, seat: number, turn: string | null): Promise<void>;
  /** Seats the bot plays for their absent owners. */
  autopilotSeats(gameId: number): Promise<number[]>;
  setAutopilot(gameId: number, seat: number, on: boolean): Promise<void>;
  /** Per seat: its open 我的信息 panel, or null. */
  panels(gameId: number): Promise<(StoredPanel | null)[]>;
  setPanel(gameId: number, seat: number, panel: StoredPanel | null): Promise<void>;
  /** Marks that the seat of `userId` was told its DMs are closed; false when it had been told already. */
  markToldDmsClosed(gameId: number, userId: string): Promise<boolean>;
  respond(userId: string): Promise<RespondPref>;
  locale(userId: string): Promise<string | null>;
  setLocale(userId: string, locale: string, now: number): Promise<void>;
  setRespond(userId: string, respond: RespondPref, now: number): Promise<void>;
  /** The player's DM channel with the bot, once the bot has opened it (null: not known). */
  dmChannel(userId: string): Promise<string | null>;
  setDmChannel(userId: string, channelId: string, now: number): Promise<void>;
}

/**
 * What edits a seat's open 我的信息 panel: its interaction's webhook (a token Discord keeps 15 minutes
 * from `since`), the panel's message among the interaction's, and its language.
 */
export interface StoredPanel {
  applicationId: string;
  token: string;
  message: string;
  since: number;
  locale: string;
}

/** A stored panel from its column (either store's); null for none or a value not of this shape. */
export function panelOf(text: string | null): StoredPanel | null {
  if (!text) return null;
  try {
    const p = JSON.parse(text) as StoredPanel;
    return typeof p.token === 'string' && typeof p.message === 'string' && typeof p.since === 'number' ? p : null;
  } catch {
    return null;
  }
}

/** A game that never pinged. */
export const NO_PING: PingRecord = { messageId: null, key: null };
/** A player who never chose: asked in every window. */
export const DEFAULT_RESPOND: RespondPref = 'all';
