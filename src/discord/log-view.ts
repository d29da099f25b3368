// The game's whole public log, for anyone in the channel, privately: the table shows only its last
// lines. From the table's 日志 button or /fengsheng log.
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { t, type Locale } from '../i18n/index.js';
import type { Bot } from './bot.js';
import { clip } from './render/table.js';

/** The public log of a game in words: kept by the publisher while it runs, else rebuilt from the stored log. */
function linesOf(bot: Bot, gameId: number): string[] {
  const kept = bot.publisher.logOf(gameId);
  if (kept.length) return kept;
  const state = bot.store.state(gameId);
  if (!state) return [];
  bot.publisher.noteRecent(gameId, bot.tableLocale(gameId), bot.events.events(gameId), state);
  return bot.publisher.logOf(gameId);
}

/** The channel's game in play, else the last one it played. */
export function gameForLog(bot: Bot, guildId: string, channelId: string): number | null {
  const active = bot.store.activeGameIn(guildId, channelId);
  if (active !== null) return active;
  const row = bot.store.conn.sqlite.prepare('SELECT max(id) AS id FROM games WHERE guild_id = ? AND channel_id = ?').get(guildId, channelId) as { id: number | null };
  return row.id;
}

export async function showLog(bot: Bot, i: ButtonInteraction | ChatInputCommandInteraction, gameId: number | null, l: Locale): Promise<void> {
  if (!i.deferred && !i.replied) await i.deferReply({ flags: MessageFlags.Ephemeral });
  const lines = gameId === null ? [] : linesOf(bot, gameId);
  if (!lines.length) return void (await i.editReply(t(l, 'log.none')));
  const text = clip(lines.join('\n'), 4000, true);
  const shown = text.split('\n').length;
  await i.editReply({ embeds: [{ title: t(l, 'log.title', { count: shown }), description: text, color: 0x7f8c8d }] });
}
