// Which language each reader gets: a channel, a game's table, a player's DMs, one interaction's answer.
import type { Interaction } from 'discord.js';
import { pickLocale, type Locale } from '../i18n/index.js';
import type { GameStore } from '../store/index.js';

export class Locales {
  constructor(
    private readonly store: GameStore,
    /** The language the game's lobby chose, once its session is loaded (Sessions.tableLocale). */
    private readonly lobbyLocale: (gameId: number) => Locale | null,
    /** The Discord language a user's interactions carry (TableFlags.localeOf). */
    private readonly discordLocale: (userId: string) => string | null,
  ) {}

  /**
   * For what a whole channel reads outside a game (a lobby, notices): the server's setting, else
   * Chinese. Not the server's Discord language: most servers say en-US whoever plays in them.
   */
  guild(guildId: string | null): Locale {
    return pickLocale(guildId ? (this.store.knownSettings(guildId)?.language ?? null) : null, null);
  }

  /** For what a game's channel reads (its table, pings, notices): the host's choice at /fengsheng start, else the server's. Read by prepare. */
  table(gameId: number): Locale {
    return this.lobbyLocale(gameId) ?? this.guild(this.store.known(gameId)?.guildId ?? null);
  }

  /** For what one player is sent by DM: the server's setting, else the player's own Discord language. */
  user(guildId: string, userId: string): Locale {
    return pickLocale(this.store.knownSettings(guildId)?.language ?? null, this.discordLocale(userId));
  }

  /** For what one user reads in answer to an interaction (panels, replies): the server's setting, else their own Discord language. */
  of(i: Interaction): Locale {
    const server = i.guildId ? (this.store.knownSettings(i.guildId)?.language ?? null) : null;
    return pickLocale(server, i.locale);
  }
}
