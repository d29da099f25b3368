// Telling a player that a decision is theirs, in a way Discord notifies (edits never do): a short
// new channel message that mentions them, the previous one deleted so the channel does not fill up,
// or a DM where the server chose that. Once a decision: nobody is pinged for a decision their open
// panel already shows (they clicked it within WATCHING_MS: the panel is refreshed with it), and the
// warning shortly before the timer runs out goes only to whoever has not clicked their panel since
// the decision became theirs. Response windows ping nobody: who could answer is nobody else's
// business (docs/rules.md §8b).
import { ButtonStyle, ComponentType } from 'discord.js';
import { decider, view, type GameState } from '../../engine/index.js';
import { askedSeats } from '../seats/pace.js';
import { t, type Locale } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import type { GameStore, Owed, OutboxRow, PingRecord, Repos, TimerHost } from '../../store/index.js';
import { encodeId } from '../custom-id.js';
import type { Panels } from './panels.js';
import { dmOwed, SECRET, WELCOME } from './owed.js';
import type { Publisher } from './publisher.js';
import { pendingText } from '../render/words.js';
import type { SeatUsers } from '../session/seat-users.js';

/** The warning comes this long before the deadline (a quarter of a short timer). */
export const WARN_BEFORE_MS = 15_000;
/** A player who clicked their panel this recently is taken to be looking at it. */
export const WATCHING_MS = 120_000;
/**
 * A player whose panel is open (the bot can still edit it) but who has not clicked it lately sees a
 * new decision there first: the ping comes this long later, if they have not answered or clicked
 * (at most a quarter of a short timer, and never after the warning).
 */
export const PANEL_GRACE_MS = 5_000;

/** The seat a DM marked `secret:<seat>` or `welcome:<seat>` (owed.ts) was owed to. */
const seatOf = (row: OutboxRow): number => Number(row.purpose!.split(':')[1]);

/** When the warning for a decision with this deadline comes: WARN_BEFORE_MS before it, or a quarter of a short timer. */
const warnAt = (deadline: number, decisionMs: number): number => deadline - Math.min(WARN_BEFORE_MS, decisionMs / 4);

export interface PingsOptions {
  store: GameStore;
  users: SeatUsers;
  panels: Panels;
  publisher: Publisher;
  log: Logger;
  timers: TimerHost;
  /** The language of a game's channel. */
  locale: (gameId: number) => Locale;
  /** The language a player is DMed in. */
  userLocale: (guildId: string, userId: string) => Locale;
  /** Seats the bot plays (AI, autopilot): never pinged. */
  botSeats: (gameId: number) => Set<number>;
}

export class Pings {
  private readonly records = new Map<number, PingRecord>();
  /** Per game: the warning set for the decision `opened`, which became pending at `at`. */
  private readonly alarms = new Map<number, { opened: number; at: number; handle: unknown }>();
  /** Per game: the ping held back for the decision `opened` from players whose open panel shows it. */
  private readonly nudges = new Map<number, { opened: number; handle: unknown }>();

  /** Per game and seat ("game:seat"): the Activity pages open of the seat's player (src/activity), which show every decision as it comes. */
  private readonly pages = new Map<string, number>();

  /** Per game: players whose DMs the bot could not deliver; where the server pings by DM, they are pinged in the channel. */
  private readonly dmsClosed = new Map<number, Set<string>>();

  constructor(private readonly o: PingsOptions) {
    o.publisher.sender.onSettle('ping', (tx, row, id) => this.posted(tx, row, id));
    o.publisher.sender.onGiveUp('dmping', (tx, row) => this.dmFailed(tx, row));
    // A ping still owed when its decision has ended (it waited out a rate limit, a retry, a restart) is not sent;
    // nor does the answer that ends it commit while it is checked and posted (so it never lands after that answer).
    o.publisher.sender.dropWhen('ping', (row) => this.stale(row), true);
    o.publisher.sender.dropWhen('dmping', (row) => this.stale(row), true);
    // A DM of secrets alone (what another player did to one's hand, an identity shown), or of the
    // result, to a player looking at their panel is not sent: the panel shows it (handlers/game.ts
    // panelBody's 你知道的, and at the end how they did).
    o.publisher.sender.dropWhen(SECRET, (row) => this.watching(row.gameId, seatOf(row)));
    // Nor the first DM (where the game is, identity and hand or the characters to choose from) to one who opened their panel since.
    o.publisher.sender.dropWhen(WELCOME, (row) => this.seenSince(row.gameId, seatOf(row), row.createdAt));
  }

