// The informational subcommands: hand (我的信息), table, rules, settings, stats, history.
import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { characterNames, characterText } from '../i18n/characters.js';
import { t, type Locale } from '../i18n/index.js';
import type { Bot } from './bot.js';
import { showPanel } from './game-clicks.js';
import { outOfRange } from './lobby.js';
import { gameForLog, showLog } from './log-view.js';
import { showRules } from './rules-pages.js';
import { DEFAULT_OPTIONS, EDITION_NAMES, type Edition } from '../engine/index.js';
import { DEFAULT_DECISION_MS, type PingMode } from '../store/index.js';

export async function onInfoCommand(bot: Bot, i: ChatInputCommandInteraction, sub: string): Promise<void> {
  const l = bot.localeFor(i);
  const gameId = i.guildId ? await bot.store.activeGameIn(i.guildId, i.channelId) : null;
  if (gameId !== null) await bot.prepare(gameId);
  // Everything answers the asker alone, except /fengsheng table with a game to post (at most every 30 s per channel).
  const repost = sub === 'table' && gameId !== null && bot.publisher.mayRepost(gameId);
  await i.deferReply(repost ? {} : { flags: MessageFlags.Ephemeral });
  switch (sub) {
    case 'hand': {
      if (gameId === null) return void (await i.editReply(t(l, 'lobby.none')));
      const seat = bot.users.seatOf(gameId, i.user.id);
      if (seat < 0) return void (await i.editReply(t(l, 'panel.notPlaying')));
      bot.panels.claim(gameId, seat, i, l);
      try {
        return await showPanel(bot, i, gameId, seat, l);
      } finally {
        bot.panels.release(gameId, seat);
      }
    }
    case 'table': {
      if (gameId === null) return void (await i.editReply(t(l, 'lobby.none')));
      if (!repost) return void (await i.editReply(t(l, 'table.tooSoon')));
      await i.deleteReply().catch(() => undefined);
      await bot.publisher.repost(gameId);
      return;
    }
    case 'log':
      return showLog(bot, i, i.guildId ? await gameForLog(bot, i.guildId, i.channelId) : null, l);
    case 'rules':
      return showRules(i, l);
    case 'settings':
      return settings(bot, i, l);
    case 'stats':
      return stats(bot, i, l);
    case 'history':
      return history(bot, i, l);
  }
}

async function settings(bot: Bot, i: ChatInputCommandInteraction, l: Locale): Promise<void> {
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
  if (changing && !bot.canManage(i)) return void (await i.editReply(t(l, 'err.permission')));
  let s = await bot.store.guildSettings(guildId);
  if (changing) {
    s = await bot.store.updateGuildSettings(guildId, {
      ...(language !== null ? { language: language === 'auto' ? null : language } : {}),
      ...(timer !== null ? { decisionMs: timer * 1000 } : {}),
      ...(response !== null ? { windowMs: response * 1000 } : {}),
      ...(pings !== null ? { pings } : {}),
      lobbyOptions: { ...s.lobbyOptions, ...(rounds !== null ? { roundLimit: rounds } : {}), ...(edition !== null ? { edition } : {}), ...(threads !== null ? { threads } : {}) },
    });
  }
  const shown = bot.localeFor(i);
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

async function stats(bot: Bot, i: ChatInputCommandInteraction, l: Locale): Promise<void> {
  const user = i.options.getUser('user') ?? i.user;
  const s = await bot.store.userStats(user.id);
  const lines = [s ? t(l, 'stats.line', { games: s.games, wins: s.wins, red: s.winsLurker, blue: s.winsMilitary, soy: s.winsSoy, deaths: s.deaths, declarations: s.declarations }) : t(l, 'stats.none')];
  const board = i.guildId ? await bot.store.leaderboard(i.guildId, 10) : [];
  if (board.length)
    lines.push('', `**${t(l, 'stats.board')}**`, ...board.map((b, k) => t(l, 'stats.boardLine', { rank: k + 1, name: `<@${b.userId}>`, wins: b.wins, games: b.games })));
  await i.editReply({ embeds: [{ title: t(l, 'stats.title', { name: user.displayName ?? user.username }), description: lines.join('\n'), color: 0xc0392b }], allowedMentions: { parse: [] } });
}

async function history(bot: Bot, i: ChatInputCommandInteraction, l: Locale): Promise<void> {
  const games = i.guildId ? await bot.store.recentGames(i.guildId, 10) : [];
  if (!games.length) return void (await i.editReply(t(l, 'history.none')));
  const lines = games.map((g) =>
    t(l, 'history.line', {
      id: g.id,
      when: `<t:${Math.floor((g.finishedAt ?? g.updatedAt) / 1000)}:R>`,
      where: `<#${g.channelId}>`,
      names: g.names.join('、'),
      players: g.players,
      minutes: Math.max(1, Math.round(((g.finishedAt ?? g.updatedAt) - g.createdAt) / 60_000)),
      result: g.status === 'aborted' ? t(l, 'history.abandoned') : g.winners.length ? t(l, 'table.winners', { names: g.winners.join('、') }) : t(l, 'table.draw', { reason: '' }),
    }),
  );
  await i.editReply({ embeds: [{ title: t(l, 'history.title'), description: lines.join('\n'), color: 0x7f8c8d }] });
}
