// Delivers the outbox (src/store/outbox.ts): the messages a commit owes, after the commit and
// again after a restart. A create goes out with the row's nonce and enforce_nonce, so however often
// it is retried (discord.js's own retries after a 5xx, ours after back-off, a new process after a
// kill) Discord makes one message. A row is marked sent, together with whatever its delivery settles
// (the game's table message id, a ping's id), in one transaction. A 5xx or a network failure is
// retried with back-off; a DM that cannot be delivered (closed DMs, or the retries ran out) makes
// the channel tell the player once a game.
//
// Each target (a channel, a player's DMs) has a lane of its own (lanes.ts): rows to one target go
// out in the order they were owed, and a target Discord holds (a 429, a back-off) holds nobody else.
// A rate limit is waited out in the lane on the wall clock, not counted as a failure; a row that
// went stale meanwhile (a ping whose decision has ended) is dropped rather than sent late; and a ping
// is checked and posted with its game's commits held (HOLD_COMMITS_MS at most), so the answer that
// ends its decision cannot commit between the check and the post and find the ping after it. But a
// stale post that may already have been made (an attempt whose answer was lost, or a row owed
// before this process started: the last one may have died between the request and marking it sent)
// is sent again with its nonce, silently: Discord answers with the message it made then (or makes a
// silent one), and that message is deleted. So a kill never leaves a ping up.
import { DiscordAPIError, HTTPError, MessageFlags, Routes, type Client, type MessageCreateOptions, type RESTPostAPIChannelMessageJSONBody, type SendableChannels } from 'discord.js';
import { t, type Locale } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import { heldBack, type GameStore, type OutboxRow, type Repos, type TimerHost } from '../../store/index.js';
import { channelFault, UNKNOWN_CHANNEL } from './holds.js';
import { rateLimitWait, refused, type Lanes } from './lanes.js';

export const CANNOT_DM = 50007;
const UNKNOWN_MESSAGE = 10008;
/** What a row is for, as its hooks are registered (`ping` of `ping:12:warn`); '' for a row with no purpose. */
const kindOf = (row: OutboxRow): string => row.purpose?.split(':')[0] ?? '';
/** Attempts of one row before it is given up (each is up to four requests: discord.js retries a 5xx three times). */
export const MAX_ATTEMPTS = 8;
/**
 * The longest a row dropped when a commit makes it stale (a ping: `dropWhen`'s `byCommits`) holds its
 * game's next commit while it is checked and sent: so a ping never lands after the answer that ended
 * its decision, while a request Discord is slow to answer holds the game's clicks no longer than this.
 */
export const HOLD_COMMITS_MS = 500;
/** The wait after the n-th failed attempt: 1 s, doubling, at most a minute (about two minutes in all). */
export const backoffMs = (attempts: number): number => Math.min(60_000, 1000 * 2 ** (attempts - 1));

export interface SenderOptions {
  client: Client;
  store: GameStore;
  log: Logger;
  timers: TimerHost;
  /** The publisher's lanes, one per destination. */
  lanes: Lanes;
  /** The language of a game's channel. */
  locale: (gameId: number) => Locale;
  /** Discord said a game's channel was deleted (gone) or may no longer be posted in by the bot (shut). */
  channelLost: (gameId: number, fault: 'gone' | 'shut') => void;
}

/** Called inside the transaction that marks a row sent (tx), with the message it made. */
export type Settle = (tx: Repos, row: OutboxRow, messageId: string | null) => Promise<void>;
/** Whether a row is no longer worth sending (checked each time it is about to go out). */
export type Stale = (row: OutboxRow) => boolean;
/** Called inside the transaction that gives a row up (tx): what is owed instead. */
export type GivenUp = (tx: Repos, row: OutboxRow) => Promise<void>;

class GiveUp extends Error {}

export class OutboxSender {
  private readonly settles = new Map<string, Settle>();
  private readonly stales = new Map<string, Stale>();
  /** Prefixes whose rows a commit of their game makes stale: checked and sent with its commits held (HOLD_COMMITS_MS). */
  private readonly byCommits = new Set<string>();
  private readonly givenUps = new Map<string, GivenUp>();
  private readonly wakes = new Map<number, { at: number; handle: unknown }>();
  /** Games whose owed rows the database would not read or mark, in a row: their back-off. */
  private readonly storeFailures = new Map<number, number>();
  private stopped = false;
  /** Rows owed until this (the same millisecond too, to be safe) may have been sent by the process before this one. */
  private readonly startedAt: number;

