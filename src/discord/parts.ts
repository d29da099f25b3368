// The bot's parts, made and joined once: the sessions, the languages, the seat drivers and AI
// seats, the outbound parts (publisher, panels, pings), the timers, and the Context the handlers get.
import { PermissionFlagsBits, type Client } from 'discord.js';
import { t } from '../i18n/index.js';
import type { Logger } from '../log.js';
import { DeadlineScheduler, KeyedQueue, realHost, type GameStore, type LobbiesRepo, type Owed, type TimerHost } from '../store/index.js';
import { channelGone, playerDms, stopGame } from './commits.js';
import type { Context } from './context.js';
import { panelBody, panelKey } from './handlers/game.js';
import { closedPanel } from './render/panel.js';
import { Locales } from './locales.js';
import { Panels } from './outbound/panels.js';
import { Holds, HOLD_LIMIT_MS } from './outbound/holds.js';
import { Pauses } from './outbound/pauses.js';
import { Pings } from './outbound/pings.js';
import { PICTURE_EVERY_MS, Publisher } from './outbound/publisher.js';
import { aiSeats, type AiSeats } from './seats/ai-seats.js';
import { makeCoach } from './seats/coach.js';
import { Drivers, type SeatPolicy } from './seats/drivers.js';
import { Sessions } from './session/sessions.js';

export interface BotOptions {
  client: Client;
  /** Opened with the bot's `owes` (outbound/owed.ts): what each commit owes Discord is stored in its transaction. */
  store: GameStore;
  /** Default: the store's. */
  lobbies?: LobbiesRepo;
  log: Logger;
  /** Least ms between edits of one table message; default 1000 (Discord's pace), 0 in tests. */
  editIntervalMs?: number;
  /** Least ms between two drawings of one table's picture; default PICTURE_EVERY_MS, 0 in tests. */
  pictureIntervalMs?: number;
  /** How many times that interval is stretched now (src/run/strain.ts: the bot as it ships); default 1. */
  pictureStretch?: () => number;
  /** Pause before a card, skill or other visible action of an AI seat is shown; default 1500. */
  aiDelayMs?: number;
  aiPolicy?: SeatPolicy;
  autopilotPolicy?: SeatPolicy;
  /** The expert's (困难) search budget per decision, in ms of its playout count (src/ai/expert.ts); default 300. */
  aiBudgetMs?: number;
  /** Timers; default real ones. Tests pass their own clock. */
  timerHost?: TimerHost;
  /** Called with the ms from an interaction reaching the bot to its acknowledgement (bench). */
  onAck?: (ms: number) => void;
  /** Discord's clock, for an interaction's age; default this machine's. Tests pass the stand-in's. */
  discordNow?: () => number;
  /** Called with the ms from a commit to an open panel showing it (bench). */
  onPanelRefresh?: (ms: number) => void;
  /** Seeds for new games; default random. Tests fix them so a game plays the same every run. */
  seeds?: () => number;
  /**
   * On leases (src/run/leases.ts): false while this process's leases may have lapsed (not renewed for a
   * lease's time: it was paused, or lost the database). Interactions are then left to the process that
   * may have taken the shard over, unanswered here; default always true.
   */
  mayAnswer?: () => boolean;
  /** The Activity is served (ACTIVITY_PORT): the table offers 打开牌桌. */
  activity?: boolean;
}

export interface Parts {
  ctx: Context;
  ai: AiSeats;
  timers: DeadlineScheduler;
}

