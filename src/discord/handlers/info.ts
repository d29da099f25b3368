// The informational subcommands: table, settings, stats, history.
import { ApplicationCommandOptionType, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { DEFAULT_OPTIONS, EDITION_NAMES, type Edition } from '../../engine/index.js';
import { en } from '../../i18n/en.js';
import { t, type Locale } from '../../i18n/index.js';
import { zhCN } from '../../i18n/zh-CN.js';
import { DEFAULT_DECISION_MS, type PingMode, type ServerRecord } from '../../store/index.js';
import { desc, EDITION_CHOICES, outOfRange, RESPONSE_OPTION, ROUNDS_OPTION, TIMER_OPTION } from '../command-options.js';
import { canManage, canView, runner, type Context, type Handler, type Subcommand } from '../context.js';
import { nameText } from '../clip.js';

/** Ended games read for /fengsheng history, of which the ten newest the asker may see are listed. */
const HISTORY_READ = 50;

/** /fengsheng table: posts the table anew, for all to see, at most every 30 s per channel. */
async function table(ctx: Context, i: ChatInputCommandInteraction, l: Locale): Promise<void> {
  const gameId = i.guildId ? await ctx.store.activeGameIn(i.guildId, i.channelId) : null;
  if (gameId !== null) await ctx.sessions.prepare(gameId);
  const repost = gameId !== null && ctx.publisher.mayRepost(gameId);
  await i.deferReply(repost ? {} : { flags: MessageFlags.Ephemeral });
  if (gameId === null) return void (await i.editReply(t(l, 'lobby.none')));
  if (!repost) return void (await i.editReply(t(l, 'table.tooSoon')));
  await i.deleteReply().catch(() => undefined);
  await ctx.publisher.repost(gameId);
}

async function settings(ctx: Context, i: ChatInputCommandInteraction, l: Locale): Promise<void> {
  const guildId = i.guildId;
  if (!guildId) return void (await i.editReply(t(l, 'err.permission')));
  const language = i.options.getString('language');
  const timer = i.options.getInteger('timer');
  const rounds = i.options.getInteger('rounds');
  const edition = i.options.getString('edition') as Edition | null;
  const response = i.options.getInteger('response');
  const pings = i.options.getString('pings') as PingMode | null;
  const threads = i.options.getBoolean('thread');
  const bad =
    outOfRange(i) ??
    (language !== null && !['zh-CN', 'en', 'auto'].includes(language) ? 'language' : null) ??
    (edition !== null && !(EDITION_NAMES as string[]).includes(edition) ? 'edition' : null) ?? (pings !== null && pings !== 'channel' && pings !== 'dm' ? 'pings' : null);
  if (bad) return void (await i.editReply(t(l, 'err.badOption', { option: bad })));
  const changing = language !== null || timer !== null || rounds !== null || edition !== null || response !== null || pings !== null || threads !== null;
  if (changing && !canManage(i)) return void (await i.editReply(t(l, 'err.permission')));
  let s = await ctx.store.guildSettings(guildId);
  if (changing) {
    s = await ctx.store.updateGuildSettings(guildId, {
      ...(language !== null ? { language: language === 'auto' ? null : language } : {}),
      ...(timer !== null ? { decisionMs: timer * 1000 } : {}),
      ...(response !== null ? { windowMs: response * 1000 } : {}),
      ...(pings !== null ? { pings } : {}),
      lobbyOptions: { ...s.lobbyOptions, ...(rounds !== null ? { roundLimit: rounds } : {}), ...(edition !== null ? { edition } : {}), ...(threads !== null ? { threads } : {}) },
    });
  }
  const shown = ctx.locales.of(i);
  await i.editReply(
    t(shown, changing ? 'settings.saved' : 'settings.show', {
      language: s.language ?? t(shown, 'language.auto'),
      timer: Math.round((s.decisionMs ?? DEFAULT_DECISION_MS) / 1000),
      pace:
        t(shown, 'settings.response', { response: Math.round(s.windowMs / 1000), pings: t(shown, `pings.${s.pings}`) }) +
        (s.lobbyOptions.threads ? t(shown, 'settings.threads') : ''),
      rounds: s.lobbyOptions.roundLimit ?? DEFAULT_OPTIONS.roundLimit,
      edition: t(shown, `edition.${s.lobbyOptions.edition ?? 'standard'}`),
    }),
  );
}

/**
 * /fengsheng stats [user]: a player's record in this server, and the server's board; one's own
 * record across every server only to oneself (another server's games are not this server's to know).
 */
async function stats(ctx: Context, i: ChatInputCommandInteraction, l: Locale): Promise<void> {
  const user = i.options.getUser('user') ?? i.user;
  const here = i.guildId ? await ctx.store.repos.history.record(i.guildId, user.id) : null;
  const all = user.id === i.user.id ? await ctx.store.repos.stats.read(user.id) : null;
  const counts = (s: ServerRecord) => ({
    games: s.games,
    wins: s.wins,
    red: s.winsLurker,
    blue: s.winsMilitary,
    soy: s.winsSoy,
    deaths: s.deaths,
  });
  const lines = [here?.games ? t(l, 'stats.here', counts(here)) : t(l, 'stats.none')];
  if (all && all.games > (here?.games ?? 0)) lines.push(t(l, 'stats.all', { ...counts(all), declarations: all.declarations }));
  const board = i.guildId ? await ctx.store.repos.history.leaderboard(i.guildId, 10) : [];
  if (board.length)
    lines.push('', `**${t(l, 'stats.board')}**`, ...board.map((b, k) => t(l, 'stats.boardLine', { rank: k + 1, name: `<@${b.userId}>`, wins: b.wins, games: b.games })));
  await i.editReply({ embeds: [{ title: t(l, 'stats.title', { name: user.displayName ?? user.username }), description: lines.join('\n'), color: 0xc0392b }], allowedMentions: { parse: [] } });
}

/** /fengsheng history: the server's last ended games in the channels the one asking may see. */
async function history(ctx: Context, i: ChatInputCommandInteraction, l: Locale): Promise<void> {
  const recent = i.guildId ? await ctx.store.repos.history.recentGames(i.guildId, HISTORY_READ) : [];
  const visible = new Map<string, boolean>();
  for (const g of recent) if (!visible.has(g.channelId)) visible.set(g.channelId, await canView(ctx.client, i, g.channelId));
  const games = recent.filter((g) => visible.get(g.channelId)).slice(0, 10);
  if (!games.length) return void (await i.editReply(t(l, 'history.none')));
  const lines = games.map((g) =>
    t(l, 'history.line', {
      id: g.id,
      when: `<t:${Math.floor((g.finishedAt ?? g.updatedAt) / 1000)}:R>`,
      where: `<#${g.channelId}>`,
      names: g.names.map(nameText).join('、'),
      players: g.players,
      minutes: Math.max(1, Math.round(((g.finishedAt ?? g.updatedAt) - g.createdAt) / 60_000)),
      result: g.status === 'aborted' ? t(l, 'history.abandoned') : g.winners.length ? t(l, 'table.winners', { names: g.winners.map(nameText).join('、') }) : t(l, 'table.draw', { reason: '' }),
    }),
  );
  await i.editReply({ embeds: [{ title: t(l, 'history.title'), description: lines.join('\n'), color: 0x7f8c8d }] });
}

const SETTINGS_OPTIONS: Subcommand['options'] = [
  {
    type: ApplicationCommandOptionType.String,
    name: 'language',
    ...desc('cmd.settings.language'),
    choices: [
      { name: '简体中文', value: 'zh-CN' },
      { name: 'English', value: 'en' },
      { name: en['language.auto'], name_localizations: { 'zh-CN': zhCN['language.auto'] }, value: 'auto' },
    ],
  },
  TIMER_OPTION,
  ROUNDS_OPTION,
  { type: ApplicationCommandOptionType.String, name: 'edition', ...desc('cmd.start.edition'), choices: EDITION_CHOICES },
  RESPONSE_OPTION,
  {
    type: ApplicationCommandOptionType.String,
    name: 'pings',
    ...desc('cmd.settings.pings'),
    choices: (['channel', 'dm'] as const).map((value) => ({ name: en[`pings.${value}`], name_localizations: { 'zh-CN': zhCN[`pings.${value}`] }, value })),
  },
  { type: ApplicationCommandOptionType.Boolean, name: 'thread', ...desc('cmd.settings.thread') },
];

/** Each subcommand's answer (all of them privately, except a table posted anew). */
const ANSWERS: Record<string, (ctx: Context, i: ChatInputCommandInteraction, l: Locale) => Promise<void>> = { table, settings, stats, history };

export const info: Handler = {
  verbs: [],
  clickAck: 'self',
  subcommands: [
    { name: 'table', zh: '牌桌', at: 5, desc: 'cmd.table.desc', ack: 'self' },
    { name: 'settings', zh: '设置', at: 9, desc: 'cmd.settings.desc', options: SETTINGS_OPTIONS, ack: 'private' },
    { name: 'stats', zh: '战绩', at: 10, desc: 'cmd.stats.desc', options: [{ type: ApplicationCommandOptionType.User, name: 'user', ...desc('cmd.stats.user') }], ack: 'private' },
    { name: 'history', zh: '历史', at: 11, desc: 'cmd.history.desc', ack: 'private' },
  ],
  run: runner({ command: async (ctx, i, sub) => ANSWERS[sub]?.(ctx, i, ctx.locales.of(i)) }),
};