  /** Whether the seat's player clicked their panel in the last WATCHING_MS (and it can still be refreshed). */
  private watching(gameId: number, seat: number): boolean {
    return this.seenSince(gameId, seat, this.o.timers.now() - WATCHING_MS);
  }

  /** Whether the decision a ping row was owed for (its purpose `ping:<opened>[:warn]`) is no longer pending. */
  private stale(row: OutboxRow): boolean {
    const s = this.o.store.liveState(row.gameId);
    const opened = row.purpose!.split(':')[1];
    return !s || !!s.result || String(s.pending?.opened) !== opened;
  }

  /** Reads the game's ping record once (Bot.prepare). */
  async load(gameId: number): Promise<void> {
    if (this.records.has(gameId)) return;
    const r = await this.o.store.repos.prefs.ping(gameId);
    if (!this.records.has(gameId)) this.records.set(gameId, r);
  }

  private record(gameId: number): PingRecord {
    let r = this.records.get(gameId);
    if (!r) this.records.set(gameId, (r = { messageId: null, key: null }));
    return r;
  }

  /** People (not bot seats) the decision now belongs to. */
  private people(gameId: number, s: GameState): number[] {
    const users = this.o.users.of(gameId);
    const bots = this.o.botSeats(gameId);
    return askedSeats(s).filter((seat) => users[seat] && !bots.has(seat));
  }

  /** An Activity page of the seat's player opened (+1) or closed (-1): while one is open they are looking, as at a panel just clicked. */
  viewing(gameId: number, seat: number, delta: 1 | -1): void {
    const k = `${gameId}:${seat}`;
    const n = (this.pages.get(k) ?? 0) + delta;
    if (n > 0) this.pages.set(k, n);
    else this.pages.delete(k);
  }

  /** Whether the seat's player has an Activity page open, or clicked their panel at or after `since` (and can still have it refreshed). */
  private seenSince(gameId: number, seat: number, since: number): boolean {
    if (this.pages.has(`${gameId}:${seat}`)) return true;
    const seen = this.o.panels.lastSeen(gameId, seat);
    return seen !== null && seen >= since;
  }

  /**
   * After a commit (or at start-up): ping whoever a new decision belongs to, except those looking at
   * their panel (`actor`, whose click made the commit, and whoever clicked theirs lately).
   */
  committed(gameId: number, s: GameState, actor: number | null = null): void {
    const seats = s.result ? [] : this.people(gameId, s);
    const rec = this.record(gameId);
    if (!seats.length) {
      this.stopTimers(gameId);
      if (rec.messageId) this.replace(gameId, s, [], rec.key);
      return;
    }
    const opened = s.pending!.opened;
    if (this.nudges.get(gameId)?.opened !== opened) this.unnudge(gameId);
    if (rec.key?.split(':')[0] !== String(opened)) {
      const now = this.o.timers.now();
      const away = seats.filter((seat) => seat !== actor && !this.seenSince(gameId, seat, now - WATCHING_MS));
      // Nobody is pinged for a decision their panel shows; the old ping goes either way. Whose panel
      // is open but not looked at lately is pinged a moment later, unless they answer or look first.
      const grace = this.grace(gameId, s);
      const later = away.length > 0 && grace !== null && away.every((seat) => this.o.panels.fresh(gameId, seat));
      // Nothing to post or delete: remembered, not stored (a restart asks again who is away).
      if ((!away.length || later) && !rec.messageId) this.records.set(gameId, { messageId: null, key: String(opened) });
      else this.replace(gameId, s, later ? [] : away, String(opened), 'turn');
      if (later) this.nudge(gameId, opened, away, now, grace);
    }
    this.arm(gameId, s);
  }

  /** How long a ping may wait on an open panel in this game's decision: none when its warning would come first. */
  private grace(gameId: number, s: GameState): number | null {
    const info = this.o.store.known(gameId);
    const deadline = s.pending?.deadline;
    if (!info?.decisionMs || deadline === undefined) return null;
    const grace = Math.min(PANEL_GRACE_MS, info.decisionMs / 4);
    return this.o.timers.now() + grace < warnAt(deadline, info.decisionMs) ? grace : null;
  }

