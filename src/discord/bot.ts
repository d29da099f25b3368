// The Discord layer: interactions in, engine actions through the store, messages out. It holds
// no game rules; the engine decides what is legal, the store commits before anyone is told. The
// Bot wires the client's events to the router (handlers/*.ts do the work) and each commit to the
// parts (commits.ts), and starts and stops. Its parts are made in parts.ts.
import { GatewayDispatchEvents, type Client, type GatewayMessageDeleteDispatchData } from 'discord.js';
import type { Logger } from '../log.js';
import type { DeadlineScheduler, GameStore, LobbiesRepo } from '../store/index.js';
import { channelGame, channelGone, followCommit, resumeGames } from './commits.js';
import type { Context } from './context.js';
import { HANDLERS } from './handlers/index.js';
import { http } from './client.js';
import { BotREST } from './http/rest.js';
import type { ThreadWatch } from './http/thread.js';
import type { Locales } from './locales.js';
import type { Panels } from './outbound/panels.js';
import type { Pings } from './outbound/pings.js';
import { tellOwner } from './outbound/owner.js';
import type { Publisher } from './outbound/publisher.js';
import { assemble, type BotOptions } from './parts.js';
import { Router } from './router.js';
import type { AiSeats } from './seats/ai-seats.js';
import type { Drivers } from './seats/drivers.js';
import type { SeatUsers } from './session/seat-users.js';
import type { Sessions } from './session/sessions.js';

export type { BotOptions } from './parts.js';

/** What the bot logs for each interaction its HTTP thread acknowledged because the event loop had not (the load scripts count it). */
export const LATE_ACK_LOG = 'an interaction the event loop left unanswered was acknowledged by the HTTP thread';

/** Whether a message of the game's channel came after its table message (Discord's ids grow with time). */
function postedAfterTable(ctx: Context, gameId: number, messageId: string): boolean {
  const table = ctx.store.known(gameId)?.tableMessageId;
  return !table || BigInt(messageId) > BigInt(table);
}

export class Bot {
  readonly client: Client;
  readonly store: GameStore;
  readonly lobbies: LobbiesRepo;
  readonly log: Logger;
  readonly sessions: Sessions;
  readonly locales: Locales;
  readonly publisher: Publisher;
  readonly drivers: Drivers;
  readonly panels: Panels;
  readonly pings: Pings;
  readonly timers: DeadlineScheduler;
  /** The parts every handler gets (the Activity, src/activity, follows the same ones). */
  readonly ctx: Context;
  private readonly ai: AiSeats;
  private readonly router: Router;
  private readonly inFlight = new Set<Promise<unknown>>();
  private unsubscribe: (() => void) | null = null;
  private stopping = false;
  private readonly mayAnswer: (() => boolean) | undefined;
  /** Logs each interaction the HTTP thread acknowledged because the event loop had not: a process past its size, or a stall. */
  private readonly lateAcks: ThreadWatch = {
    kept: (ms) => this.log.info({ lateMs: ms }, LATE_ACK_LOG),
  };

  constructor(o: BotOptions) {
    const { ctx, ai, timers } = assemble(o);
    this.ctx = ctx;
    this.ai = ai;
    this.timers = timers;
    ({ client: this.client, store: this.store, lobbies: this.lobbies, log: this.log, sessions: this.sessions, locales: this.locales } = ctx);
    ({ publisher: this.publisher, drivers: this.drivers, panels: this.panels, pings: this.pings } = ctx);
    this.router = new Router(ctx, HANDLERS, { onAck: o.onAck, discordNow: o.discordNow });
    this.mayAnswer = o.mayAnswer;
  }

  /** Who sits where, per game (the sessions'). */
  get users(): SeatUsers {
    return this.sessions.users;
  }

