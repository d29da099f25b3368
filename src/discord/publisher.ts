// Everything the bot tells Discord about a game after a commit: the public table (one message,
// edits coalesced so a burst of actions is one edit), private events by DM, and notices.
// Work for one game is chained, so messages go out in the order the actions were committed.
import { DiscordAPIError, type Client, type SendableChannels } from 'discord.js';
import { decider, view, type GameEvent, type GameState } from '../engine/index.js';
import { t, type Locale } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { GameStore } from '../store/index.js';
import type { SeatUsers } from './seat-users.js';
import { pictureInput, pictureKey, type PictureInput } from '../picture/input.js';
import { drawInThread } from '../picture/renderer.js';
import { renderTable } from './render/table.js';
import { eventLine, identityText, newLogMemory, secretLine, type LogMemory } from './render/words.js';
import { clipGraphemes } from './clip.js';

export const CANNOT_DM = 50007;
const UNKNOWN_MESSAGE = 10008;
/** Lines of the log the table shows; the whole log (up to LOG_LINES) is one click away. */
const RECENT_LINES = 10;
const LOG_LINES = 1000;
/** The table names players but never notifies them: pings do that (pings.ts). */
const NO_MENTIONS = { parse: [] as never[] };
/** /fengsheng table posts a channel's table again at most this often: it cannot be used to flood the channel. */
export const REPOST_EVERY_MS = 30_000;
/** Messages posted under the table before it is posted anew at the bottom. */
export const SCROLL_REPOST = 15;
/** The table picture's file name on the table message. */
export const TABLE_IMAGE = 'table.png';

interface GameOut {
  chain: Promise<void>;
  dirty: boolean;
  flushing: boolean;
  lastFlush: number;
  /** The public log of the game in words, oldest first (the table shows its end). */
  log: string[];
  memo: LogMemory;
  /** Messages in the channel since the table was posted. */
  below: number;
  /** The picture on the table message: what it shows (pictureKey) and the message it is on. */
  picture?: { key: string; messageId: string };
  /** A picture drawn ahead of its table edit (outside the game's queue). */
  drawn?: { key: string; png: Buffer };
}

export interface PublisherOptions {
  client: Client;
  store: GameStore;
  users: SeatUsers;
  log: Logger;
  /** The language of a game's channel (table, notices). */
  locale: (gameId: number) => Locale;
  /** The language a player is DMed in. */
  userLocale: (guildId: string, userId: string) => Locale;
  /** Least time between two edits of one table message (Discord allows about one a second). */
  editIntervalMs: number;
  /** Seats the bot plays (AI) or plays for an absent owner, for the table's tags. */
  seatTags: (gameId: number) => { ai: number[]; autopilot: number[] };
}

