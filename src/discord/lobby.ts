// Lobbies: /fengsheng start, join, leave, begin, abort, and the lobby message's buttons.
import { ChannelType, MessageFlags, ThreadAutoArchiveDuration, type ChatInputCommandInteraction } from 'discord.js';
import { DEFAULT_OPTIONS, EDITION_NAMES, hasAltSplit, type Edition } from '../engine/index.js';
import { DEFAULT_DECISION_MS } from '../store/index.js';
import { t, type Locale } from '../i18n/index.js';
import type { Bot } from './bot.js';
import type { CustomId } from './custom-id.js';
import { addAi, AI_LEVELS, DEFAULT_AI_LEVEL, hasHumans, join, leave, MAX_SEATS, MIN_SEATS, removeAi, seatRange, type AiLevel, type Lobby, type LobbyChange, type LobbyOptions } from './lobby-model.js';
import { renderLobby } from './render/lobby.js';
import { INTEGER_RANGES } from './commands.js';
import type { Component } from './reply.js';
import { clipGraphemes } from './clip.js';

const CHANGE_TEXT: Record<Exclude<LobbyChange, 'ok'>, Parameters<typeof t>[1]> = {
  alreadyIn: 'lobby.alreadyIn',
  notIn: 'lobby.notIn',
  full: 'lobby.full',
  hostOnly: 'lobby.hostOnly',
  noAi: 'lobby.notIn',
};

function displayName(i: ChatInputCommandInteraction | Component): string {
  const member = i.member as { nick?: string | null; displayName?: string } | null;
  return clipGraphemes(member?.displayName ?? member?.nick ?? i.user.globalName ?? i.user.username, 32);
}

export async function onLobbyCommand(bot: Bot, i: ChatInputCommandInteraction, sub: string): Promise<void> {
  const l = bot.localeFor(i);
  if (!i.guildId || !i.channelId) {
    await i.reply({ content: t(l, 'err.permission'), flags: MessageFlags.Ephemeral });
    return;
  }
  if (sub === 'start') return start(bot, i, l);
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  if (sub === 'abort') return abort(bot, i, l);
  const lobby = await bot.lobbies.inChannel(i.guildId, i.channelId);
  if (!lobby) return void (await i.editReply(t(l, 'lobby.none')));
  const r = await change(bot, lobby, sub, i.user.id, displayName(i));
  if (r.text) return void (await i.editReply(r.text(l)));
  await refreshLobbyMessage(bot, r.lobby, lobbyLocale(bot, r.lobby));
  await i.editReply(r.done(l));
}

interface ChangeResult {
  lobby: Lobby;
  text?: (l: Locale) => string;
  done: (l: Locale) => string;
}

/** Applies join/leave/begin/addai/rmai to a lobby; begin starts the game. */
async function change(bot: Bot, lobby: Lobby, verb: string, userId: string, name: string): Promise<ChangeResult> {
  const fail = (key: Parameters<typeof t>[1], params: Record<string, string | number> = {}): ChangeResult => ({
    lobby,
    text: (l) => t(l, key, params),
    done: () => '',
  });
  if (verb === 'begin') {
    if (userId !== lobby.hostId) return fail('lobby.hostOnly');
    const { min, max } = seatRange(lobby);
    if (lobby.seats.length < min || lobby.seats.length > max) {
      // An edition with its own table sizes (千智风声: 5 or 6) says so, with its name.
      if (min === MIN_SEATS && max === MAX_SEATS) return fail('lobby.needPlayers', { count: lobby.seats.length });
      return { lobby, text: (l) => t(l, 'lobby.needPlayersEdition', { edition: t(l, `edition.${lobby.options.edition}`), min, max, count: lobby.seats.length }), done: () => '' };
    }
    if (!hasHumans(lobby)) return fail('lobby.noHumans');
    await beginGame(bot, lobby);
    return { lobby, done: (l) => t(l, lobby.options.characters ? 'lobby.startedChars' : 'lobby.started') };
  }
  const r =
    verb === 'join' ? join(lobby, userId, name) : verb === 'leave' ? leave(lobby, userId) : verb === 'addai' ? addAi(lobby, userId) : removeAi(lobby, userId);
  if (r === 'full' && seatRange(lobby).max < MAX_SEATS) {
    const max = seatRange(lobby).max;
    return { lobby, text: (l) => t(l, 'lobby.fullEdition', { edition: t(l, `edition.${lobby.options.edition}`), max }), done: () => '' };
  }
  if (r !== 'ok') return fail(CHANGE_TEXT[r]);
  if (!hasHumans(lobby)) {
    await bot.lobbies.remove(lobby.id);
    return { lobby: { ...lobby, seats: [] }, done: (l) => t(l, 'lobby.left') };
  }
  await bot.lobbies.save(lobby);
  return { lobby, done: (l) => t(l, verb === 'join' ? 'lobby.joined' : verb === 'leave' ? 'lobby.left' : 'lobby.joined') };
}

