// The game's whole public log, for anyone in the channel, privately: the table shows only its last
// lines. From the table's 日志 button or /fengsheng log.
import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction } from 'discord.js';
import { t, type Locale } from '../../i18n/index.js';
import { runner, type Context, type Handler } from '../context.js';
import { clip } from '../render/table.js';
import { logLines } from '../render/words.js';
import { nameText } from '../clip.js';

/**
 * The public log of a game in words, read from the store each time (a live game keeps only its last
 * lines in memory, for its table), in the table's language.
 */
async function linesOf(ctx: Context, gameId: number): Promise<string[]> {
  await ctx.sessions.prepare(gameId);
  const state = ctx.store.liveState(gameId) ?? (await ctx.store.state(gameId));
  if (!state) return [];
  const { events } = await ctx.sessions.events.all(gameId);
  return logLines(ctx.locales.table(gameId), events, state.players.map((p) => nameText(p.name)), state.cards);
}

/** The channel's game in play, else the last one it played. */
async function gameForLog(ctx: Context, guildId: string, channelId: string): Promise<number | null> {
  return (await ctx.store.activeGameIn(guildId, channelId)) ?? (await ctx.store.newestGameIn(guildId, channelId));
}

async function showLog(ctx: Context, i: ButtonInteraction | StringSelectMenuInteraction | ChatInputCommandInteraction, gameId: number | null, l: Locale): Promise<void> {
  const lines = gameId === null ? [] : await linesOf(ctx, gameId);
  if (!lines.length) return void (await i.editReply(t(l, 'log.none')));
  const text = clip(lines.join('\n'), 4000, true);
  const shown = text.split('\n').length;
  await i.editReply({ embeds: [{ title: t(l, 'log.title', { count: shown }), description: text, color: 0x7f8c8d }] });
}

export const log: Handler = {
  verbs: ['log'],
  // The log is public: anyone in the channel may read it, privately.
  clickAck: 'private',
  subcommands: [{ name: 'log', zh: '日志', at: 6, desc: 'cmd.log.desc', ack: 'private' }],
  run: runner({
    command: async (ctx, i) => showLog(ctx, i, i.guildId ? await gameForLog(ctx, i.guildId, i.channelId) : null, ctx.locales.of(i)),
    click: async (ctx, i, id) => {
      const info = await ctx.store.game(id.game);
      return showLog(ctx, i, info && info.guildId === i.guildId ? id.game : null, ctx.locales.of(i));
    },
  }),
};
