import { once } from 'node:events';
import { Client, GatewayIntentBits, type ClientOptions } from 'discord.js';
import type { StandIn } from './stand-in.js';

/**
 * discord.js's REST option for an API base such as DISCORD_API_BASE
 * (`http://127.0.0.1:PORT/api`, no trailing slash: @discordjs/rest appends
 * `/v10` and the route). The gateway URL then comes from GET /gateway/bot.
 */
export function restOptionsFor(apiBase: string): { api: string } {
  return { api: apiBase.replace(/\/+$/, '') };
}

/** Client options pointing an unmodified discord.js Client at the stand-in. */
export function clientOptionsFor(
  target: Pick<StandIn, 'apiBase'> | string,
  options: Partial<ClientOptions> = {},
): ClientOptions {
  const apiBase = typeof target === 'string' ? target : target.apiBase;
  return {
    intents: [GatewayIntentBits.Guilds],
    ...options,
    rest: { ...options.rest, ...restOptionsFor(apiBase) },
  };
}

/**
 * Logs a real discord.js Client in to the stand-in and resolves once it is
 * ready. `beforeLogin` attaches listeners that must see the first events.
 * The caller destroys the client.
 */
export async function loginClient(
  standIn: StandIn,
  options: Partial<ClientOptions> = {},
  beforeLogin?: (client: Client) => void,
): Promise<Client<true>> {
  const client = new Client(clientOptionsFor(standIn, options));
  beforeLogin?.(client);
  const ready = once(client, 'clientReady');
  try {
    await client.login(standIn.token);
    await ready;
  } catch (error) {
    await client.destroy();
    throw error;
  }
  return client as Client<true>;
}