async function beginGame(bot: Bot, lobby: Lobby): Promise<void> {
  const o = lobby.options;
  const created = await bot.store.createGame({
    guildId: lobby.guildId,
    channelId: lobby.channelId,
    seats: lobby.seats.map((s) => ({ userId: s.userId, name: s.name })),
    seed: bot.seeds?.(),
    edition: o.edition,
    options: {
      roundLimit: o.roundLimit,
      soySauceAlliance: o.soySauceAlliance,
      altSplit: o.altSplit && hasAltSplit(lobby.seats.length),
      // Lobbies opened before characters existed have no such option: they meant none.
      characters: o.characters ?? false,
      // Only what differs from the engine's default goes into the game (types.ts Options).
      ...(o.characterSet === 'classic' ? { characterSet: 'classic' as const } : {}),
      ...(o.victoryIntel === 4 ? { victoryIntel: 4 as const } : {}),
    },
    decisionMs: o.timer * 1000,
    windowMs: o.response !== undefined ? o.response * 1000 : undefined,
  });
  lobby.gameId = created.gameId;
  await bot.lobbies.save(lobby);
  bot.log.info({ gameId: created.gameId, lobbyId: lobby.id, players: lobby.seats.length }, 'game begun');
}

async function start(bot: Bot, i: ChatInputCommandInteraction, l: Locale): Promise<void> {
  const guildId = i.guildId!;
  const channelId = i.channelId;
  // Discord checks the options' ranges, a forged request does not: check them again here.
  const bad = outOfRange(i);
  if (bad) return void (await i.reply({ content: t(l, 'err.badOption', { option: bad }), flags: MessageFlags.Ephemeral }));
  const settings = await bot.store.guildSettings(guildId);
  const d = settings.lobbyOptions;
  const asked = i.options.getString('edition') ?? d.edition;
  const edition: Edition = (EDITION_NAMES as string[]).includes(asked as string) ? (asked as Edition) : 'standard';
  const picked = i.options.getString('language');
  const language: Locale | null = picked === 'zh-CN' || picked === 'en' ? picked : null;
  const options: LobbyOptions = {
    edition,
    characters: i.options.getBoolean('characters') ?? (d.characters as boolean | undefined) ?? true,
    altSplit: i.options.getBoolean('split') ?? d.altSplit ?? false,
    soySauceAlliance: i.options.getBoolean('alliance') ?? d.soySauceAlliance ?? false,
    timer: i.options.getInteger('timer') ?? Math.round((settings.decisionMs ?? DEFAULT_DECISION_MS) / 1000),
    roundLimit: i.options.getInteger('rounds') ?? d.roundLimit ?? DEFAULT_OPTIONS.roundLimit,
    characterSet: i.options.getString('characterset') === 'classic' ? 'classic' : 'standard',
    victoryIntel: i.options.getInteger('victoryintel') === 4 ? 4 : 3,
    response: i.options.getInteger('response') ?? Math.round(settings.windowMs / 1000),
    ai: aiLevel(i.options.getString('ai')),
    ...(language ? { language } : {}),
  };
  const open = (channelId: string) =>
    // The check that the channel is free and the new lobby are one write: two /start at once make one lobby.
    bot.lobbies.create({ guildId, channelId, hostId: i.user.id, options, seats: [{ userId: i.user.id, name: displayName(i) }], messageId: null, gameId: null });
  const wantsThread = (i.options.getBoolean('thread') ?? d.threads ?? false) && !i.channel?.isThread();
  if (wantsThread) return startInThread(bot, i, l, open, lobbyLocale(bot, { guildId, options }));
  const lobby = await open(channelId);
  if (!lobby) return void (await i.reply({ content: t(l, 'lobby.exists'), flags: MessageFlags.Ephemeral }));
  await i.deferReply();
  const msg = await i.editReply(renderLobby(lobbyLocale(bot, lobby), lobby));
  lobby.messageId = msg.id;
  await bot.lobbies.save(lobby);
}

/** The AI level asked for (a forged value is the default). */
function aiLevel(asked: string | null): AiLevel {
  return (AI_LEVELS as readonly string[]).includes(asked ?? '') ? (asked as AiLevel) : DEFAULT_AI_LEVEL;
}

/**
 * A game in a thread of its own (the server's setting or the host's option): the thread is started in
 * the channel, the lobby and everything after it live there, and the channel gets one line pointing
 * to it. A host has one open lobby at a time, so threads cannot be opened by the dozen.
 */
