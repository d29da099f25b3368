// Everything the bot tells Discord about a game after a commit: the public table (one message,
// edits coalesced so a burst of actions is one edit), private events by DM, and notices.
// Each destination has a lane of its own (lanes.ts): the table's lane edits it to the game's newest
// state, never more than one edit queued or in flight, and waits only on its own rate limit; what
// the game owes a channel or a player goes out in order in that target's lane (outbox-sender.ts).
import { DiscordAPIError, type Client, type SendableChannels } from 'discord.js';
import { decider, view, type GameEvent, type GameState } from '../../engine/index.js';
import { t, type Locale } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import type { GameStore, Owed, OutboxRow, TimerHost } from '../../store/index.js';
import { Lanes, rateLimitWait, refused } from './lanes.js';
import { channelFault } from './holds.js';
import { backoffMs, MAX_ATTEMPTS, OutboxSender } from './outbox-sender.js';
import type { SeatUsers } from '../session/seat-users.js';
import { describeTable } from '../../picture/describe.js';
import { pictureInput, pictureKey, pictureText, type PictureInput } from '../../picture/input.js';
import { backlog, drawInThread } from '../../picture/renderer.js';
import { renderTable } from '../render/table.js';
import type { Component } from '../reply.js';
import { editOriginal, TOKEN_GONE, tokenFresh, type LentToken } from './tokens.js';
import { logLines, newLogMemory, type LogMemory } from '../render/words.js';
import { nameText } from '../clip.js';

const UNKNOWN_MESSAGE = 10008;
/** Lines of the log the table shows; the whole log is one click away (日志: handlers/log.ts reads it from the store). */
const RECENT_LINES = 10;
/**
 * Lines of a game's log kept in memory: the table's and an Activity's frame's (activity/frame.ts). A
 * long evening's game writes a thousand lines; the rest are read from the store when someone asks.
 */
export const KEPT_LINES = 30;
const noticeBody = (content: string) => ({ content, allowedMentions: { parse: ['users'] as 'users'[] } });
/** The table names players but never notifies them: pings do that (pings.ts). */
const NO_MENTIONS = { parse: [] as never[] };
/** /fengsheng table posts a channel's table again at most this often: it cannot be used to flood the channel. */
export const REPOST_EVERY_MS = 30_000;
/** Messages posted under the table before it is posted anew at the bottom. */
export const SCROLL_REPOST = 15;
/** The table picture's file name on the table message. */
export const TABLE_IMAGE = 'table.png';
/**
 * A game's table picture is drawn anew at most this often (the words of the table follow every
 * commit): drawing is most of the bot's work, and a busy table changes several times a second.
 */
export const PICTURE_EVERY_MS = 3_000;

interface GameOut {
  /** The table shows an older state than the game's: its lane edits it. */
  dirty: boolean;
  /** When the table was last edited (wall clock): edits keep editIntervalMs apart. */
  lastEdit: number;
  /** The end of the game's public log in words (KEPT_LINES), oldest first. */
  log: string[];
  memo: LogMemory;
  /** Messages in the channel since the table was posted. */
  below: number;
  /** The picture on the table message: what it shows (pictureKey) and the message it is on. */
  picture?: { key: string; messageId: string };
  /** The last edit left the picture a frame behind the words (too soon after the last one, or the picture threads were behind). */
  pictureBehind?: boolean;
  /** When the picture on the table was drawn (wall clock). */
  pictureAt: number;
  /** The game's last committed state (a finished game's too), for its table. */
  state?: GameState;
  /** The newest click on the table: its token edits the table through an exempt route while it lasts. */
  token?: LentToken;
  /** Edits of the table in a row that failed (a 5xx after discord.js's own retries, a timeout, the database). */
  failures: number;
  /** Stopped by /fengsheng abort (by this user id): its last edit draws the picture as the game stood, 已中止. */
  abortedBy?: string;
}

