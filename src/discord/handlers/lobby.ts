// Lobbies: /fengsheng start, join, leave, begin, abort, and the lobby message's buttons.
import { ApplicationCommandOptionType, ChannelType, MessageFlags, ThreadAutoArchiveDuration, type ChatInputCommandInteraction, type InteractionEditReplyOptions } from 'discord.js';
import { DEFAULT_OPTIONS, EDITION_NAMES, hasAltSplit, type Edition } from '../../engine/index.js';
import { DEFAULT_DECISION_MS } from '../../store/index.js';
import { pickLocale, t, type Locale, type MessageKey } from '../../i18n/index.js';
import { en } from '../../i18n/en.js';
import { zhCN } from '../../i18n/zh-CN.js';
import { addAi, AI_LEVELS, DEFAULT_AI_LEVEL, hasHumans, join, leave, MAX_SEATS, MIN_SEATS, removeAi, seatRange, type AiLevel, type Lobby, type LobbyChange, type LobbyOptions } from '../../lobby/model.js';
import { clipGraphemes } from '../clip.js';
import { stopGame } from '../commits.js';
import { desc, EDITION_CHOICES, outOfRange, RESPONSE_OPTION, ROUNDS_OPTION, TIMER_OPTION } from '../command-options.js';
import { canManage, runner, type Context, type Handler, type Subcommand } from '../context.js';
import type { CustomId } from '../custom-id.js';
import { renderLobby } from '../render/lobby.js';
import type { Component } from '../reply.js';

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

/** Runs `fn` in the turn of the channel's lobby (context.ts lobbyTurns): one change at a time. */
const inLobbyTurn = <T>(ctx: Context, guildId: string, channelId: string, fn: () => Promise<T>): Promise<T> => ctx.lobbyTurns.run(`${guildId}:${channelId}`, fn);

/** join, leave, begin as commands: the channel's open lobby changes, its message follows. */
async function changeByCommand(ctx: Context, i: ChatInputCommandInteraction, l: Locale, sub: string): Promise<void> {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const r = await inLobbyTurn(ctx, i.guildId ?? '', i.channelId, async () => {
    const lobby = await ctx.lobbies.inChannel(i.guildId ?? '', i.channelId);
    return lobby ? change(ctx, lobby, sub, i.user.id, displayName(i)) : null;
  });
  if (!r) return void (await i.editReply(t(l, 'lobby.none')));
  if (r.text) return void (await i.editReply(r.text(l)));
  await refreshLobbyMessage(ctx, r.lobby, lobbyLocale(ctx, r.lobby));
  await i.editReply(r.done(l));
}

interface ChangeResult {
  lobby: Lobby;
  text?: (l: Locale) => string;
  done: (l: Locale) => string;
}

const fail = (lobby: Lobby, key: Parameters<typeof t>[1], params: Record<string, string | number> = {}): ChangeResult => ({
  lobby,
  text: (l) => t(l, key, params),
  done: () => '',
});

/** A change of the seats: what it does to the lobby, and what its maker is told once it is saved. */
const seatChange =
  (apply: (lobby: Lobby, userId: string, name: string) => LobbyChange, done: MessageKey) =>
  async (ctx: Context, lobby: Lobby, userId: string, name: string): Promise<ChangeResult> => {
    const r = apply(lobby, userId, name);
    if (r === 'full' && seatRange(lobby).max < MAX_SEATS) {
      const max = seatRange(lobby).max;
      return { lobby, text: (l) => t(l, 'lobby.fullEdition', { edition: t(l, `edition.${lobby.options.edition}`), max }), done: () => '' };
    }
    if (r !== 'ok') return fail(lobby, CHANGE_TEXT[r]);
    if (!hasHumans(lobby)) {
      await ctx.lobbies.remove(lobby.id);
      return { lobby: { ...lobby, seats: [] }, done: (l) => t(l, 'lobby.left') };
    }
    await ctx.lobbies.save(lobby);
    return { lobby, done: (l) => t(l, done) };
  };

/** The lobby's verbs, from its buttons (`click`) or as commands; begin starts the game. */
const CHANGES: Record<string, (ctx: Context, lobby: Lobby, userId: string, name: string, click?: Component) => Promise<ChangeResult>> = {
  join: seatChange((lobby, userId, name) => join(lobby, userId, name), 'lobby.joined'),
  leave: seatChange((lobby, userId) => leave(lobby, userId), 'lobby.left'),
  begin,
  addai: seatChange((lobby, userId) => addAi(lobby, userId), 'lobby.joined'),
  rmai: seatChange((lobby, userId) => removeAi(lobby, userId), 'lobby.joined'),
};