  /** In `grace` ms: those of `seats` the decision `opened` still waits on who have not clicked their panel since `since` are pinged. */
  private nudge(gameId: number, opened: number, seats: number[], since: number, grace: number): void {
    this.unnudge(gameId);
    const handle = this.o.timers.setTimeout(() => {
      if (this.nudges.get(gameId)?.opened === opened) this.nudges.delete(gameId);
      const s = this.o.store.liveState(gameId);
      if (!s || s.result || s.pending?.opened !== opened || this.record(gameId).key !== String(opened)) return;
      const asked = this.people(gameId, s);
      const away = seats.filter((seat) => asked.includes(seat) && !this.seenSince(gameId, seat, since));
      if (away.length) this.replace(gameId, s, away, String(opened), 'turn');
    }, grace);
    this.nudges.set(gameId, { opened, handle });
  }

  /** Neither the warning nor a held ping comes. */
  private stopTimers(gameId: number): void {
    this.disarm(gameId);
    this.unnudge(gameId);
  }

  private unnudge(gameId: number): void {
    const n = this.nudges.get(gameId);
    if (n !== undefined) this.o.timers.clearTimeout(n.handle);
    this.nudges.delete(gameId);
  }

  /** A held game goes on (its decision's clock started again): the decision's ping is posted again, its warning set anew. */
  resumed(gameId: number): void {
    this.stopTimers(gameId);
    this.records.set(gameId, { messageId: this.record(gameId).messageId, key: null });
  }

  /** Sets the warning for the decision now pending, unless it is set or has been given. */
  private arm(gameId: number, s: GameState): void {
    const opened = s.pending!.opened;
    if (this.alarms.get(gameId)?.opened === opened) return;
    this.disarm(gameId);
    const deadline = s.pending?.deadline;
    const info = this.o.store.known(gameId);
    if (deadline === undefined || !info?.decisionMs || this.record(gameId).key === `${opened}:warn`) return;
    const at = warnAt(deadline, info.decisionMs);
    const now = this.o.timers.now();
    const handle = this.o.timers.setTimeout(() => this.warn(gameId, opened), Math.max(0, at - now));
    this.alarms.set(gameId, { opened, at: now, handle });
  }

  private disarm(gameId: number): void {
    const a = this.alarms.get(gameId);
    if (a !== undefined) this.o.timers.clearTimeout(a.handle);
    this.alarms.delete(gameId);
  }

  /** The warning's time came: the same decision still waits on people who have not clicked their panel since it became theirs. */
  warn(gameId: number, opened: number): void {
    const alarm = this.alarms.get(gameId);
    if (alarm?.opened === opened) this.alarms.delete(gameId);
    const s = this.o.store.liveState(gameId);
    if (!s || s.result || s.pending?.opened !== opened) return;
    const since = alarm?.opened === opened ? alarm.at : this.o.timers.now();
    const away = this.people(gameId, s).filter((seat) => !this.seenSince(gameId, seat, since));
    if (!away.length || this.record(gameId).key === `${opened}:warn`) return;
    this.replace(gameId, s, away, `${opened}:warn`, 'warn');
  }

  /**
   * Posts the ping of `kind` to `seats` (none: no ping), deleting the previous one; remembers it
   * under `key`. The record and the messages it owes are stored in one transaction, so a restart
   * neither repeats the ping nor loses it.
   */
  private replace(gameId: number, s: GameState, seats: number[], key: string | null, kind: 'turn' | 'warn' = 'turn'): void {
    const info = this.o.store.known(gameId);
    if (!info) return;
    const old = this.record(gameId).messageId;
    const users = this.o.users.of(gameId);
    const owed: Owed[] = [];
    if (old) owed.push({ gameId, kind: 'delete', target: info.channelId, messageId: old, body: null });
    if (seats.length) {
      // By DM where the server chose that, except to players whose DMs the bot could not deliver.
      const closed = this.dmsClosed.get(gameId);
      const byDm = this.o.store.knownSettings(info.guildId)?.pings === 'dm' ? seats.filter((seat) => !closed?.has(users[seat]!)) : [];
      const link = `https://discord.com/channels/${info.guildId}/${info.channelId}`;
      for (const seat of byDm) {
        const id = users[seat]!;
        owed.push({ ...dmOwed(gameId, id, `${this.text(this.o.userLocale(info.guildId, id), gameId, s, kind, seats, [id], true)}\n${link}`), purpose: `dmping:${key}` });
      }
      const inChannel = seats.filter((seat) => !byDm.includes(seat));
      if (inChannel.length) owed.push(this.channelPing(gameId, info.channelId, s, kind, inChannel, key));
    }
    this.records.set(gameId, { messageId: null, key });
    const stored = this.o.store.transaction(async (tx) => {
      await tx.prefs.setPing(gameId, { messageId: null, key });
      await tx.outbox.add(owed, this.o.store.now());
    });
    this.o.publisher.after(gameId, stored, 'a ping');
  }