export interface PublisherOptions {
  client: Client;
  store: GameStore;
  users: SeatUsers;
  log: Logger;
  /** The language of a game's channel (table, notices). */
  locale: (gameId: number) => Locale;
  /** Least time between two edits of one table message (Discord allows about one a second). */
  editIntervalMs: number;
  /** Least time between two drawings of one table's picture now: PICTURE_EVERY_MS, longer while the process trails (src/run/strain.ts). */
  pictureEveryMs: () => number;
  /** Back-off of the outbox's retries. */
  timers: TimerHost;
  /** Seats the bot plays (AI) or plays for an absent owner, for the table's tags; and whether it offers 打开牌桌 (the Activity is served). */
  seatTags: (gameId: number) => { ai: number[]; autopilot: number[]; activity?: boolean };
  /** Discord said a game's channel was deleted (gone: commits.ts channelGone) or closed to the bot (shut: holds.ts). */
  channelLost: (gameId: number, fault: 'gone' | 'shut') => void;
  /** Whether the game is held (holds.ts). */
  held: (gameId: number) => boolean;
}

export class Publisher {
  private readonly games = new Map<number, GameOut>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly lanes: Lanes;
  readonly sender: OutboxSender;

  constructor(private readonly o: PublisherOptions) {
    this.lanes = new Lanes((key, err) => o.log.error({ gameId: Number(/\d+/.exec(key)?.[0]), lane: key.split(':')[0], err }, 'publishing to Discord failed'));
    this.sender = new OutboxSender({ client: o.client, store: o.store, log: o.log, timers: o.timers, lanes: this.lanes, locale: o.locale, channelLost: o.channelLost });
    this.sender.onSettle('table', (_tx, row, id) => this.tablePosted(row, id));
  }

  private out(gameId: number): GameOut {
    let g = this.games.get(gameId);
    if (!g) {
      g = { dirty: false, lastEdit: 0, log: [], memo: newLogMemory(), below: 0, pictureAt: 0, failures: 0 };
      this.games.set(gameId, g);
    }
    return g;
  }

  get busy(): boolean {
    return this.pending.size > 0 || this.lanes.busy;
  }

  /** Its lanes (tables, channels, DMs) at work and held by a rate limit (metrics). */
  get lanesLoad(): { working: number; held: number } {
    return this.lanes.load;
  }

  /** Resolves when every message queued so far has been sent (or has failed and been logged, or waits for a retry). */
  async idle(): Promise<void> {
    while (this.busy) {
      await Promise.allSettled([...this.pending]);
      await this.lanes.idle();
    }
  }

  /** Resolves when nothing is being sent or waited for, rate limits included (tests). */
  drained(): Promise<void> {
    return this.lanes.drained();
  }

  /** Shutting down: no new run starts and rate-limit waits end; resolves when the requests in flight are done. */
  async stop(): Promise<void> {
    this.sender.stop();
    this.lanes.stop();
    await this.idle();
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
    return p;
  }

  /** Reads what the table of a game first seen here needs (Bot.prepare). */
  async load(gameId: number): Promise<void> {
    const g = this.out(gameId);
    if (g.state) return;
    const state = this.o.store.liveState(gameId) ?? (await this.o.store.state(gameId));
    if (state && !g.state) g.state = state;
  }

  /** The game's last committed state, once loaded or committed. */
  stateOf(gameId: number): GameState | null {
    return this.games.get(gameId)?.state ?? this.o.store.liveState(gameId);
  }

  /** Once `write` is stored, delivers what the game owes; a failure is logged. */
  after(gameId: number, write: Promise<unknown>, what: string): void {
    this.track(
      write.then(
        () => void this.sender.flush(gameId),
        (err: unknown) => this.o.log.error({ gameId, err }, `could not store ${what}`),
      ),
    );
  }