async function change(ctx: Context, lobby: Lobby, verb: string, userId: string, name: string, click?: Component): Promise<ChangeResult> {
  const run = CHANGES[verb];
  return run ? run(ctx, lobby, userId, name, click) : fail(lobby, 'lobby.none');
}

async function begin(ctx: Context, lobby: Lobby, userId: string, _name: string, click?: Component): Promise<ChangeResult> {
  if (userId !== lobby.hostId) return fail(lobby, 'lobby.hostOnly');
  const { min, max } = seatRange(lobby);
  if (lobby.seats.length < min || lobby.seats.length > max) {
    // An edition with its own table sizes (千智风声: 5 or 6) says so, with its name.
    if (min === MIN_SEATS && max === MAX_SEATS) return fail(lobby, 'lobby.needPlayers', { count: lobby.seats.length });
    return { lobby, text: (l) => t(l, 'lobby.needPlayersEdition', { edition: t(l, `edition.${lobby.options.edition}`), min, max, count: lobby.seats.length }), done: () => '' };
  }
  if (!hasHumans(lobby)) return fail(lobby, 'lobby.noHumans');
  try {
    await beginGame(ctx, lobby, click);
  } catch (err) {
    // Two begins at once: the other one's game holds the channel (its unique index refused this one).
    if ((await ctx.store.activeGameIn(lobby.guildId, lobby.channelId)) !== null) return fail(lobby, 'lobby.exists');
    throw err;
  }
  return { lobby, done: (l) => t(l, lobby.options.characters ? 'lobby.startedChars' : 'lobby.started') };
}

/**
 * The game is created with the lobby's message as its table: the table lane edits that message into
 * the table, so a game begins without a message of its own (one request fewer against the bot's
 * global limit). Begun with the lobby's button, that click's token edits it (an interaction route,
 * outside the global limit) for its 15 minutes, from the first second.
 */
async function beginGame(ctx: Context, lobby: Lobby, click?: Component): Promise<void> {
  const o = lobby.options;
  const created = await ctx.store.createGame({
    guildId: lobby.guildId,
    channelId: lobby.channelId,
    seats: lobby.seats.map((s) => ({ userId: s.userId, name: s.name })),
    seed: ctx.seeds?.(),
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
    ...(lobby.messageId ? { tableMessageId: lobby.messageId } : {}),
    lobby,
  });
  if (click) ctx.publisher.tableClicked(created.gameId, click);
  lobby.gameId = created.gameId;
  ctx.log.info({ gameId: created.gameId, lobbyId: lobby.id, players: lobby.seats.length }, 'game begun');
}

async function start(ctx: Context, i: ChatInputCommandInteraction, l: Locale): Promise<void> {
  const guildId = i.guildId!;
  const channelId = i.channelId;
  // Discord checks the options' ranges, a forged request does not: check them again here.
  const bad = outOfRange(i);
  if (bad) return void (await i.reply({ content: t(l, 'err.badOption', { option: bad }), flags: MessageFlags.Ephemeral }));
  const settings = await ctx.store.guildSettings(guildId);
  const d = settings.lobbyOptions;
  const asked = i.options.getString('edition') ?? d.edition;
  const edition: Edition = (EDITION_NAMES as string[]).includes(asked as string) ? (asked as Edition) : 'standard';
  const picked = i.options.getString('language');
  // The host's choice; else, where the server fixed no language, the host's own Discord language
  // (an English host gets an English table; anyone else, Chinese); else the server's.
  const fixed = settings.language === 'zh-CN' || settings.language === 'en';
  const language: Locale | null = picked === 'zh-CN' || picked === 'en' ? picked : fixed ? null : pickLocale(null, i.locale);
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
    hints: i.options.getBoolean('hints') ?? (d.hints as boolean | undefined) ?? true,
    ...(language ? { language } : {}),
  };
  const open = (channelId: string) =>
    // The check that the channel is free and the new lobby are one write: two /start at once make one lobby.
    ctx.lobbies.create({ guildId, channelId, hostId: i.user.id, options, seats: [{ userId: i.user.id, name: displayName(i) }], messageId: null, gameId: null });
  const wantsThread = (i.options.getBoolean('thread') ?? d.threads ?? false) && !i.channel?.isThread();
  if (wantsThread) return startInThread(ctx, i, l, open, lobbyLocale(ctx, { guildId, options }));
  const lobby = await open(channelId);
  if (!lobby) return void (await i.reply({ content: t(l, 'lobby.exists'), flags: MessageFlags.Ephemeral }));
  await showLobby(ctx, lobby, async () => {
    await i.deferReply();
    return i.editReply(renderLobby(lobbyLocale(ctx, lobby), lobby)).catch(async (err: unknown) => {
      // Nothing half-made stays in the channel: the router then answers the host privately.
      await i.deleteReply().catch(() => undefined);
      throw err;
    });
  });
}

