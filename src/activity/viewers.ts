// The sockets of the Activity: each one a signed-in viewer of a channel, shown the channel's game as
// their seat sees it (a spectator: the public view), sent a new frame after every commit, and whose
// moves go through the same path as a button's (store.submit: one commit, one outbox).
import type { WebSocket } from 'ws';
import { PermissionFlagsBits } from 'discord.js';
import { hasKey, pickLocale, t, type Locale } from '../i18n/index.js';
import type { Context } from '../discord/context.js';
import { turnKey } from '../discord/seats/pace.js';
import type { GameState } from '../engine/index.js';
import type { Committed } from '../store/index.js';
import { frameOf } from './frame.js';
import type { Frame, Notice, PageMessage } from './protocol.js';
import type { Viewer } from './oauth.js';

/** Bytes a viewer's socket may have waiting to go out before it is closed (a frame is a few KB). */
export const BEHIND_BYTES = 1 << 20;
/** The close code of a socket too far behind: the page reconnects, as after any other close. */
export const CLOSE_BEHIND = 4008;

/** What the Activity needs of the bot: its store and the parts each commit already follows. */
export type FaceContext = Pick<Context, 'client' | 'store' | 'sessions' | 'publisher' | 'drivers' | 'pauses' | 'pings' | 'log'>;

interface Watcher {
  ws: WebSocket;
  viewer: Viewer;
  guildId: string;
  channelId: string;
  l: Locale;
  game: number | null;
  /** The viewer's seat in `game`; null for a spectator. */
  seat: number | null;
}

/** A message from the page after its hello. */
export type Move = Exclude<PageMessage, { t: 'hello' }>;

export class Viewers {
  /** Channel id → its watchers. */
  private readonly channels = new Map<string, Set<Watcher>>();
  /** Called with the ms from a commit to its frames being written to every socket of its channel (bench). */
  onSent?: (ms: number) => void;

  constructor(private readonly ctx: FaceContext) {}

  get size(): number {
    let n = 0;
    for (const s of this.channels.values()) n += s.size;
    return n;
  }

  /** Whether the user may see the channel (a forged channel id shows nothing). */
  async maySee(guildId: string, channelId: string, userId: string): Promise<boolean> {
    const guild = this.ctx.client.guilds.cache.get(guildId);
    const channel = this.ctx.client.channels.cache.get(channelId);
    if (!guild || !channel || channel.isDMBased()) return false;
    const member = await guild.members.fetch(userId).catch(() => null);
    return member ? (channel.permissionsFor(member)?.has(PermissionFlagsBits.ViewChannel) ?? false) : false;
  }

  /** A signed-in viewer of a channel: shown its game at once, and after every commit. */
  async watch(ws: WebSocket, viewer: Viewer, guildId: string, channelId: string): Promise<Watcher> {
    const l = pickLocale(this.ctx.store.knownSettings(guildId)?.language ?? null, viewer.locale);
    const w: Watcher = { ws, viewer, guildId, channelId, l, game: null, seat: null };
    let set = this.channels.get(channelId);
    if (!set) this.channels.set(channelId, (set = new Set()));
    set.add(w);
    ws.on('close', () => {
      if (w.game !== null && w.seat !== null) this.ctx.pings.viewing(w.game, w.seat, -1);
      set.delete(w);
      if (!set.size && this.channels.get(channelId) === set) this.channels.delete(channelId);
    });
    const game = (await this.ctx.store.activeGameIn(guildId, channelId)) ?? (await this.ctx.store.newestGameIn(guildId, channelId));
    if (game === null) this.send(w, { t: 'none', text: t(l, 'act.noGame') });
    else {
      await this.ctx.sessions.prepare(game);
      const state = this.ctx.store.liveState(game) ?? (await this.ctx.store.state(game));
      if (state) this.show(w, game, state);
    }
    return w;
  }

  /** A commit of a prepared game: every watcher of its channel gets its new frame. */
  committed(c: Committed): void {
    const info = this.ctx.store.known(c.gameId);
    const set = info ? this.channels.get(info.channelId) : undefined;
    if (!set?.size) return;
    const at = performance.now();
    for (const w of set) if (w.guildId === info!.guildId) this.show(w, c.gameId, c.state);
    this.onSent?.(performance.now() - at);
  }