  /** Writes the public events in words at the end of the game's kept log (the table shows its end). */
  noteRecent(gameId: number, l: Locale, events: GameEvent[], state: GameState): void {
    const names = state.players.map((p) => nameText(p.name));
    const g = this.out(gameId);
    g.log.push(...logLines(l, events, names, state.cards, g.memo));
    if (g.log.length > KEPT_LINES) g.log.splice(0, g.log.length - KEPT_LINES);
  }

  /** The end of the game's public log in words (its last KEPT_LINES lines), oldest first. */
  recentLog(gameId: number): string[] {
    return this.out(gameId).log;
  }

  /** A commit happened: note its public events, deliver what it owes (unless `owed` says it stored none), refresh the table. */
  committed(gameId: number, state: GameState, events: GameEvent[], owed?: boolean): void {
    if (!this.o.store.known(gameId)) return;
    this.out(gameId).state = state;
    this.noteRecent(gameId, this.o.locale(gameId), events, state);
    if (owed !== false) void this.sender.flush(gameId);
    this.tableChanged(gameId);
  }

  /**
   * What /fengsheng abort owes, stored with the abort: the table closes (no buttons) and the channel
   * is told who stopped the game. Worded in the game's queue, just before the abort's transaction.
   */
  abortOwed(gameId: number, by: string): Owed[] {
    const info = this.o.store.known(gameId);
    if (!info || info.status !== 'active') return [];
    // In words, without the picture: the last one drawn shows the live game (whose turn, a deadline,
    // intel on its way), which the stopped game no longer is. The table's lane then draws it as it
    // stood (stopGame): a crash in between leaves the words, which are true.
    this.out(gameId).abortedBy = by;
    const table = { ...this.tableMessage(gameId, { abortedBy: by, picture: false }), attachments: [], allowedMentions: NO_MENTIONS };
    const content = t(this.o.locale(gameId), 'lobby.abortedGame', { who: `<@${by}>` });
    const close: Owed = info.tableMessageId
      ? { gameId, kind: 'edit', target: info.channelId, messageId: info.tableMessageId, body: table }
      : { gameId, kind: 'post', target: info.channelId, body: table };
    return [close, { gameId, kind: 'post', target: info.channelId, body: { content, allowedMentions: NO_MENTIONS } }];
  }

  /** Delivers what the game owes now, each target in its own lane (Bot.idle waits for them). */
  deliver(gameId: number): Promise<void> {
    return this.sender.flush(gameId);
  }

  /** Marks the table out of date; one edit covers every change made before it goes out. */
  tableChanged(gameId: number): void {
    this.out(gameId).dirty = true;
    void this.lanes.kick(`table:${gameId}`, () => this.pumpTable(gameId));
  }