export function assemble(o: BotOptions): Parts {
  const lobbies = o.lobbies ?? o.store.repos.lobbies;
  const sessions: Sessions = new Sessions({ store: o.store, lobbies, log: o.log, guildLocale: (guildId) => locales.guild(guildId) });
  const { users, flags, events } = sessions;
  const locales = new Locales(
    o.store,
    (gameId) => sessions.tableLocale(gameId),
    (userId) => flags.localeOf(userId),
  );
  // The lobby's AI level plays its AI seats and its absent players (普通 for lobbies before levels).
  const ai = aiSeats(events, (gameId) => sessions.level(gameId), { budgetMs: o.aiBudgetMs });
  const host = o.timerHost ?? realHost(o.store);
  // Told straight to the channel (the outbox cannot be written either): publisher.noticeNow.
  const pauses = new Pauses(
    (gameId, key) => {
      const info = o.store.known(gameId);
      if (info) publisher.noticeNow(gameId, info.channelId, t(locales.table(gameId), key));
    },
    {
      timers: host,
      // A write that changes nothing but the row's time: the server's settings, as they are.
      write: async (gameIds) => {
        const guildId = gameIds.map((g) => o.store.known(g)?.guildId).find((g) => g !== undefined);
        if (guildId) await o.store.updateGuildSettings(guildId, {});
      },
    },
  );
  const drivers = new Drivers({
    unsaved: (gameId) => pauses.failed([gameId]),
    timers: host,
    store: o.store,
    users,
    flags,
    log: o.log,
    aiDelayMs: o.aiDelayMs ?? 1500,
    aiPolicy: o.aiPolicy ?? ai.decide,
    autopilotPolicy: o.autopilotPolicy ?? ai.decide,
  });
  const publisher: Publisher = new Publisher({
    client: o.client,
    store: o.store,
    users,
    log: o.log,
    locale: (gameId) => locales.table(gameId),
    editIntervalMs: o.editIntervalMs ?? 1000,
    // While the process trails, the bot as it ships sheds picture frames first: its pictures come less often.
    pictureEveryMs: () => (o.pictureIntervalMs ?? PICTURE_EVERY_MS) * (o.pictureStretch?.() ?? 1),
    timers: host,
    seatTags: (gameId) => ({ ai: drivers.aiSeats(gameId), autopilot: drivers.autopilotSeats(gameId), activity: o.activity ?? false }),
    channelLost: (gameId, fault) => {
      const info = o.store.known(gameId);
      if (!info) return;
      if (fault === 'gone') void channelGone(ctx, info.guildId, info.channelId).catch((err: unknown) => o.log.error({ gameId, err }, 'could not stop a game whose channel is gone'));
      else holds.shut(gameId);
    },
    held: (gameId): boolean => holds.has(gameId),
  });
  const panels = new Panels({
    log: o.log,
    now: () => o.store.now(),
    render: (gameId, seat, l, focus, state = o.store.liveState(gameId) ?? undefined) =>
      state && o.store.known(gameId) ? panelBody({ store: o.store, sessions }, gameId, seat, l, focus, state) : null,
    keyOf: (gameId, seat, l, focus) => (o.store.known(gameId) ? panelKey({ store: o.store, sessions }, gameId, seat, l, focus) : null),
    rest: o.client.rest,
    onRefresh: o.onPanelRefresh,
    closed: (gameId, l) => closedPanel(l, gameId),
    persist: (gameId, seat, panel) =>
      void o.store.repos.prefs.setPanel(gameId, seat, panel).catch((err: unknown) => o.log.warn({ gameId, seat, err }, 'an open panel could not be stored')),
    timers: host,
    everyMs: o.editIntervalMs ?? 1000,
  });
  const pings = new Pings({
    store: o.store,
    users,
    panels,
    publisher,
    log: o.log,
    timers: host,
    locale: (gameId) => locales.table(gameId),
    userLocale: (guildId, userId) => locales.user(guildId, userId),
    botSeats: (gameId) => drivers.botSeats(gameId),
  });
  sessions.attach({ drivers, pings, publisher, ai });
  const timers = new DeadlineScheduler(o.store, host, {
    onFault: (err, gameIds) => {
      o.log.error({ err, gameIds }, 'timeouts cannot be saved; retrying with back-off');
      pauses.failed(gameIds);
    },
    onRecovered: () => {
      o.log.info('timeouts can be saved again');
      pauses.recovered();
    },
  });
  // Each player's DM, in their language, about the game's channel closed to the bot.
  const channelDms = (gameId: number, key: 'dm.held' | 'dm.heldStopped'): Owed[] => {
    const info = o.store.known(gameId);
    if (!info) return [];
    const params = { channel: `<#${info.channelId}>`, minutes: HOLD_LIMIT_MS / 60_000 };
    return playerDms({ sessions, locales }, gameId, info.guildId, key, params);
  };
  const holds: Holds = new Holds({
    store: o.store,
    timers: host,
    log: o.log,
    canPost: (guildId, channelId) => canPost(o.client, guildId, channelId),
    heldDms: (gameId) => channelDms(gameId, 'dm.held'),
    deliver: (gameId): Promise<void> => {
      publisher.tableChanged(gameId);
      return publisher.deliver(gameId);
    },
    resumed: (gameId) => {
      const info = o.store.known(gameId);
      if (info) publisher.notice(gameId, info.channelId, t(locales.table(gameId), 'hold.resumed'));
      // The resume's own edit may have gone out while the game still counted as held.
      publisher.tableChanged(gameId);
    },
    abandon: (gameId) => stopGame(ctx, gameId, 'channel closed to the bot', () => channelDms(gameId, 'dm.heldStopped')),
  });
  const coach = makeCoach(ai, async (gameId) => (await events.all(gameId)).events);
  const ctx: Context = { client: o.client, store: o.store, lobbies, lobbyTurns: new KeyedQueue<string>(), sessions, publisher, drivers, coach, panels, pings, pauses, holds, log: o.log, locales, ...(o.seeds ? { seeds: o.seeds } : {}) };
  return { ctx, ai, timers };
}

/** What the bot needs in a game's channel: to see it, post (in a thread too), embed the table and attach its picture. */
const POST = [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages, PermissionFlagsBits.EmbedLinks, PermissionFlagsBits.AttachFiles];
const POST_IN_THREAD = [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessagesInThreads, PermissionFlagsBits.EmbedLinks, PermissionFlagsBits.AttachFiles];

/** Whether the bot may post in the channel, as discord.js's cache (kept by Discord's updates) computes it. */
function canPost(client: Client, guildId: string, channelId: string): boolean {
  const channel = client.channels.cache.get(channelId);
  const me = client.guilds.cache.get(guildId)?.members.me;
  if (!channel || channel.isDMBased() || !me) return false;
  return channel.permissionsFor(me)?.has(channel.isThread() ? POST_IN_THREAD : POST) ?? false;
}
