// From an interaction to the handler that owns it: the maps of verbs and subcommands are built from
// the handlers' own lists (a verb or subcommand named twice is an error at start-up), and how an
// interaction is acknowledged, and what a failure says, is decided here once.
import { performance } from 'node:perf_hooks';
import { DiscordAPIError, MessageFlags, RESTJSONErrorCodes, type ChatInputCommandInteraction, type Client, type Interaction } from 'discord.js';
import { t } from '../i18n/index.js';
import { shardOf } from '../store/shard.js';
import { COMMAND_NAME } from './command-options.js';
import type { ClickAck, Context, Handler, Subcommand } from './context.js';
import { decodeId } from './custom-id.js';
import type { KeptClicks } from './http/thread.js';
import { ack, ackAsUpdate, ackUnlessAnsweredIn, onPrivatePanel, type Component } from './reply.js';

/** A game click not answered with its panel by then is acknowledged first (Discord allows 3 s). */
const ANSWER_WITHIN_MS = 1_000;

export interface RouterOptions {
  /** Called with the ms from a game click reaching the bot to its acknowledgement (bench). */
  onAck?: (ms: number) => void;
  /** Discord's clock, for an interaction's age (the time in its id); default this machine's. */
  discordNow?: () => number;
}

/** Discord's answer to a response of an interaction it has given up on (over 3 s unanswered). */
const tooLate = (err: unknown): boolean => err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.UnknownInteraction;

/**
 * Whether the guild is this process's, as Discord routes guilds to shards (shards.ts): an interaction of
 * another shard's guild is not run here, where that game's timers and messages are not driven.
 */
function ownsGuild(client: Client, guildId: string): boolean {
  const { shards, shardCount } = client.options;
  if (!shardCount || shardCount <= 1 || !Array.isArray(shards)) return true;
  return shards.includes(shardOf(guildId, shardCount));
}

const CLICK_ACKS: Record<Exclude<ClickAck, 'panel'>, (i: Component) => Promise<unknown>> = {
  self: async () => undefined,
  update: (i) => i.deferUpdate(),
  private: (i) => i.deferReply({ flags: MessageFlags.Ephemeral }),
  ack: (i) => ack(i),
};

export class Router {
  private readonly verbs = new Map<string, Handler>();
  private readonly subcommands = new Map<string, { handler: Handler; sub: Subcommand }>();

  constructor(
    private readonly ctx: Context,
    handlers: readonly Handler[],
    private readonly o: RouterOptions = {},
  ) {
    for (const handler of handlers) {
      for (const verb of handler.verbs) {
        if (this.verbs.has(verb)) throw new Error(`two handlers own the verb ${verb}`);
        this.verbs.set(verb, handler);
      }
      for (const sub of handler.subcommands) {
        if (this.subcommands.has(sub.name)) throw new Error(`two handlers own the subcommand ${sub.name}`);
        this.subcommands.set(sub.name, { handler, sub });
      }
    }
  }

  /**
   * The interactions whose first answer is always the same kind, which the HTTP thread may then give
   * itself when this process's event loop has not in time (http/worker.mjs): the clicks first answered
   * as an update of the message clicked on (a game click: on a private panel its panel, on the table an
   * acknowledgement as the table's update, the panel following privately; the lobby's and the rules'
   * buttons), and the subcommands deferred privately.
   */
  keptClicks(): KeptClicks {
    const verbsOf = (ack: ClickAck) => [...this.verbs].filter(([, h]) => h.clickAck === ack).map(([verb]) => verb);
    const privately = [...this.subcommands.values()].filter(({ sub }) => sub.ack === 'private').map(({ sub }) => `${COMMAND_NAME}/${sub.name}`);
    return { clicks: [...verbsOf('panel'), ...verbsOf('update')], privately };
  }

  /** One interaction: its handler runs; a failure is logged and told to the user privately. */
  async route(i: Interaction): Promise<void> {
    // Its age by Discord's clock when it reached the bot, then by this process's own (no skew).
    const arrived = performance.now();
    const agedOnArrival = (this.o.discordNow ?? Date.now)() - i.createdTimestamp;
    const age = () => agedOnArrival + performance.now() - arrived;
    try {
      if (i.guildId && !ownsGuild(i.client, i.guildId)) {
        this.ctx.log.warn({ interaction: i.id, guildId: i.guildId }, "an interaction of another shard's server; not run");
        if (i.isRepliable()) await i.reply({ content: t(this.ctx.locales.of(i), 'err.otherShard'), flags: MessageFlags.Ephemeral });
        return;
      }
      if (i.guildId) await this.ctx.store.guildSettings(i.guildId);
      await this.ctx.sessions.flags.noteLocale(i.user.id, i.locale);
      if (i.isChatInputCommand()) {
        if (i.commandName === COMMAND_NAME) await this.command(i);
        return;
      }
      if (i.isButton() || i.isStringSelectMenu()) await this.click(i, age);
    } catch (err) {
      // Discord gave up on it (it came, or was run, too late): nothing was done, and nobody can be told.
      if (tooLate(err)) return void this.ctx.log.info({ interaction: i.id, ageMs: Math.round(age()) }, 'an interaction came too late; not run');
      this.ctx.log.error({ err, interaction: i.id, customId: 'customId' in i ? i.customId : undefined }, 'interaction failed');
      // Never leave a player looking at "thinking…": say something went wrong, privately.
      if (i.isRepliable()) {
        const content = t(this.ctx.locales.of(i), 'err.internal');
        const answer = i.deferred || i.replied ? i.followUp({ content, flags: MessageFlags.Ephemeral }) : i.reply({ content, flags: MessageFlags.Ephemeral });
        await answer.catch(() => undefined);
      }
    }
  }

  private async command(i: ChatInputCommandInteraction): Promise<void> {
    const name = i.options.getSubcommand();
    const found = this.subcommands.get(name);
    if (!found) return;
    if (found.sub.ack === 'private') await i.deferReply({ flags: MessageFlags.Ephemeral });
    await found.handler.run(this.ctx, i, name);
  }

  private async click(i: Component, age: () => number): Promise<void> {
    const started = performance.now();
    const id = decodeId(i.customId);
    const handler = id && this.verbs.get(id.verb);
    if (!id || !handler) {
      await i.reply({ content: t(this.ctx.locales.of(i), 'err.malformed'), flags: MessageFlags.Ephemeral });
      return;
    }
    if (handler.clickAck !== 'panel') {
      await CLICK_ACKS[handler.clickAck](i);
      return handler.run(this.ctx, i, id);
    }
    // A click that may be past Discord's 3 s (a stall, a gateway that resumed) is acknowledged before
    // its move is made: if Discord no longer takes it, the player was told it failed, and it is not run.
    if (age() >= ANSWER_WITHIN_MS) await (onPrivatePanel(i) ? ack(i) : ackAsUpdate(i));
    // The clicker's panel is the answer itself (reply.ts), unless the work takes longer than this.
    const cancel = ackUnlessAnsweredIn(i, ANSWER_WITHIN_MS);
    try {
      await handler.run(this.ctx, i, id);
    } finally {
      cancel();
    }
    this.o.onAck?.(performance.now() - started);
  }
}