/**
 * Posts a new lobby's message (`post`) and keeps its id, in the lobby's turn (its message may be
 * clicked before the id is kept: a join then is not undone); a lobby nobody can see is removed, so it
 * holds no channel.
 */
async function showLobby(ctx: Context, lobby: Lobby, post: () => Promise<{ id: string }>): Promise<void> {
  try {
    const messageId = (await post()).id;
    await inLobbyTurn(ctx, lobby.guildId, lobby.channelId, async () => {
      const now = await ctx.lobbies.get(lobby.id);
      if (now && now.gameId === null) await ctx.lobbies.save({ ...now, messageId });
    });
  } catch (err) {
    await ctx.lobbies.remove(lobby.id).catch(() => undefined);
    throw err;
  }
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
async function startInThread(ctx: Context, i: ChatInputCommandInteraction, l: Locale, open: (channelId: string) => Promise<Lobby | null>, g: Locale): Promise<void> {
  // `g`: what the lobby will read (lobbyLocale of its options), for the thread's name and the channel's line.
  // One thread at a time per host: /start repeated while the first is being made opens nothing more
  // (a guild's interactions all reach the one process that runs its shard).
  const host = `${i.guildId}:${i.user.id}`;
  if (openingThread.has(host)) return void (await i.reply({ content: t(l, 'lobby.hostOpening'), flags: MessageFlags.Ephemeral }));
  openingThread.add(host);
  let said: string | InteractionEditReplyOptions;
  try {
    const hosted = await ctx.lobbies.hostedBy(i.guildId!, i.user.id);
    if (hosted) return void (await i.reply({ content: t(l, 'lobby.hostHasOpen', { channel: `<#${hosted.channelId}>` }), flags: MessageFlags.Ephemeral }));
    await i.deferReply();
    said = await openThread(ctx, i, l, open, g);
  } finally {
    openingThread.delete(host);
  }
  await i.editReply(said);
}

/** Hosts (guild:user) whose /start is making its thread now. */
const openingThread = new Set<string>();

/** The thread and the lobby in it; what the channel is told. */
async function openThread(ctx: Context, i: ChatInputCommandInteraction, l: Locale, open: (channelId: string) => Promise<Lobby | null>, g: Locale): Promise<string | InteractionEditReplyOptions> {
  const parent = i.channel ?? (await ctx.client.channels.fetch(i.channelId).catch(() => null));
  const thread =
    parent && parent.type === ChannelType.GuildText
      ? await parent.threads
          .create({ name: clipGraphemes(t(g, 'lobby.threadName', { host: displayName(i) }), 100), autoArchiveDuration: ThreadAutoArchiveDuration.OneDay, type: ChannelType.PublicThread })
          .catch((err) => void ctx.log.warn({ err: { code: err?.code, status: err?.status }, channelId: i.channelId }, 'could not start a thread for a game'))
      : undefined;
  if (!thread) return t(l, 'lobby.threadFailed');
  const lobby = await open(thread.id);
  if (!lobby) return t(l, 'lobby.exists');
  await showLobby(ctx, lobby, () => thread.send(renderLobby(g, lobby)));
  return { content: t(g, 'lobby.inThread', { host: `<@${i.user.id}>`, thread: `<#${thread.id}>` }), allowedMentions: { parse: [] } };
}

async function abort(ctx: Context, i: ChatInputCommandInteraction, l: Locale): Promise<void> {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const guildId = i.guildId!;
  const lobby = await ctx.lobbies.inChannel(guildId, i.channelId);
  const gameId = await ctx.store.activeGameIn(guildId, i.channelId);
  const host = gameId !== null ? (await ctx.lobbies.ofGame(gameId))?.hostId : lobby?.hostId;
  if (gameId === null && !lobby) return void (await i.editReply(t(l, 'lobby.none')));
  if (i.user.id !== host && !canManage(i)) return void (await i.editReply(t(l, 'lobby.abortDenied')));
  // The closed table and the notice are owed in the abort's own transaction.
  if (gameId !== null) await stopGame(ctx, gameId, `aborted by ${i.user.id}`, () => ctx.publisher.abortOwed(gameId, i.user.id));
  if (lobby) {
    await ctx.lobbies.remove(lobby.id);
    const g = lobbyLocale(ctx, lobby);
    await refreshLobbyMessage(ctx, { ...lobby, seats: [] }, g, t(g, 'lobby.aborted'));
  }
  await i.editReply(t(l, 'lobby.aborted'));
}

/** What the channel reads for a lobby: the host's choice, else the server's language. */
function lobbyLocale(ctx: Context, lobby: Pick<Lobby, 'guildId' | 'options'>): Locale {
  return lobby.options.language ?? ctx.locales.guild(lobby.guildId);
}

/** The lobby's message after a change; once the game began it is the game's table, the publisher's to edit. */
async function refreshLobbyMessage(ctx: Context, lobby: Lobby, l: Locale, closedText?: string): Promise<void> {
  if (!lobby.messageId || lobby.gameId !== null) return;
  const channel = await ctx.client.channels.fetch(lobby.channelId).catch(() => null);
  if (!channel?.isSendable()) return;
  const body =
    closedText !== undefined || lobby.seats.length === 0 ? { content: closedText ?? t(l, 'lobby.aborted'), embeds: [], components: [] } : renderLobby(l, lobby);
  await channel.messages.edit(lobby.messageId, body).catch((err) => ctx.log.warn({ err, lobbyId: lobby.id }, 'could not update the lobby message'));
}

async function onCommand(ctx: Context, i: ChatInputCommandInteraction, sub: string): Promise<void> {
  const l = ctx.locales.of(i);
  if (!i.guildId || !i.channelId) {
    await i.reply({ content: t(l, 'err.permission'), flags: MessageFlags.Ephemeral });
    return;
  }
  await COMMANDS[sub]?.run(ctx, i, l, sub);
}

async function onClick(ctx: Context, i: Component, id: CustomId): Promise<void> {
  const l = ctx.locales.of(i);
  if (id.verb === REMATCH) return rematch(ctx, i, id.game, l);
  const r = await inLobbyTurn(ctx, i.guildId ?? '', i.channelId, async () => {
    const found = await ctx.lobbies.get(id.game);
    // A button works on its own lobby message only: a forged click from another server, channel or
    // message (no honest client makes one) finds no lobby.
    const own = found && found.guildId === i.guildId && found.channelId === i.channelId && (found.messageId === null || found.messageId === i.message.id);
    const lobby = own ? found : null;
    if (!lobby || lobby.gameId !== null) return lobby ? ('lobby.exists' as const) : ('lobby.none' as const);
    return change(ctx, lobby, id.verb, i.user.id, displayName(i), i);
  });
  if (typeof r === 'string') {
    await i.followUp({ content: t(l, r), flags: MessageFlags.Ephemeral });
    return;
  }
  if (r.text) {
    await i.followUp({ content: r.text(l), flags: MessageFlags.Ephemeral });
    return;
  }
  // Begun: the lobby's message is the table now, and the table's lane edits it through this click's token.
  if (r.lobby.gameId !== null) return;
  const g = lobbyLocale(ctx, r.lobby);
  if (r.lobby.seats.length === 0) await i.editReply({ content: t(g, 'lobby.aborted'), embeds: [], components: [] });
  else await i.editReply(renderLobby(g, r.lobby));
}

/** The closed table's 再来一局 (render/table.ts). */
const REMATCH = 'rematch';

/**
 * 再来一局 on a closed table: its host opens a new lobby in the channel with the game's options and
 * AI seats, the game's other players named in it, so each joins again with one click. Anyone else
 * is told that only the host may; a channel with a lobby or a game already says so.
 */
async function rematch(ctx: Context, i: Component, gameId: number, l: Locale): Promise<void> {
  const tell = async (content: string) => void (await i.followUp({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } }));
  const info = await ctx.store.game(gameId);
  // Its own closed table only: a click forged elsewhere finds nothing.
  const closed = info && info.status !== 'active' && info.guildId === i.guildId && info.channelId === i.channelId && info.tableMessageId === i.message.id;
  const old = closed ? await ctx.lobbies.ofGame(gameId) : null;
  if (!old) return tell(t(l, 'lobby.none'));
  if (old.hostId !== i.user.id) return tell(t(l, 'lobby.rematchHost', { host: `<@${old.hostId}>` }));
  const seats = [{ userId: i.user.id, name: displayName(i) }, ...old.seats.filter((s) => s.userId === null)];
  const lobby = await ctx.lobbies.create({ guildId: old.guildId, channelId: old.channelId, hostId: old.hostId, options: old.options, seats, messageId: null, gameId: null });
  if (!lobby) return tell(t(l, 'lobby.exists'));
  const channel = await ctx.client.channels.fetch(lobby.channelId).catch(() => null);
  if (!channel?.isSendable()) {
    await ctx.lobbies.remove(lobby.id);
    return tell(t(l, 'err.internal'));
  }
  const g = lobbyLocale(ctx, lobby);
  const others = [...new Set(old.seats.flatMap((s) => (s.userId && s.userId !== i.user.id ? [s.userId] : [])))];
  const content = t(g, 'lobby.rematch', { host: `<@${i.user.id}>`, players: others.map((u) => `<@${u}>`).join(' ') });
  await showLobby(ctx, lobby, () => channel.send({ ...renderLobby(g, lobby), content, allowedMentions: { users: others } }));
}

