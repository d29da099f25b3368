import { Client, GatewayIntentBits, Partials, type ClientOptions } from 'discord.js';

/** The bot needs guild events only; the API base points discord.js at the local stand-in in tests. */
export function clientOptions(apiBase: string | null, rest: ClientOptions['rest'] = {}): ClientOptions {
  return {
    intents: [GatewayIntentBits.Guilds],
    partials: [Partials.Channel],
    rest: { ...rest, ...(apiBase ? { api: apiBase } : {}) },
  };
}

export function createClient(apiBase: string | null, rest: ClientOptions['rest'] = {}): Client {
  return new Client(clientOptions(apiBase, rest));
}