export class Publisher {
  private readonly games = new Map<number, GameOut>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly o: PublisherOptions) {}

  private out(gameId: number): GameOut {
    let g = this.games.get(gameId);
    if (!g) {
      g = { chain: Promise.resolve(), dirty: false, flushing: false, lastFlush: 0, log: [], memo: newLogMemory(), below: 0 };
      this.games.set(gameId, g);
    }
    return g;
  }

  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Resolves when every message queued so far has been sent (or has failed and been logged). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
    return p;
  }

  /** Queues work for one game after everything queued before it (pings use it too). */
  enqueue(gameId: number, work: () => Promise<void>): void {
    const g = this.out(gameId);
    g.chain = this.track(
      g.chain.then(work).catch((err) => this.o.log.error({ gameId, err }, 'publishing to Discord failed')),
    );
  }

  /** Writes the public events in words into the game's log (the table shows its end). */
  noteRecent(gameId: number, l: Locale, events: GameEvent[], state: GameState): void {
    const names = state.players.map((p) => p.name);
    const g = this.out(gameId);
    for (const ev of events) {
      if (ev.to !== 'all') continue;
      const line = eventLine(l, ev, names, state.cards, g.memo);
      if (line) g.log.push(line);
    }
    if (g.log.length > LOG_LINES) g.log.splice(0, g.log.length - LOG_LINES);
  }

  /** The game's public log in words, oldest first. */
  logOf(gameId: number): string[] {
    return this.out(gameId).log;
  }

  /** A commit happened: note its public events, send its private ones, refresh the table. */
  committed(gameId: number, state: GameState, events: GameEvent[]): void {
    const info = this.o.store.game(gameId);
    if (!info) return;
    const l = this.o.locale(gameId);
    const names = state.players.map((p) => p.name);
    this.noteRecent(gameId, l, events, state);
    const users = this.o.users.of(gameId);
    const dms = new Map<string, string[]>();
    for (const ev of events) {
      if (ev.to === 'all') continue;
      for (const seat of ev.to) {
        const userId = users[seat];
        if (!userId) continue;
        // Each player reads their DMs in their own language; the channel reads the table's.
        const line = secretLine(this.o.userLocale(info.guildId, userId), ev, seat, names, state.cards);
        if (!line) continue;
        if (!dms.has(userId)) dms.set(userId, []);
        dms.get(userId)!.push(line);
      }
    }
    // The first DM of a game says where it is and what comes next.
    if (events.some((ev) => ev.type === 'gameStart')) {
      const link = `https://discord.com/channels/${info.guildId}/${info.channelId}`;
      users.forEach((userId) => {
        if (!userId) return;
        const ul = this.o.userLocale(info.guildId, userId);
        dms.set(userId, [t(ul, state.chars ? 'dm.welcomeChars' : 'dm.welcome', { link }), ...(dms.get(userId) ?? [])]);
      });
    }
    // The end: each player is told privately how they did.
    if (state.result) {
      const final = view(state, null);
      const link = `https://discord.com/channels/${info.guildId}/${info.channelId}`;
      users.forEach((userId, seat) => {
        if (!userId) return;
        const ul = this.o.userLocale(info.guildId, userId);
        const r = state.result!;
        const p = final.players[seat];
        const key = r.draw ? 'result.draw' : r.winners.includes(seat) || r.alongside?.includes(seat) ? 'result.win' : 'result.lose';
        const line = t(ul, key, {
          identity: p.identity ? identityText(ul, p.identity) : '?',
          character: p.character ? t(ul, 'result.character', { character: p.character }) : '',
        });
        if (!dms.has(userId)) dms.set(userId, []);
        dms.get(userId)!.push(line, t(ul, 'result.link', { link }));
      });
    }
    for (const [userId, lines] of dms) this.enqueue(gameId, () => this.dm(gameId, info.channelId, userId, lines.join('\n'), l));
    this.tableChanged(gameId);
  }

  /** /fengsheng abort stopped a running game: its table closes (no buttons) and the channel is told who stopped it. */
  aborted(gameId: number, by: string): Promise<void> {
    return new Promise((resolve) =>
      this.enqueue(gameId, async () => {
        try {
          const info = this.o.store.game(gameId);
          const channel = info && (await this.channel(info.channelId));
          if (!info || !channel) return;
          const body = { ...this.tableMessage(gameId, by), allowedMentions: NO_MENTIONS };
          const edited = info.tableMessageId ? await channel.messages.edit(info.tableMessageId, body).then(() => true, () => false) : false;
          if (!edited) await channel.send(body);
          await channel.send({ content: t(this.o.locale(gameId), 'lobby.abortedGame', { who: `<@${by}>` }), allowedMentions: NO_MENTIONS });
        } finally {
          resolve();
        }
      }),
    );
  }

  /** Marks the table out of date; one edit covers every change made before it goes out. */
  tableChanged(gameId: number): void {
    const g = this.out(gameId);
    g.dirty = true;
    if (g.flushing) return;
    g.flushing = true;
    const wait = Math.max(0, g.lastFlush + this.o.editIntervalMs - Date.now());
    this.track(
      new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => {
        g.flushing = false;
        if (!g.dirty) return;
        g.dirty = false;
        g.lastFlush = Date.now();
        return this.drawAhead(gameId)
          .catch((err) => this.o.log.error({ gameId, err }, 'drawing the table picture failed'))
          .then(() => this.enqueue(gameId, () => this.editTable(gameId)));
      }),
    );
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
    return new Promise((resolve) => this.enqueue(gameId, () => this.repostNow(gameId).finally(resolve)));
  }

  /** A message appeared in a game's channel: once the table is far up, post it anew. */
  channelMessage(gameId: number, messageId: string): void {
    const info = this.o.store.game(gameId);
    if (!info || messageId === info.tableMessageId) return;
    const g = this.out(gameId);
    if (++g.below < SCROLL_REPOST) return;
    g.below = 0;
    void this.repost(gameId);
  }

  channelMessageGone(gameId: number, messageId: string): void {
    const g = this.out(gameId);
    if (messageId !== this.o.store.game(gameId)?.tableMessageId && g.below > 0) g.below--;
  }

  notice(gameId: number, channelId: string, content: string): void {
    this.enqueue(gameId, async () => {
      const channel = await this.channel(channelId);
      await channel?.send({ content, allowedMentions: { parse: ['users'] } });
    });
  }

  tableMessage(gameId: number, abortedBy?: string) {
    const info = this.o.store.game(gameId)!;
    const state = this.o.store.state(gameId)!;
    const tags = this.o.seatTags(gameId);
    return renderTable(this.o.locale(gameId), view(state, null), {
      gameId,
      ai: tags.ai,
      autopilot: tags.autopilot,
      users: this.o.users.of(gameId),
      decider: decider(state),
      recent: this.out(gameId).log.slice(-RECENT_LINES),
      actions: state.version,
      picture: true,
      ...(abortedBy !== undefined ? { abortedBy } : {}),
    });
  }

  private pictureOf(gameId: number): { input: PictureInput; key: string } {
    const state = this.o.store.state(gameId)!;
    const input = pictureInput(this.o.locale(gameId), view(state, null), { ...this.o.seatTags(gameId), decider: decider(state) });
    return { input, key: pictureKey(input) };
  }

  /**
   * Draws the picture a coming table edit will need, before that edit joins the game's queue, so
   * the queue (panel edits, DMs) never waits on a drawing.
   */
  private async drawAhead(gameId: number): Promise<void> {
    if (!this.o.store.game(gameId) || !this.o.store.state(gameId)) return;
    const g = this.out(gameId);
    const { input, key } = this.pictureOf(gameId);
    if (g.picture?.key === key || g.drawn?.key === key) return;
    g.drawn = { key, png: await drawInThread(input) };
  }

  /**
   * The table message with its picture for `messageId` (null: a new message). The picture is
   * uploaded only when what it shows changed since the last upload to that message; otherwise the
   * edit leaves the attachment as it is.
   */
  private async tableWithPicture(gameId: number, messageId: string | null) {
    const g = this.out(gameId);
    const { input, key } = this.pictureOf(gameId);
    const message = { ...this.tableMessage(gameId), allowedMentions: NO_MENTIONS };
    if (messageId !== null && g.picture?.messageId === messageId && g.picture.key === key) return { key, message };
    const png = g.drawn?.key === key ? g.drawn.png : await drawInThread(input);
    g.drawn = undefined;
    return { key, message: { ...message, files: [{ attachment: png, name: TABLE_IMAGE }] } };
  }

  private async editTable(gameId: number): Promise<void> {
    const info = this.o.store.game(gameId);
    if (!info) return;
    if (!info.tableMessageId) return void (await this.repostNow(gameId));
    const channel = await this.channel(info.channelId);
    if (!channel) return;
    try {
      const { key, message } = await this.tableWithPicture(gameId, info.tableMessageId);
      await channel.messages.edit(info.tableMessageId, message);
      this.out(gameId).picture = { key, messageId: info.tableMessageId };
    } catch (err) {
      // Someone deleted the table: post it again rather than leave the game without one.
      if (err instanceof DiscordAPIError && err.code === UNKNOWN_MESSAGE) await this.repostNow(gameId);
      else throw err;
    }
  }

  /** Posts the table at the bottom of its channel and retires the old message, if it still exists. */
  private async repostNow(gameId: number): Promise<void> {
    const info = this.o.store.game(gameId);
    const channel = info && (await this.channel(info.channelId));
    if (!info || !channel) return;
    const old = info.tableMessageId;
    const { key, message } = await this.tableWithPicture(gameId, null);
    const msg = await channel.send(message);
    this.out(gameId).picture = { key, messageId: msg.id };
    await this.o.store.setTableMessage(gameId, msg.id);
    this.out(gameId).below = 0;
    if (old) {
      const l = this.o.locale(gameId);
      await channel.messages.edit(old, { content: t(l, 'table.moved'), embeds: [], components: [], attachments: [] }).catch(() => undefined);
    }
  }

  /** A DM to a player; a player whose DMs are closed is told once in the channel. */
  async dm(gameId: number, channelId: string, userId: string, content: string, l: Locale): Promise<void> {
    try {
      const user = await this.o.client.users.fetch(userId);
      await user.send({ content: clipGraphemes(content, 2000) });
    } catch (err) {
      if (!(err instanceof DiscordAPIError && err.code === CANNOT_DM)) throw err;
      if (!this.o.store.prefs.markToldDmsClosed(gameId, userId)) return;
      this.o.log.info({ gameId, userId }, 'DMs closed; told the player in the channel');
      const channel = await this.channel(channelId);
      await channel?.send({ content: t(l, 'dm.failed', { mention: `<@${userId}>` }), allowedMentions: { users: [userId] } });
    }
  }

  async channel(channelId: string): Promise<SendableChannels | null> {
    const c = await this.o.client.channels.fetch(channelId).catch(() => null);
    return c && c.isSendable() ? c : null;
  }

  forget(gameId: number): void {
    this.games.delete(gameId);
    this.asked.delete(gameId);
  }
}