  /**
   * The table's lane: while the table is behind its game, wait out the edit interval, then edit it
   * to the newest state (its picture drawn only when what it shows changed). A rate limit is waited
   * out here, holding no other destination; the edit after it shows whatever is newest then. When
   * the picture threads fall behind, the process sheds picture frames, never a commit, a DM or a
   * click: the words go out on time and the picture follows once the threads have caught up
   * (intermediate states are never drawn).
   */
  private async pumpTable(gameId: number): Promise<void> {
    const g = this.out(gameId);
    let shown = false;
    while (g.dirty || g.pictureBehind) {
      const next = g.dirty ? g.lastEdit + this.o.editIntervalMs : Math.max(g.lastEdit + this.o.editIntervalMs * (1 + backlog()), g.pictureAt + this.o.pictureEveryMs());
      const wait = next - Date.now();
      // A wait for the picture alone ends early when the game moves on: its words go at the edit interval.
      if (wait > 0 && !(await this.lanes.sleep(wait, false, !g.dirty))) return;
      // Woken early by a move: its words still go at the edit interval (edits of one table, each on
      // the heels of a move, ran into the click token's rate limit and then waited twice).
      if (Date.now() < (g.dirty ? g.lastEdit + this.o.editIntervalMs : next)) continue;
      if (!g.dirty && backlog() >= 1) {
        // Only the picture is behind, and so are the threads: an edit now would change nothing.
        if (!(await this.lanes.sleep(Math.max(100, this.o.editIntervalMs), false, true))) return;
        continue;
      }
      g.dirty = false;
      // Set again by this edit if the picture stays behind (an edit that does not happen leaves nothing behind).
      g.pictureBehind = false;
      g.lastEdit = Date.now();
      try {
        shown = await this.editTable(gameId);
        g.failures = 0;
      } catch (err) {
        // A rate limit is waited out; a failure that may pass is tried again after the outbox's back-off (as many
        // times as an outbox row), so the table does not stand still until the next move; a 4xx is not tried again.
        const limited = rateLimitWait(err);
        const wait = limited ?? (!refused(err) && ++g.failures < MAX_ATTEMPTS ? backoffMs(g.failures) : null);
        if (wait === null) {
          g.failures = 0;
          const fault = channelFault(err);
          if (fault) this.o.channelLost(gameId, fault);
          throw err;
        }
        if (limited === null) this.o.log.warn({ gameId, err, attempt: g.failures }, 'a table edit failed; trying again');
        g.dirty = true;
        if (!(await this.lanes.sleep(wait, true))) return;
      }
    }
    // A finished game's last table is up: stored as such (a restart does not show it again), and
    // nothing of it is kept for the rest of the evening.
    if ((g.state?.result || g.abortedBy !== undefined) && !g.dirty) {
      this.forget(gameId);
      if (shown) await this.o.store.tableFinal(gameId);
    }
  }

  private readonly asked = new Map<number, number>();

  /** Whether /fengsheng table may post this game's table again now (once every REPOST_EVERY_MS); counts the request. */
  mayRepost(gameId: number): boolean {
    const now = this.o.store.now();
    const last = this.asked.get(gameId);
    if (last !== undefined && now - last < REPOST_EVERY_MS) return false;
    this.asked.set(gameId, now);
    return true;
  }

  /** Posts the table as a new message (a new game, or /fengsheng table), retiring the old one. */
  repost(gameId: number): Promise<void> {
    return this.repostNow(gameId);
  }

  /** A message appeared in a game's channel: once the table is far up, post it anew. */
  channelMessage(gameId: number, messageId: string): void {
    const info = this.o.store.known(gameId);
    if (!info || messageId === info.tableMessageId) return;
    const g = this.out(gameId);
    if (++g.below < SCROLL_REPOST) return;
    g.below = 0;
    void this.repost(gameId);
  }

  channelMessageGone(gameId: number, messageId: string): void {
    const g = this.out(gameId);
    if (messageId !== this.o.store.known(gameId)?.tableMessageId && g.below > 0) g.below--;
  }

  /** A message to a game's channel, through the outbox. */
  notice(gameId: number, channelId: string, content: string): void {
    this.track(
      this.o.store.owe([{ gameId, kind: 'post', target: channelId, body: noticeBody(content) }]).then(
        () => void this.sender.flush(gameId),
        (err: unknown) => {
          this.o.log.warn({ gameId, err }, 'a notice could not be stored; sent directly');
          this.noticeNow(gameId, channelId, content);
        },
      ),
    );
  }

  /**
   * A notice sent without the outbox: that the database cannot be written (or can again). Storing it
   * would fail, or wait out the lock, which is what it reports.
   */
  noticeNow(gameId: number, channelId: string, content: string): void {
    this.track(
      this.channel(channelId)
        .then(async (c) => (c ? void (await c.send(noticeBody(content))) : this.o.log.warn({ gameId }, 'a notice was not sent: its channel could not be had')))
        .catch((err: unknown) => this.o.log.error({ gameId, err }, 'a notice could not be sent')),
    );
  }

