// What a handler is given (never the Bot): the store, the game sessions, the outbound parts, the
// seat drivers, the log and the languages. And what a handler is: the verbs and subcommands it owns
// and one `run` (the discord.js guide's command files, Sapphire's parse/run).
import { GuildMember, PermissionFlagsBits, type APIApplicationCommandBasicOption, type ChatInputCommandInteraction, type Client, type Interaction } from 'discord.js';
import type { MessageKey } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { GameStore, KeyedQueue, LobbiesRepo } from '../store/index.js';
import type { CustomId } from './custom-id.js';
import type { Locales } from './locales.js';
import type { Panels } from './outbound/panels.js';
import type { Holds } from './outbound/holds.js';
import type { Pauses } from './outbound/pauses.js';
import type { Pings } from './outbound/pings.js';
import type { Publisher } from './outbound/publisher.js';
import type { Component } from './reply.js';
import type { Coach } from './seats/coach.js';
import type { Drivers } from './seats/drivers.js';
import type { Sessions } from './session/sessions.js';

export interface Context {
  client: Client;
  store: GameStore;
  lobbies: LobbiesRepo;
  /**
   * A channel's lobby changes one at a time (key: guild:channel), each reading the lobby as the one
   * before left it: two 加入 at the same instant both count, and 开始 sees a join still being saved.
   */
  lobbyTurns: KeyedQueue<string>;
  /** Everything kept per game (sessions.users, .flags, .events), loaded by prepare. */
  sessions: Sessions;
  publisher: Publisher;
  drivers: Drivers;
  /** 提示: the expert's move for a person's seat, from that seat's view (seats/coach.ts). */
  coach: Coach;
  panels: Panels;
  pings: Pings;
  /** Games paused because the database would not save a move (their channels are told). */
  pauses: Pauses;
  /** Games held because the bot may not post in their channel (their players are told by DM). */
  holds: Holds;
  log: Logger;
  locales: Locales;
  /** Seeds for new games; default random. Tests fix them so a game plays the same every run. */
  seeds?: () => number;
}

/**
 * How the router acknowledges a click before its handler runs (Discord allows 3 s):
 * - `self`: the handler answers itself;
 * - `update`: the message clicked is updated in place (deferUpdate);
 * - `private`: a private answer follows (deferReply, ephemeral);
 * - `ack`: a private panel is updated in place, a public button opens a private answer (reply.ts ack);
 * - `panel`: the clicker's panel is the answer itself, unless the work takes longer than a second.
 */
export type ClickAck = 'self' | 'update' | 'private' | 'ack' | 'panel';

/** One subcommand of /fengsheng, declared by the handler that runs it (commands.ts assembles them). */
export interface Subcommand {
  name: string;
  /** Its name for zh-CN users. */
  zh: string;
  /** Its place in the /fengsheng menu, from the top (commands.ts sorts by it). */
  at: number;
  desc: MessageKey;
  options?: APIApplicationCommandBasicOption[];
  /** `private`: the router defers a private answer first; `self`: the handler answers itself. */
  ack: 'self' | 'private';
}

export interface Handler {
  /** The custom_id verbs of its buttons and menus. */
  readonly verbs: readonly string[];
  readonly clickAck: ClickAck;
  readonly subcommands: readonly Subcommand[];
  /** A click (`id`: its decoded custom_id) or a command (`id`: the subcommand's name). */
  run(ctx: Context, i: ChatInputCommandInteraction | Component, id: CustomId | string): Promise<void>;
}

/** A handler's run from its command and its click. */
export function runner(on: {
  command?: (ctx: Context, i: ChatInputCommandInteraction, sub: string) => Promise<void>;
  click?: (ctx: Context, i: Component, id: CustomId) => Promise<void>;
}): Handler['run'] {
  return async (ctx, i, id) => {
    if (i.isChatInputCommand()) {
      if (typeof id === 'string') await on.command?.(ctx, i, id);
    } else if (typeof id !== 'string') await on.click?.(ctx, i, id);
  };
}

export function canManage(i: Interaction): boolean {
  return i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

/**
 * Whether the one asking may see a channel of their server (查看频道 there, a thread by its parent's
 * overwrites, as discord.js computes them from the cached channel and the member's roles). A channel
 * the bot no longer knows (deleted) is seen by nobody.
 */
export async function canView(client: Client, i: Interaction, channelId: string): Promise<boolean> {
  if (!(i.member instanceof GuildMember)) return false;
  const channel = await client.channels.fetch(channelId).catch(() => null);
  if (!channel || channel.isDMBased()) return false;
  return channel.permissionsFor(i.member).has(PermissionFlagsBits.ViewChannel);
}