const START_OPTIONS: Subcommand['options'] = [
  { type: ApplicationCommandOptionType.String, name: 'edition', ...desc('cmd.start.edition'), choices: EDITION_CHOICES },
  { type: ApplicationCommandOptionType.Boolean, name: 'characters', ...desc('cmd.start.characters') },
  {
    type: ApplicationCommandOptionType.String,
    name: 'characterset',
    ...desc('cmd.start.characterSet'),
    choices: (['standard', 'classic'] as const).map((value) => ({ name: en[`charset.${value}`], name_localizations: { 'zh-CN': zhCN[`charset.${value}`] }, value })),
  },
  {
    type: ApplicationCommandOptionType.Integer,
    name: 'victoryintel',
    ...desc('cmd.start.victoryIntel'),
    choices: [3, 4].map((value) => ({ name: String(value), value })),
  },
  { type: ApplicationCommandOptionType.Boolean, name: 'split', ...desc('cmd.start.split') },
  { type: ApplicationCommandOptionType.Boolean, name: 'alliance', ...desc('cmd.start.alliance') },
  TIMER_OPTION,
  ROUNDS_OPTION,
  RESPONSE_OPTION,
  {
    type: ApplicationCommandOptionType.String,
    name: 'ai',
    ...desc('cmd.start.ai'),
    // Each level with what it is: 简单：按常识出牌，不推测身份 …
    choices: AI_LEVELS.map((value) => ({ name: `${en[`ai.level.${value}`]}: ${en[`ai.about.${value}`]}`, name_localizations: { 'zh-CN': `${zhCN[`ai.level.${value}`]}：${zhCN[`ai.about.${value}`]}` }, value })),
  },
  { type: ApplicationCommandOptionType.Boolean, name: 'hints', ...desc('cmd.start.hints') },
  { type: ApplicationCommandOptionType.Boolean, name: 'thread', ...desc('cmd.start.thread') },
  {
    type: ApplicationCommandOptionType.String,
    name: 'language',
    ...desc('cmd.start.language'),
    choices: [
      { name: '简体中文', value: 'zh-CN' },
      { name: 'English', value: 'en' },
    ],
  },
];

type Command = Omit<Subcommand, 'name' | 'ack'> & { run: (ctx: Context, i: ChatInputCommandInteraction, l: Locale, sub: string) => Promise<void> };

/** The lobby's subcommands (each answers for itself: start's answer is public). */
const COMMANDS: Record<string, Command> = {
  start: { zh: '开局', at: 0, desc: 'cmd.start.desc', options: START_OPTIONS, run: start },
  join: { zh: '加入', at: 1, desc: 'cmd.join.desc', run: changeByCommand },
  leave: { zh: '离开', at: 2, desc: 'cmd.leave.desc', run: changeByCommand },
  begin: { zh: '开始', at: 3, desc: 'cmd.begin.desc', run: changeByCommand },
  abort: { zh: '中止', at: 8, desc: 'cmd.abort.desc', run: abort },
};

export const lobby: Handler = {
  verbs: [...Object.keys(CHANGES), REMATCH],
  clickAck: 'update',
  subcommands: Object.entries(COMMANDS).map(([name, c]) => ({ name, zh: c.zh, at: c.at, desc: c.desc, ...(c.options ? { options: c.options } : {}), ack: 'self' as const })),
  run: runner({ command: onCommand, click: onClick }),
};