  constructor(private readonly o: SenderOptions) {
    this.startedAt = o.timers.now();
  }

  /** `settle` runs for every row whose purpose is `prefix` or starts with `prefix:`. */
  onSettle(prefix: string, settle: Settle): void {
    this.settles.set(prefix, settle);
  }

  /** `givenUp` runs, in the transaction that gives it up, for every row whose purpose is `prefix` or starts with `prefix:`. */
  onGiveUp(prefix: string, givenUp: GivenUp): void {
    this.givenUps.set(prefix, givenUp);
  }

  /**
   * Rows whose purpose is `prefix` (or starts with `prefix:`) are dropped, unsent, once `stale` says so.
   * `byCommits`: only a commit of the row's game can make it stale, so none may commit between the check and the request.
   */
  dropWhen(prefix: string, stale: Stale, byCommits = false): void {
    this.stales.set(prefix, stale);
    if (byCommits) this.byCommits.add(prefix);
  }

  /** Delivers what the game owes, each target in its own lane; resolves when every lane with something due has started. */
  flush(gameId: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return this.o.lanes.kick(`owed:${gameId}`, () => this.sweep(gameId));
  }

  /** At start-up: every game with messages still owed, finished and aborted ones too. */
  async resume(): Promise<void> {
    for (const gameId of await this.o.store.repos.outbox.owedGames()) void this.flush(gameId);
  }

  stop(): void {
    this.stopped = true;
    for (const w of this.wakes.values()) this.o.timers.clearTimeout(w.handle);
    this.wakes.clear();
  }

  /**
   * The database would not read or mark a game's owed rows (a failover, a lock held too long): the
   * game is swept again after a back-off, without waiting for its next commit, which may never come
   * (a player who was never pinged does not move).
   */
  private storeFailed(gameId: number, err: unknown): void {
    const n = (this.storeFailures.get(gameId) ?? 0) + 1;
    this.storeFailures.set(gameId, n);
    if (n === 1) this.o.log.warn({ gameId, err }, 'owed messages could not be read or marked; trying again after a back-off');
    this.wakeAt(gameId, this.o.timers.now() + backoffMs(n));
  }

  /** Starts the lane of every target the game owes something due; sets a wake-up for rows in back-off. */
  private async sweep(gameId: number): Promise<void> {
    const now = this.o.timers.now();
    let rows: OutboxRow[];
    try {
      rows = await this.o.store.repos.outbox.owed(gameId);
    } catch (err) {
      return this.storeFailed(gameId, err);
    }
    // The database answers again: a game with nothing more owed keeps no back-off.
    this.storeFailures.delete(gameId);
    const seen = new Set<string>();
    let wake: number | null = null;
    for (const r of rows) {
      if (seen.has(r.target)) continue;
      if (r.nextAt > now) wake = wake === null ? r.nextAt : Math.min(wake, r.nextAt);
      // A row owed later on purpose lets the rows after it go.
      if (heldBack(r, now)) continue;
      seen.add(r.target);
      // The first row owed to a target decides: a later one never overtakes it (one in back-off holds them).
      if (r.nextAt <= now) void this.o.lanes.kick(`to:${gameId}:${r.target}`, () => this.deliverTo(gameId, r.target));
    }
    if (wake !== null) this.wakeAt(gameId, wake);
  }

  /** Delivers the rows owed to one target, in order, until none is due. */
  private async deliverTo(gameId: number, target: string): Promise<void> {
    try {
      await this.deliverAll(gameId, target);
      this.storeFailures.delete(gameId);
    } catch (err) {
      // What escapes is the database's (Discord's answers are settled in deliver): sent rows stay owed, and go again with their nonce.
      this.storeFailed(gameId, err);
    }
  }

