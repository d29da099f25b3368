// The game's whole public log, for anyone in the channel, privately: the table shows only its last
// lines. From the table's 日志 button or /fengsheng log.
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { t, type Locale } from '../i18n/index.js';
import type { Bot } from './bot.js';
import { clip } from './render/table.js';

/** The public log of a game in words: kept by the publisher while it runs, else rebuilt from the stored log. */
async function linesOf(bot: Bot, gameId: number): Promise<string[]> {
  await bot.prepare(gameId);
  const kept = bot.publisher.logOf(gameId);
  if (kept.length) return kept;
  const state = await bot.store.state(gameId);
  if (!state) return [];
  bot.publisher.noteRecent(gameId, bot.tableLocale(gameId), bot.events.events(gameId), state);
  return bot.publisher.logOf(gameId);
}

/** The channel's game in play, else the last one it played. */
export async function gameForLog(bot: Bot, guildId: string, channelId: string): Promise<number | null> {
  return (await bot.store.activeGameIn(guildId, channelId)) ?? (await bot.store.newestGameIn(guildId, channelId));
}

export async function showLog(bot: Bot, i: ButtonInteraction | ChatInputCommandInteraction, gameId: number | null, l: Locale): Promise<void> {
  if (!i.deferred && !i.replied) await i.deferReply({ flags: MessageFlags.Ephemeral });
  const lines = gameId === null ? [] : await linesOf(bot, gameId);
  if (!lines.length) return void (await i.editReply(t(l, 'log.none')));
  const text = clip(lines.join('\n'), 4000, true);
  const shown = text.split('\n').length;
  await i.editReply({ embeds: [{ title: t(l, 'log.title', { count: shown }), description: text, color: 0x7f8c8d }] });
}
