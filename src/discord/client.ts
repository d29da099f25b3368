import { Client, GatewayIntentBits, Partials, type ClientOptions } from 'discord.js';

/** The bot needs guild events only; the API base points discord.js at the local stand-in in tests. */
export function clientOptions(apiBase: string | null): ClientOptions {
  return {
    intents: [GatewayIntentBits.Guilds],
    partials: [Partials.Channel],
    ...(apiBase ? { rest: { api: apiBase } } : {}),
  };
}

export function createClient(apiBase: string | null): Client {
  return new Client(clientOptions(apiBase));
}
