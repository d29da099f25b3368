// The committed state of every game, read from outside the bot: its SQLite file opened read-only,
// polled for new games and new rows of the action log, and replayed through the engine exactly as
// the store's recovery replays it (src/store/replay.ts). A row's `at` is the clock the bot gave the
// engine for that action, taken in the game's queue just before the action's transaction: the
// bench takes it as the moment that version was committed.
//
// For each version the bench keeps what a table showing it reads: the table's words rendered by the
// bot's own pure renderTable from the public view, fingerprinted. Left out: the list of recent lines
// (a window on the log, not the state), the AI and autopilot tags (which seat the bot plays is not in
// the log), and the lines of intel cards a table without its picture prints under each seat (a new
// table's first post has no picture yet; the picture shows those cards).
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { apply, decider, view, type Action, type GameState } from '../../../src/engine/index.js';
import { t } from '../../../src/i18n/index.js';
import { renderTable } from '../../../src/discord/render/table.js';
import { askedSeats } from '../../../src/discord/seats/pace.js';
import { clockAt, startGame, type GameOrigin } from '../../../src/store/replay.js';

const LOCALE = 'zh-CN' as const;
const TAGS = [t(LOCALE, 'table.aiSeat'), t(LOCALE, 'table.auto')];

/** What a table reads as (content, title, description), with the seat tags and the card lines taken out. */
export function tableFingerprint(content: string, title: string, description: string): string {
  let d = description.replace(/\n {3}[^\n]*/g, '');
  for (const tag of TAGS) d = d.split(tag).join('');
  return createHash('sha1').update(`${content}\u0000${title}\u0000${d}`).digest('base64').slice(0, 16);
}

/** One decision of the game: opened at a version, asked of some people, ended by a later version. */
export interface Decision {
  opened: number;
  openedAt: number;
  /** When a commit opened another decision (or ended the game); null while it is open. */
  endedAt: number | null;
  users: string[];
  deadline: number | null;
}

export interface Version {
  version: number;
  at: number;
  /** The table's words at this version. */
  fp: string;
}

export interface TrackedGame {
  id: number;
  guildId: string;
  channelId: string;
  createdAt: number;
  users: (string | null)[];
  origin: GameOrigin;
  state: GameState;
  /** Versions not yet handed to the table-lag tracker. */
  fresh: Version[];
  decisions: Decision[];
  finishedAt: number | null;
}

interface GameRow {
  id: number;
  guild_id: string;
  channel_id: string;
  setup: string;
  decision_ms: number | null;
  window_ms: number | null;
  created_at: number;
}

function versionOf(g: TrackedGame, at: number): Version {
  const s = g.state;
  const v = view(s, null);
  const m = renderTable(LOCALE, v, { gameId: g.id, ai: [], autopilot: [], users: g.users, decider: decider(s), recent: [], actions: s.version, picture: true });
  return { version: s.version, at, fp: tableFingerprint(m.content, m.embeds[0]?.title ?? '', m.embeds[0]?.description ?? '') };
}

/** The decision now open, as the bot pings it: the people (not the bot's seats) asked, and its deadline. */
function noteDecision(g: TrackedGame, at: number): void {
  const s = g.state;
  const last = g.decisions.at(-1);
  const opened = s.result ? null : (s.pending?.opened ?? null);
  if (last && last.opened === opened) return;
  if (last && last.endedAt === null) last.endedAt = at;
  if (opened === null) return;
  const users = askedSeats(s)
    .map((seat) => g.users[seat])
    .filter((u): u is string => u !== null);
  g.decisions.push({ opened, openedAt: at, endedAt: null, users, deadline: s.pending?.deadline ?? null });
}

export class CommittedStates {
  readonly games = new Map<number, TrackedGame>();
  readonly byChannel = new Map<string, TrackedGame>();
  private readonly db: Database.Database;
  private lastGame = 0;
  private lastRow = 0;
  /** Date.now() at the start of the last poll: every commit with an earlier `at` has been read, give or take a transaction. */
  polledAt = 0;
  /** Rows that could not be replayed (none expected: the bot committed them). */
  errors = 0;
  /** Actions read and replayed so far, all games. */
  committed = 0;
  /** Of them, decisions and response windows that ran out of time (nobody answered). */
  timeouts = 0;

  constructor(path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
  }

  close(): void {
    this.db.close();
  }

  /** Reads new games and new log rows; returns the games that changed. */
  poll(): TrackedGame[] {
    const now = Date.now();
    const changed = new Set<TrackedGame>();
    const games = this.db
      .prepare('SELECT id, guild_id, channel_id, setup, decision_ms, window_ms, created_at FROM games WHERE id > ? ORDER BY id')
      .all(this.lastGame) as GameRow[];
    for (const row of games) {
      this.lastGame = row.id;
      const seats = this.db.prepare('SELECT seat, user_id FROM seats WHERE game_id = ? ORDER BY seat').all(row.id) as { seat: number; user_id: string | null }[];
      const origin: GameOrigin = { setup: JSON.parse(row.setup), decisionMs: row.decision_ms, windowMs: row.window_ms, createdAt: row.created_at };
      const g: TrackedGame = {
        id: row.id,
        guildId: row.guild_id,
        channelId: row.channel_id,
        createdAt: row.created_at,
        users: seats.map((s) => s.user_id),
        origin,
        state: startGame(origin).state,
        fresh: [],
        decisions: [],
        finishedAt: null,
      };
      g.fresh.push(versionOf(g, row.created_at));
      noteDecision(g, row.created_at);
      this.games.set(g.id, g);
      this.byChannel.set(g.channelId, g);
      changed.add(g);
    }
    const rows = this.db
      .prepare('SELECT rowid AS r, game_id AS g, version AS v, action AS a, at FROM actions WHERE rowid > ? ORDER BY rowid')
      .all(this.lastRow) as { r: number; g: number; v: number; a: string; at: number }[];
    for (const row of rows) {
      this.lastRow = row.r;
      const g = this.games.get(row.g);
      if (!g || row.v !== g.state.version + 1) {
        if (g) this.errors++;
        continue;
      }
      const action = JSON.parse(row.a) as Action;
      if (action.kind === 'timeout') this.timeouts++;
      const r = apply(g.state, action, clockAt(row.at, g.origin));
      if (!r.ok) {
        this.errors++;
        continue;
      }
      g.state = r.state;
      this.committed++;
      g.fresh.push(versionOf(g, row.at));
      noteDecision(g, row.at);
      if (r.state.result && g.finishedAt === null) g.finishedAt = row.at;
      changed.add(g);
    }
    this.polledAt = now;
    return [...changed];
  }

  /** Games in play now (not finished), as the log says. */
  live(): number {
    let n = 0;
    for (const g of this.games.values()) if (g.finishedAt === null) n++;
    return n;
  }

  /** Drops what is kept of a game the bench no longer needs. */
  forget(g: TrackedGame): void {
    this.games.delete(g.id);
    if (this.byChannel.get(g.channelId) === g) this.byChannel.delete(g.channelId);
  }
}
