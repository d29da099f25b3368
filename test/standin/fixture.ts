import { Events, type BaseInteraction, type Client, type ClientOptions } from 'discord.js';
import {
  loginClient,
  ManualClock,
  startStandIn,
  TEST_LIMITS,
  type ChannelRecord,
  type GuildRecord,
  type StandIn,
  type StandInOptions,
  type UserRecord,
} from '../support/discord/index.js';

/**
 * A stand-in with a guild, three people and a logged-in discord.js client.
 * alice and bob are in the guild; carol shares no guild with the bot.
 */
export interface Table {
  discord: StandIn;
  clock: ManualClock;
  client: Client<true>;
  alice: UserRecord;
  bob: UserRecord;
  carol: UserRecord;
  guild: GuildRecord;
  general: ChannelRecord;
  /** Errors thrown by the test bot's interaction handlers. */
  botErrors: unknown[];
  /** Installs the test bot's interaction handler; errors land in botErrors. */
  onInteraction(handler: (interaction: BaseInteraction) => Promise<void> | void): void;
  close(): Promise<void>;
}

export async function openTable(
  options: { standIn?: StandInOptions; client?: Partial<ClientOptions> } = {},
): Promise<Table> {
  const clock = new ManualClock();
  const discord = await startStandIn({ clock, heartbeatIntervalMs: 10_000, limits: TEST_LIMITS, ...options.standIn });
  const alice = discord.createUser({ username: 'alice' });
  const bob = discord.createUser({ username: 'bob' });
  const carol = discord.createUser({ username: 'carol' });
  const guild = discord.createGuild({ name: '风声 test table', members: [alice, bob] });
  const general = discord.channel(guild, 'general');
  let client: Client<true>;
  try {
    client = await loginClient(discord, options.client);
  } catch (error) {
    await discord.close();
    throw error;
  }
  const botErrors: unknown[] = [];
  return {
    discord,
    clock,
    client,
    alice,
    bob,
    carol,
    guild,
    general,
    botErrors,
    onInteraction(handler) {
      client.on(Events.InteractionCreate, (interaction) => {
        Promise.resolve()
          .then(() => handler(interaction))
          .catch((error: unknown) => botErrors.push(error));
      });
    },
    async close() {
      await client.destroy();
      await discord.close();
    },
  };
}

/** A promise and its resolver, for holding the bot at a point the test chooses. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