async function startInThread(bot: Bot, i: ChatInputCommandInteraction, l: Locale, open: (channelId: string) => Promise<Lobby | null>, g: Locale): Promise<void> {
  // `g`: what the lobby will read (lobbyLocale of its options), for the thread's name and the channel's line.
  const hosted = await bot.lobbies.hostedBy(i.guildId!, i.user.id);
  if (hosted) return void (await i.reply({ content: t(l, 'lobby.hostHasOpen', { channel: `<#${hosted.channelId}>` }), flags: MessageFlags.Ephemeral }));
  await i.deferReply();
  const parent = i.channel ?? (await bot.client.channels.fetch(i.channelId).catch(() => null));
  const thread =
    parent && parent.type === ChannelType.GuildText
      ? await parent.threads
          .create({ name: clipGraphemes(t(g, 'lobby.threadName', { host: displayName(i) }), 100), autoArchiveDuration: ThreadAutoArchiveDuration.OneDay, type: ChannelType.PublicThread })
          .catch((err) => void bot.log.warn({ err: { code: err?.code, status: err?.status }, channelId: i.channelId }, 'could not start a thread for a game'))
      : undefined;
  if (!thread) return void (await i.editReply(t(l, 'lobby.threadFailed')));
  const lobby = await open(thread.id);
  if (!lobby) return void (await i.editReply(t(l, 'lobby.exists')));
  const msg = await thread.send(renderLobby(g, lobby));
  lobby.messageId = msg.id;
  await bot.lobbies.save(lobby);
  await i.editReply({ content: t(g, 'lobby.inThread', { host: `<@${i.user.id}>`, thread: `<#${thread.id}>` }), allowedMentions: { parse: [] } });
}

/** The first integer option outside the range its command declares, or null. */
export function outOfRange(i: ChatInputCommandInteraction): string | null {
  for (const [name, r] of Object.entries(INTEGER_RANGES)) {
    const v = i.options.getInteger(name);
    if (v !== null && (!Number.isInteger(v) || v < r.min || v > r.max)) return name;
  }
  return null;
}

async function abort(bot: Bot, i: ChatInputCommandInteraction, l: Locale): Promise<void> {
  const guildId = i.guildId!;
  const lobby = await bot.lobbies.inChannel(guildId, i.channelId);
  const gameId = await bot.store.activeGameIn(guildId, i.channelId);
  const host = gameId !== null ? (await bot.lobbies.ofGame(gameId))?.hostId : lobby?.hostId;
  if (gameId === null && !lobby) return void (await i.editReply(t(l, 'lobby.none')));
  if (i.user.id !== host && !bot.canManage(i)) return void (await i.editReply(t(l, 'lobby.abortDenied')));
  if (gameId !== null) {
    // The closed table and the notice are owed in the abort's own transaction.
    await bot.prepare(gameId);
    await bot.store.abortGame(gameId, `aborted by ${i.user.id}`, () => bot.publisher.abortOwed(gameId, i.user.id));
    bot.drivers.forget(gameId);
    bot.pings.closed(gameId);
    bot.panels.forget(gameId);
    await bot.publisher.deliver(gameId);
  }
  if (lobby) {
    await bot.lobbies.remove(lobby.id);
    const g = lobbyLocale(bot, lobby);
    await refreshLobbyMessage(bot, { ...lobby, seats: [] }, g, t(g, 'lobby.aborted'));
  }
  await i.editReply(t(l, 'lobby.aborted'));
}

/** What the channel reads for a lobby: the host's choice, else the server's language. */
function lobbyLocale(bot: Bot, lobby: Pick<Lobby, 'guildId' | 'options'>): Locale {
  return lobby.options.language ?? bot.guildLocale(lobby.guildId);
}

async function refreshLobbyMessage(bot: Bot, lobby: Lobby, l: Locale, closedText?: string): Promise<void> {
  if (!lobby.messageId) return;
  const channel = await bot.client.channels.fetch(lobby.channelId).catch(() => null);
  if (!channel?.isSendable()) return;
  const body =
    closedText !== undefined || lobby.gameId !== null || lobby.seats.length === 0
      ? { content: closedText ?? (lobby.gameId !== null ? t(l, lobby.options.characters ? 'lobby.startedChars' : 'lobby.started') : t(l, 'lobby.aborted')), embeds: [], components: [] }
      : renderLobby(l, lobby);
  await channel.messages.edit(lobby.messageId, body).catch((err) => bot.log.warn({ err, lobbyId: lobby.id }, 'could not update the lobby message'));
}

export async function onLobbyComponent(bot: Bot, i: Component, id: CustomId): Promise<void> {
  const l = bot.localeFor(i);
  await i.deferUpdate();
  const lobby = await bot.lobbies.get(id.game);
  if (!lobby || lobby.gameId !== null) {
    await i.followUp({ content: t(l, lobby ? 'lobby.exists' : 'lobby.none'), flags: MessageFlags.Ephemeral });
    return;
  }
  const r = await change(bot, lobby, id.verb, i.user.id, displayName(i));
  if (r.text) {
    await i.followUp({ content: r.text(l), flags: MessageFlags.Ephemeral });
    return;
  }
  const g = lobbyLocale(bot, r.lobby);
  if (r.lobby.gameId !== null || r.lobby.seats.length === 0)
    await i.editReply({ content: r.lobby.gameId !== null ? t(g, r.lobby.options.characters ? 'lobby.startedChars' : 'lobby.started') : t(g, 'lobby.aborted'), embeds: [], components: [] });
  else await i.editReply(renderLobby(g, r.lobby));
}