  /** The table in words; a game /fengsheng abort stopped reads as stopped (its `abortedBy`) unless told otherwise. */
  tableMessage(gameId: number, o: { abortedBy?: string; picture?: boolean } = {}) {
    const state = this.stateOf(gameId)!;
    const abortedBy = o.abortedBy ?? this.out(gameId).abortedBy;
    return renderTable(this.o.locale(gameId), view(state, null), {
      gameId,
      ...this.o.seatTags(gameId),
      users: this.o.users.of(gameId),
      decider: decider(state),
      recent: this.out(gameId).log.slice(-RECENT_LINES),
      actions: state.version,
      picture: o.picture ?? true,
      held: this.o.held(gameId),
      ...(abortedBy !== undefined ? { abortedBy } : {}),
    });
  }

  private pictureOf(gameId: number): { input: PictureInput; text: string } {
    const state = this.stateOf(gameId)!;
    const aborted = this.out(gameId).abortedBy !== undefined;
    const input = pictureInput(this.o.locale(gameId), view(state, null), { ...this.o.seatTags(gameId), decider: decider(state) }, aborted);
    return { input, text: pictureText(input) };
  }

  /**
   * The table message with its picture for `messageId` (null: a new message), and the key of the
   * picture the message will then carry (null: none of ours yet). The picture is uploaded only when
   * what it shows changed since the last upload to that message; otherwise the edit leaves the
   * attachment as it is.
   */
  private async tableWithPicture(gameId: number, messageId: string | null) {
    const g = this.out(gameId);
    const { input, text } = this.pictureOf(gameId);
    const key = pictureKey(text);
    const onMessage = messageId !== null && g.picture?.messageId === messageId;
    // Rendered once, in whichever way this edit goes out.
    const words = (picture = true) => ({ ...this.tableMessage(gameId, { picture }), allowedMentions: NO_MENTIONS });
    if (onMessage && g.picture!.key === key) return { key, message: words() };
    // The threads are behind, or this table's picture was drawn too recently: this edit carries the
    // words (the picture already on the message stays; a message without one reads the details in
    // words), and the lane comes back for the picture. Never is an edit held up by the drawings of
    // other games. A finished or stopped game's last picture is drawn at once.
    const last = !!this.stateOf(gameId)!.result || g.abortedBy !== undefined;
    if (!last && (backlog() >= 1 || (onMessage && Date.now() - g.pictureAt < this.o.pictureEveryMs()))) {
      g.pictureBehind = true;
      return onMessage ? { key: g.picture!.key, message: words() } : { key: null, message: words(false) };
    }
    g.pictureAt = Date.now();
    const png = await drawInThread(text);
    // The words as they are once the picture is drawn: moves made meanwhile are not shown late.
    return { key, message: { ...words(), files: [{ attachment: png, name: TABLE_IMAGE, description: describeTable(input) }] } };
  }

  /** Brings the table message up to its game; whether it now shows the newest state (false: its post is owed first). */
  private async editTable(gameId: number): Promise<boolean> {
    const info = this.o.store.known(gameId);
    // An aborted game's table was closed by the abort (abortOwed): not edited back to life, only given its stopped
    // picture by /fengsheng abort. A table posted after its game ended and was forgotten here still gets its last state.
    await this.load(gameId);
    if (!info || (info.status === 'aborted' && this.out(gameId).abortedBy === undefined) || !this.stateOf(gameId)) return false;
    // The table's post is owed: once it is sent, it becomes the table and this lane edits it.
    if (!info.tableMessageId) {
      await this.repostNow(gameId);
      return false;
    }
    try {
      await this.editAt(gameId, info.channelId, info.tableMessageId);
      return true;
    } catch (err) {
      // Someone deleted the table: post it again rather than leave the game without one.
      if (!(err instanceof DiscordAPIError && err.code === UNKNOWN_MESSAGE)) throw err;
      await this.repostNow(gameId);
      return false;
    }
  }

