// Games held because the bot may no longer post in their channel: Discord answered Missing Access
// (查看频道 taken) or Missing Permissions (发送消息 taken) to a message of the game's channel. A held
// game takes no move and runs no timer (store.holdGame), and each of its players is told once by DM.
// When the bot may post there again (looked up in discord.js's cache whenever Discord says a channel,
// role or the bot's member changed, and every HOLD_CHECK_MS) the game goes on, its decision's clock
// started again (the engine's resume). Held HOLD_LIMIT_MS, it is stopped without a result.
import { DiscordAPIError } from 'discord.js';
import type { Logger } from '../../log.js';
import type { GameStore, Owed, TimerHost } from '../../store/index.js';

/** How long a held game waits for its channel before it is stopped (README: the bot's permissions). */
export const HOLD_LIMIT_MS = 15 * 60_000;
/** How often held games look at their channel's permissions again, besides Discord's updates. */
export const HOLD_CHECK_MS = 60_000;

const MISSING_ACCESS = 50001;
const MISSING_PERMISSIONS = 50013;
export const UNKNOWN_CHANNEL = 10003;

/** What Discord's answer to a request in a game's channel says of the channel: deleted, closed to the bot, or neither. */
export function channelFault(err: unknown): 'gone' | 'shut' | null {
  if (!(err instanceof DiscordAPIError)) return null;
  if (err.code === UNKNOWN_CHANNEL) return 'gone';
  return err.code === MISSING_ACCESS || err.code === MISSING_PERMISSIONS ? 'shut' : null;
}

export interface HoldsOptions {
  store: GameStore;
  timers: TimerHost;
  log: Logger;
  /** Whether the bot may post (see, send, embed, attach) in the game's channel now, as discord.js's cache has it. */
  canPost(guildId: string, channelId: string): boolean;
  /** The DMs that tell the game's players it is held. */
  heldDms(gameId: number): Owed[];
  /** Shows the hold: the table says so, and what the game owes (the DMs) is sent. */
  deliver(gameId: number): Promise<void>;
  /** The game went on (no longer held): its channel is told, its table redrawn. */
  resumed(gameId: number): void;
  /** Held too long: the game is stopped without a result, its players told. */
  abandon(gameId: number): Promise<void>;
}

export class Holds {
  /** Held games this process drives: since when, and the timer of their limit. */
  private readonly held = new Map<number, { since: number; limit: unknown }>();
  private check: unknown = null;
  /** Work started by Discord's answers and by timers, for idle(). */
  private readonly work = new Set<Promise<unknown>>();

  constructor(private readonly o: HoldsOptions) {}

  has(gameId: number): boolean {
    return this.held.has(gameId);
  }

  get busy(): boolean {
    return this.work.size > 0;
  }

  async idle(): Promise<void> {
    while (this.work.size) await Promise.allSettled([...this.work]);
  }

  private track(p: Promise<unknown>, what: string, gameId?: number): void {
    const q = p.catch((err: unknown) => this.o.log.error({ gameId, err }, what));
    this.work.add(q);
    void q.finally(() => this.work.delete(q));
  }

  /** Discord refused a message of the game's channel as one the bot may not post: the game is held (once). */
  shut(gameId: number): void {
    if (!this.held.has(gameId)) this.track(this.hold(gameId), 'could not hold a game whose channel is closed to the bot', gameId);
  }

  private async hold(gameId: number): Promise<void> {
    if (!(await this.o.store.holdGame(gameId, () => this.o.heldDms(gameId)))) return;
    this.o.log.warn({ gameId }, "the bot may not post in the game's channel; the game is held");
    this.arm(gameId, this.o.timers.now());
    await this.o.deliver(gameId);
  }

  /**
   * At start-up, before the games' tables are redrawn: the games held when the last process stopped
   * wait on, the time they were held counted (`changed()` then looks at their channels).
   */
  async restore(): Promise<void> {
    for (const { id, since } of await this.o.store.repos.games.held()) if (!this.held.has(id)) this.arm(id, since);
  }

  /** Discord said something changed in a server (a channel, a role, the bot's member; all: undefined): its held games look again. */
  changed(guildId?: string): void {
    if (this.held.size) this.track(this.recheck(guildId), 'held games could not look at their channels');
  }

  /** Held games of the guild (all: undefined) whose channel the bot may post in again go on. */
  private async recheck(guildId?: string): Promise<void> {
    for (const gameId of [...this.held.keys()]) {
      const info = this.o.store.known(gameId);
      if (!info || (guildId !== undefined && info.guildId !== guildId)) continue;
      if (this.o.canPost(info.guildId, info.channelId)) await this.resume(gameId);
    }
  }

  private async resume(gameId: number): Promise<void> {
    const r = await this.o.store.submit(gameId, { kind: 'resume' });
    if (!r.ok && r.code !== 'notHeld' && r.code !== 'gameNotActive') {
      this.o.log.warn({ gameId, code: r.code }, 'a held game could not go on');
      return;
    }
    this.forget(gameId);
    if (!r.ok) return;
    this.o.log.info({ gameId }, 'the bot may post in the game\'s channel again; the game goes on');
    this.o.resumed(gameId);
  }

  private arm(gameId: number, since: number): void {
    const limit = this.o.timers.setTimeout(
      () => this.track(this.expire(gameId), 'a held game could not be stopped', gameId),
      Math.max(0, since + HOLD_LIMIT_MS - this.o.timers.now()),
    );
    this.held.set(gameId, { since, limit });
    this.armCheck();
  }

  /** One timer for every held game's look at its channel, while any is held. */
  private armCheck(): void {
    if (this.check !== null || !this.held.size) return;
    this.check = this.o.timers.setTimeout(() => {
      this.check = null;
      this.track(this.recheck().finally(() => this.armCheck()), 'held games could not look at their channels');
    }, HOLD_CHECK_MS);
  }

  private async expire(gameId: number): Promise<void> {
    if (!this.held.has(gameId)) return;
    this.forget(gameId);
    this.o.log.warn({ gameId }, 'the game was held too long; it is stopped');
    await this.o.abandon(gameId);
  }

  /** The game went on, ended or was stopped. */
  forget(gameId: number): void {
    const h = this.held.get(gameId);
    if (!h) return;
    this.o.timers.clearTimeout(h.limit);
    this.held.delete(gameId);
    if (!this.held.size && this.check !== null) {
      this.o.timers.clearTimeout(this.check);
      this.check = null;
    }
  }

  stop(): void {
    for (const gameId of [...this.held.keys()]) this.forget(gameId);
  }
}