  /** A ping in the game's channel that mentions `seats`, owed for the decision `key`. */
  private channelPing(gameId: number, channelId: string, s: GameState, kind: 'turn' | 'warn', seats: number[], key: string | null): Owed {
    const l = this.o.locale(gameId);
    const users = this.o.users.of(gameId);
    const ids = seats.map((seat) => users[seat]!);
    return {
      gameId,
      kind: 'post',
      target: channelId,
      purpose: `ping:${key}`,
      body: {
        content: this.text(l, gameId, s, kind, seats, ids),
        allowedMentions: { users: ids },
        components: [
          {
            type: ComponentType.ActionRow,
            components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: t(l, 'btn.info'), custom_id: encodeId(gameId, 0, 'info') }],
          },
        ],
      },
    };
  }

  /**
   * In the transaction that gives up a DM ping (the player's DMs are closed): from now on they are
   * pinged in the channel, and for this decision at once if it still waits on them.
   */
  private async dmFailed(tx: Repos, row: OutboxRow): Promise<void> {
    let closed = this.dmsClosed.get(row.gameId);
    if (!closed) this.dmsClosed.set(row.gameId, (closed = new Set()));
    closed.add(row.target);
    const s = this.o.store.liveState(row.gameId);
    const info = this.o.store.known(row.gameId);
    const seat = this.o.users.of(row.gameId).indexOf(row.target);
    if (!s || !info || seat < 0 || this.stale(row)) return;
    const key = row.purpose!.slice('dmping:'.length);
    await tx.outbox.add([this.channelPing(row.gameId, info.channelId, s, key.endsWith(':warn') ? 'warn' : 'turn', [seat], key)], this.o.store.now());
  }

  /** In the transaction that marks a ping sent: it is the game's ping, unless a later one replaced it while it was sent. */
  private async posted(tx: Repos, row: OutboxRow, messageId: string | null): Promise<void> {
    if (messageId === null) return;
    const key = row.purpose!.slice('ping:'.length);
    const now = await tx.prefs.ping(row.gameId);
    if (now.key === key && now.messageId === null && this.record(row.gameId).key === key) {
      await tx.prefs.setPing(row.gameId, { messageId, key });
      this.records.set(row.gameId, { messageId, key });
    } else await tx.outbox.add([{ gameId: row.gameId, kind: 'delete', target: row.target, messageId, body: null }], this.o.store.now());
  }

  /** The ping's words; `dm`: a DM has no button under it, so it points to the table's. */
  private text(l: Locale, gameId: number, s: GameState, kind: 'turn' | 'warn', seats: number[], ids: string[], dm = false): string {
    const mentions = ids.map((id) => `<@${id}>`).join(' ');
    const v = view(s, null);
    const what = decider(s) !== null && s.pending?.kind === 'window' ? t(l, 'ping.play') : pendingText(l, v);
    const panel = seats.every((seat) => this.o.panels.fresh(gameId, seat)) ? t(l, 'ping.panelOpen') : t(l, dm ? 'ping.panelClosedDm' : 'ping.panelClosed');
    const deadline = s.pending?.deadline;
    if (kind === 'warn' && deadline !== undefined)
      return t(l, 'ping.warn', { mentions, what, seconds: Math.max(1, Math.round((deadline - this.o.timers.now()) / 1000)), panel });
    return t(l, 'ping.turn', { mentions, what, deadline: deadline !== undefined ? t(l, 'table.deadline', { at: Math.floor(deadline / 1000) }) : '', panel });
  }

  /** The game was stopped: its last ping goes, and no warning comes. */
  closed(gameId: number): void {
    this.stopTimers(gameId);
    const rec = this.record(gameId);
    const s = this.o.publisher.stateOf(gameId);
    if (rec.messageId && s) this.replace(gameId, s, [], rec.key);
    this.forget(gameId);
  }

  forget(gameId: number): void {
    this.stopTimers(gameId);
    this.records.delete(gameId);
    this.dmsClosed.delete(gameId);
  }
}