  /**
   * A click on the table was acknowledged as its update (reply.ts): for 15 minutes its token can
   * edit the table through an interaction route, which Discord does not count against the bot's
   * global 50 requests a second. The newest click's token is kept.
   */
  tableClicked(gameId: number, i: Component): void {
    const info = this.o.store.known(gameId);
    if (!info || i.message.id !== info.tableMessageId) return;
    this.out(gameId).token = { applicationId: i.applicationId, token: i.token, messageId: i.message.id, since: this.o.store.now() };
  }

  /** The whole table (picture, buttons) on message `messageId`: through a click's token while one lasts, else as the bot. */
  private async editAt(gameId: number, channelId: string, messageId: string): Promise<void> {
    const g = this.out(gameId);
    const { key, message } = await this.tableWithPicture(gameId, messageId);
    const via = g.token;
    if (via && via.messageId === messageId && tokenFresh(via.since, this.o.store.now())) {
      try {
        await editOriginal(this.o.client.rest, via, message);
        if (key !== null) g.picture = { key, messageId };
        return;
      } catch (err) {
        if (!(err instanceof DiscordAPIError && TOKEN_GONE.has(Number(err.code)))) throw err;
        if (g.token === via) g.token = undefined;
      }
    }
    const channel = await this.channel(channelId, gameId);
    if (!channel) return;
    await channel.messages.edit(messageId, message);
    if (key !== null) g.picture = { key, messageId };
  }

  /**
   * Posts the table at the bottom of its channel, through the outbox: first without buttons, and its
   * id is saved (the old table retired) in the transaction that marks the post sent; only then is it
   * edited into the whole table (by the table's lane: tablePosted marks it out of date). A kill in
   * between leaves no second live table: after a restart the post is sent again with the same
   * nonce, which Discord answers with the message already made. While the post waits (a rate limit,
   * a retry), the old table stays up to date. Resolves once the post is owed, not sent.
   */
  private async repostNow(gameId: number): Promise<void> {
    const info = this.o.store.known(gameId);
    if (!info || !this.stateOf(gameId)) return;
    if (!(await this.o.store.repos.outbox.hasOwed(gameId, 'table'))) {
      const { components: _, ...bare } = this.tableMessage(gameId, { picture: false });
      await this.o.store.owe([{ gameId, kind: 'post', target: info.channelId, purpose: 'table', body: { ...bare, allowedMentions: NO_MENTIONS } }]);
    }
    void this.sender.flush(gameId);
  }

  /** In the transaction that marks a table post sent: its id becomes the game's table, and the old one is retired. */
  private async tablePosted(row: OutboxRow, messageId: string | null): Promise<void> {
    if (messageId === null) return;
    const info = await this.o.store.game(row.gameId);
    if (!info) return;
    const old = info.tableMessageId;
    const now = this.o.store.now();
    await this.o.store.writeTableMessage(row.gameId, messageId);
    const g = this.out(row.gameId);
    g.below = 0;
    g.picture = undefined;
    // The post has no buttons yet: the edit that gives them follows (at once, when repostNow sent it).
    this.tableChanged(row.gameId);
    if (!old || old === messageId) return;
    const l = this.o.locale(row.gameId);
    await this.o.store.repos.outbox.add(
      [{ gameId: row.gameId, kind: 'edit', target: info.channelId, messageId: old, body: { content: t(l, 'table.moved'), embeds: [], components: [], attachments: [] } }],
      now,
    );
  }

  /** The channel, if it takes messages; a game's channel Discord says is unknown or closed to the bot is reported so. */
  async channel(channelId: string, gameId?: number): Promise<SendableChannels | null> {
    const c = await this.o.client.channels.fetch(channelId).catch((err: unknown) => {
      const fault = gameId === undefined ? null : channelFault(err);
      if (fault) this.o.channelLost(gameId!, fault);
      return null;
    });
    return c && c.isSendable() ? c : null;
  }

  forget(gameId: number): void {
    this.games.delete(gameId);
    this.asked.delete(gameId);
  }
}
