import { Client, GatewayIntentBits, Partials, type ClientOptions } from 'discord.js';

/**
 * Guild events, and the creation of messages (not their content: no privileged intent) so the
 * bot knows when its table has scrolled up. The API base points discord.js at the stand-in in tests.
 */
export function clientOptions(apiBase: string | null, rest: ClientOptions['rest'] = {}): ClientOptions {
  return {
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    partials: [Partials.Channel],
    rest: { ...rest, ...(apiBase ? { api: apiBase } : {}) },
  };
}

export function createClient(apiBase: string | null, rest: ClientOptions['rest'] = {}): Client {
  return new Client(clientOptions(apiBase, rest));
}