  /** Wires the client and resumes every game the store recovered. Call before client.login. */
  start(): void {
    const ctx = this.ctx;
    // Clicks the event loop leaves unanswered for 2 s are acknowledged by the HTTP thread (router.ts keptClicks).
    if (this.client.rest instanceof BotREST && this.client.rest.keepClicks(this.router.keptClicks())) http.watchers.add(this.lateAcks);
    this.client.on('interactionCreate', (i) => {
      if (this.stopping) return;
      // Leases that may have lapsed: another process may own the shard and answer this one.
      if (this.mayAnswer && !this.mayAnswer()) return void this.log.warn({ interaction: i.id, guildId: i.guildId }, 'an interaction while the shard leases may have lapsed; left to their new holder');
      this.track(this.router.route(i));
    });
    this.client.on('error', (err) => this.log.error({ err }, 'discord client error'));
    this.client.on('messageCreate', (m) => this.track(channelGame(ctx, m.guildId, m.channelId).then((gameId) => gameId !== null && this.publisher.channelMessage(gameId, m.id))));
    // A deleted message (an old ping) no longer buries the table: one posted after it (ids grow with time).
    // Heard from the gateway's packet itself (its id, channel and server): the bot caches no message, and
    // asking discord.js for partial messages made one for every MESSAGE_UPDATE too (each table edit).
    this.client.ws.on(GatewayDispatchEvents.MessageDelete, (m: GatewayMessageDeleteDispatchData) =>
      this.track(
        channelGame(ctx, m.guild_id ?? null, m.channel_id).then((gameId) => gameId !== null && postedAfterTable(ctx, gameId, m.id) && this.publisher.channelMessageGone(gameId, m.id)),
      ),
    );
    // A game's channel or thread deleted: the game stops (and its players are told by DM).
    this.client.on('channelDelete', (c) => {
      if (!c.isDMBased()) this.track(channelGone(ctx, c.guildId, c.id));
    });
    this.client.on('threadDelete', (c) => this.track(channelGone(ctx, c.guildId, c.id)));
    // What may change whether the bot may post in a channel: held games of that server look again.
    this.client.on('channelUpdate', (_, c) => {
      if (!c.isDMBased()) ctx.holds.changed(c.guildId);
    });
    this.client.on('threadUpdate', (_, c) => ctx.holds.changed(c.guildId));
    this.client.on('roleUpdate', (_, r) => ctx.holds.changed(r.guild.id));
    this.client.on('guildMemberUpdate', (_, m) => {
      if (m.id === this.client.user?.id) ctx.holds.changed(m.guild.id);
    });
    // The hourly check found the database file damaged: whoever runs the bot is told by DM (and the log).
    this.store.whenDamaged((report) => this.track(tellOwner(this.client, this.log, (id) => this.sessions.flags.localeOf(id), report)));
    this.unsubscribe = this.store.subscribe((c) => {
      const waiting = this.sessions.whenReady(c.gameId, () => followCommit(ctx, c));
      if (waiting) this.track(waiting);
    });
    // Deadlines are run, and what games owe is sent, only once the client is ready: a timeout that
    // commits before the guilds are known would owe pings to channels discord.js cannot send to yet.
    this.client.once('clientReady', () => {
      void this.timers.start();
      this.track(resumeGames(ctx));
    });
  }

  private track(p: Promise<unknown>): void {
    this.inFlight.add(p);
    // A failure (the database unreachable for a moment: a failover) is logged, never left unhandled.
    void p.catch((err: unknown) => this.log.warn({ err }, 'a Discord event could not be handled')).finally(() => this.inFlight.delete(p));
  }

  /** Resolves when no interaction, bot seat or message is still being worked on. */
  async idle(): Promise<void> {
    for (let k = 0; k < 100; k++) {
      if (!this.inFlight.size && !this.publisher.busy && !this.drivers.busy && !this.panels.busy && !this.ctx.holds.busy) return;
      await Promise.allSettled([...this.inFlight]);
      await this.ctx.holds.idle();
      await this.drivers.idle();
      await this.publisher.idle();
      await this.panels.idle();
    }
  }

  /** SIGINT/SIGTERM: finish the action in flight, stop the timers, close the database. */
  async stop(): Promise<void> {
    this.stopping = true;
    // What comes now is not answered (start: interactionCreate): nor is it acknowledged by the HTTP thread, so the player is told it failed.
    http.watchers.delete(this.lateAcks);
    if (this.client.rest instanceof BotREST) this.client.rest.keepClicks(null);
    this.timers.stop();
    this.drivers.stop();
    this.ctx.holds.stop();
    this.ctx.pauses.stop();
    await this.ai.close();
    this.unsubscribe?.();
    await Promise.allSettled([...this.inFlight]);
    await this.publisher.stop();
    await this.store.close();
    await this.client.destroy();
  }
}