  /** Sends the watcher the game's frame for its seat (a new game in the channel takes the place of the old). */
  private show(w: Watcher, game: number, state: GameState): void {
    if (w.game !== game) {
      // A player with the page open sees each decision of theirs there: nobody pings them for it (pings.ts).
      if (w.game !== null && w.seat !== null) this.ctx.pings.viewing(w.game, w.seat, -1);
      w.game = game;
      const seat = this.ctx.sessions.users.seatOf(game, w.viewer.id);
      w.seat = seat < 0 ? null : seat;
      if (w.seat !== null && w.ws.readyState === w.ws.OPEN) this.ctx.pings.viewing(game, w.seat, 1);
    }
    const { sessions, drivers, store } = this.ctx;
    const seat = w.seat;
    let frame: Frame;
    try {
      frame = frameOf({
        gameId: game,
        state,
        seat,
        l: w.l,
        now: store.now(),
        log: this.ctx.publisher.recentLog(game),
        secrets: seat === null ? [] : sessions.events.secretsOf(game, seat),
        ai: [...drivers.aiSeats(game)],
        autopilot: [...drivers.autopilotSeats(game)],
        quiet: seat !== null && sessions.flags.quietTurns(game)[seat] === turnKey(state),
        windowMs: store.known(game)?.windowMs ?? null,
      });
    } catch (err) {
      this.ctx.log.error({ gameId: game, err }, 'an Activity frame could not be made');
      return;
    }
    this.send(w, frame);
  }

  /**
   * A socket this far behind (written but not yet taken by the page) is closed rather than sent more:
   * its page reconnects with its token and is sent the newest frame, and the bot keeps no pile of the
   * frames it missed.
   */
  private send(w: Watcher, msg: Frame | Notice): void {
    if (w.ws.readyState !== w.ws.OPEN) return;
    if (w.ws.bufferedAmount > BEHIND_BYTES) return void w.ws.close(CLOSE_BEHIND, 'behind');
    w.ws.send(JSON.stringify(msg));
  }

  /** A message from a watcher's page. */
  async heard(w: Watcher, msg: Move): Promise<void> {
    const { store, sessions, drivers, publisher, log } = this.ctx;
    const game = w.game;
    const seat = w.seat;
    const l = w.l;
    if (game === null) return;
    if (seat === null) return this.send(w, { t: 'refused', text: t(l, 'err.notYourSeat') });
    const state = store.liveState(game);
    if (!state || state.result || store.known(game)?.status !== 'active') return this.send(w, { t: 'refused', text: t(l, 'err.finished') });
    // The owner is back: the bot stops playing their seat (as with a click).
    if (drivers.ownerActed(game, seat)) publisher.tableChanged(game);
    if (msg.t === 'quiet') {
      sessions.flags.setQuiet(game, seat, msg.on ? turnKey(state) : null);
      drivers.poke(game, state);
      return this.show(w, game, state);
    }
    if (!state.pending || state.pending.opened !== msg.opened) return this.send(w, { t: 'refused', text: t(l, 'act.stale') });
    // The page speaks for its own seat only.
    if (!('seat' in msg.action) || msg.action.seat !== seat) return this.send(w, { t: 'refused', text: t(l, 'err.notYourSeat') });
    try {
      const r = await store.submit(game, msg.action, (s) => (s.pending?.opened === msg.opened ? null : 'stale'), seat);
      if (r.ok) return;
      const key = `refusal.${r.code}`;
      const text = r.code === 'stale' ? t(l, 'act.stale') : t(l, 'err.refused', { reason: hasKey(key) ? t(l, key, r.params ?? {}) : r.reason });
      this.send(w, { t: 'refused', text });
    } catch (err) {
      // The database would not save it: nothing happened, the game is paused (its channel is told once).
      log.error({ gameId: game, seat, err }, 'a move from the Activity could not be saved');
      this.ctx.pauses.failed([game]);
      this.send(w, { t: 'refused', text: t(l, 'err.notSaved') });
    }
  }

  /** Every socket closed (the bot stops): the pages reconnect to the next process. */
  closeAll(): void {
    for (const set of this.channels.values()) for (const w of set) w.ws.close(1012, 'restart');
    this.channels.clear();
  }
}
