// The game's whole public log, for anyone in the channel, privately: the table shows only its last
// lines. From the table's 日志 button or /fengsheng log.
import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction } from 'discord.js';
import { t, type Locale } from '../../i18n/index.js';
import { runner, type Context, type Handler } from '../context.js';
import { clip } from '../render/table.js';

/** The public log of a game in words: kept by the publisher while it runs, else rebuilt from the stored log. */
async function linesOf(ctx: Context, gameId: number): Promise<string[]> {
  await ctx.sessions.prepare(gameId);
  const kept = ctx.publisher.logOf(gameId);
  if (kept.length) return kept;
  const state = await ctx.store.state(gameId);
  if (!state) return [];
  ctx.publisher.noteRecent(gameId, ctx.locales.table(gameId), (await ctx.sessions.events.all(gameId)).events, state);
  return ctx.publisher.logOf(gameId);
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