  private async deliverAll(gameId: number, target: string): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const now = this.o.timers.now();
      const row = await this.o.store.repos.outbox.nextOwedTo(gameId, target, now);
      if (!row) return;
      if (row.nextAt > now) return this.wakeAt(gameId, row.nextAt);
      const result = this.byCommits.has(kindOf(row)) ? await this.holdingCommits(gameId, () => this.attempt(row)) : await this.attempt(row);
      if (result === 'sent') continue;
      if (result === 'later') return;
      // Rate-limited: wait in this lane only, then look again (the row may have gone stale).
      if (!(await this.o.lanes.sleep(result.wait, true))) return;
    }
  }

  /** The row dropped if it went stale, else one attempt at it (deliver). */
  private async attempt(row: OutboxRow): Promise<'sent' | 'later' | { wait: number }> {
    const stale = this.stales.get(kindOf(row))?.(row) ?? false;
    const retract = stale && row.kind === 'post' && (row.attempts > 0 || row.createdAt <= this.startedAt);
    if (!stale || retract) return this.deliver(row, retract);
    await this.settle(row, null);
    return 'sent';
  }

  /** `work`'s result, with the game's commits held until it settles or HOLD_COMMITS_MS have passed. */
  private holdingCommits<T>(gameId: number, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      void this.o.store.beforeNextAction(
        gameId,
        () =>
          new Promise<void>((release) => {
            const handle = this.o.timers.setTimeout(release, HOLD_COMMITS_MS);
            work()
              .then(resolve, reject)
              .finally(() => {
                this.o.timers.clearTimeout(handle);
                release();
              });
          }),
      );
    });
  }

  private wakeAt(gameId: number, at: number): void {
    const w = this.wakes.get(gameId);
    if (w && w.at <= at) return;
    if (w) this.o.timers.clearTimeout(w.handle);
    const handle = this.o.timers.setTimeout(() => {
      this.wakes.delete(gameId);
      void this.flush(gameId);
    }, Math.max(0, at - this.o.timers.now()));
    this.wakes.set(gameId, { at, handle });
  }

  /**
   * One attempt at one row: sent (or settled otherwise), later (a back-off is stored), or a rate limit's
   * wait. `retract`: a stale post that may have been made, sent silently with its nonce and deleted.
   */
  private async deliver(row: OutboxRow, retract = false): Promise<'sent' | 'later' | { wait: number }> {
    let messageId: string | null;
    try {
      messageId = await this.send(row, retract);
    } catch (err) {
      const wait = rateLimitWait(err);
      if (wait !== null) return { wait };
      const status = err instanceof DiscordAPIError || err instanceof HTTPError ? err.status : null;
      const code = err instanceof DiscordAPIError ? err.code : null;
      // An edit or delete of a message someone deleted has nothing left to do.
      if (code === UNKNOWN_MESSAGE && (row.kind === 'edit' || row.kind === 'delete')) {
        await this.settle(row, null);
        return 'sent';
      }
      const fault = row.kind === 'dm' ? null : channelFault(err);
      if (fault) this.o.channelLost(row.gameId, fault);
      const attempts = row.attempts + 1;
      // A 4xx (closed DMs, a channel gone, missing access) will not change by trying again; a 5xx or a lost connection may.
      const lasting = err instanceof GiveUp || refused(err);
      if (lasting || attempts >= MAX_ATTEMPTS) {
        this.o.log.warn({ gameId: row.gameId, outbox: row.id, kind: row.kind, status, code, attempts }, 'a message could not be delivered; given up');
        await this.giveUp(row);
        return 'sent';
      }
      const at = this.o.timers.now() + backoffMs(attempts);
      this.o.log.warn({ gameId: row.gameId, outbox: row.id, kind: row.kind, status, code, attempts }, 'a message could not be delivered; retrying later');
      await this.o.store.repos.outbox.retryAt(row.id, attempts, at);
      this.wakeAt(row.gameId, at);
      return 'later';
    }
    if (retract) await this.retract(row, messageId);
    else await this.settle(row, messageId);
    return 'sent';
  }

  /** A stale post's message, made now or before, is owed a delete; its own hook does not run (it is nobody's ping). */
  private async retract(row: OutboxRow, messageId: string | null): Promise<void> {
    await this.o.store.transaction(async (tx) => {
      const now = this.o.timers.now();
      await tx.outbox.sent(row.id, null, now);
      if (messageId) await tx.outbox.add([{ gameId: row.gameId, kind: 'delete', target: row.target, messageId, body: null }], now);
    });
    this.o.log.info({ gameId: row.gameId, outbox: row.id }, 'a stale message that may have been posted is deleted');
    void this.flush(row.gameId);
  }

  private async settle(row: OutboxRow, messageId: string | null): Promise<void> {
    const hook = this.settles.get(kindOf(row));
    await this.o.store.transaction(async (tx) => {
      await tx.outbox.sent(row.id, messageId, this.o.timers.now());
      await hook?.(tx, row, messageId);
    });
    // A hook may owe more (the old table retired, a ping replaced meanwhile deleted), to other targets.
    if (hook) void this.flush(row.gameId);
  }

  /** The row is given up; a player whose DM it was is told in the channel, once a game. */
  private async giveUp(row: OutboxRow): Promise<void> {
    const info = await this.o.store.game(row.gameId);
    await this.o.store.transaction(async (tx) => {
      const now = this.o.timers.now();
      await tx.outbox.failed(row.id, now);
      await this.givenUps.get(kindOf(row))?.(tx, row);
      if (row.kind !== 'dm' || !(await tx.prefs.markToldDmsClosed(row.gameId, row.target))) return;
      if (!info) return;
      const content = t(this.o.locale(row.gameId), 'dm.failed', { mention: `<@${row.target}>` });
      await tx.outbox.add([{ gameId: row.gameId, kind: 'post', target: info.channelId, body: { content, allowedMentions: { users: [row.target] } } }], now);
      this.o.log.info({ gameId: row.gameId, userId: row.target }, 'a DM could not be delivered; the player is told in the channel');
    });
    // The channel's notice is a row to another target: its lane.
    void this.flush(row.gameId);
  }

  /** The request itself; the id of the message made, for a dm or post. `silent`: its words only, notifying nobody. */
  private async send(row: OutboxRow, silent = false): Promise<string | null> {
    const body = row.body as MessageCreateOptions;
    if (row.kind === 'dm') return this.dm(row.target, { content: body.content ?? '', nonce: row.nonce, enforce_nonce: true, ...(silent && { allowed_mentions: { parse: [] }, flags: MessageFlags.SuppressNotifications }) });
    const nonced: MessageCreateOptions = silent
      ? { content: body.content ?? '', allowedMentions: { parse: [] }, flags: MessageFlags.SuppressNotifications, nonce: row.nonce, enforceNonce: true }
      : { ...body, nonce: row.nonce, enforceNonce: true };
    const channel = await this.channel(row.target);
    if (!channel) throw new GiveUp(`channel ${row.target} cannot take messages`);
    if (row.kind === 'post') return (await channel.send(nonced)).id;
    if (row.kind === 'edit') await channel.messages.edit(row.messageId!, row.body as never);
    else await channel.messages.delete(row.messageId!);
    return null;
  }

  /**
   * A DM (owed.ts: words alone), posted to the player's DM channel as stored: Discord keeps that
   * channel for good, so after a restart a DM is one request, not three (the user fetched, the channel
   * opened again, the message). The channel is opened, and stored, when none is known or Discord no
   * longer knows the one stored.
   */
  private async dm(userId: string, body: RESTPostAPIChannelMessageJSONBody): Promise<string> {
    const prefs = this.o.store.repos.prefs;
    const post = async (channelId: string) => ((await this.o.client.rest.post(Routes.channelMessages(channelId), { body })) as { id: string }).id;
    const stored = await prefs.dmChannel(userId);
    if (stored) {
      try {
        return await post(stored);
      } catch (err) {
        if (!(err instanceof DiscordAPIError && err.code === UNKNOWN_CHANNEL)) throw err;
      }
    }
    const channel = await this.o.client.users.createDM(userId);
    if (channel.id !== stored) await prefs.setDmChannel(userId, channel.id, this.o.timers.now());
    return post(channel.id);
  }

  /** The channel to send to (a 4xx fetching it, such as Unknown Channel, is the request's answer); null when it takes no messages. */
  private async channel(channelId: string): Promise<SendableChannels | null> {
    const c = await this.o.client.channels.fetch(channelId);
    return c && c.isSendable() ? c : null;
  }
}
