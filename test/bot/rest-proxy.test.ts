// The shards of one machine share one rate-limit budget through the manager's REST proxy
// (src/run/rest-proxy.ts): two discord.js clients that each keep Discord's 50 requests a second
// draw global 429s from Discord when they talk to it directly, and none through the proxy, where
// a request over the budget is answered 429 at once without reaching Discord.
import { afterEach, describe, expect, it } from 'vitest';
import { REST, Routes } from 'discord.js';
import pino from 'pino';
import { startRestProxy, type RestProxy } from '../../src/run/rest-proxy.js';
import { startStandIn, type StandIn } from '../support/discord/index.js';

let discord: StandIn | undefined;
let proxy: RestProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await discord?.close();
  proxy = discord = undefined;
});

/** Two shard processes' clients, each asking `n` requests at once; the global 429s Discord answered. */
async function burst(api: string, token: string, n: number): Promise<number> {
  const clients = [0, 1].map(() => new REST({ api }).setToken(token));
  await Promise.all(clients.flatMap((rest) => Array.from({ length: n }, () => rest.get(Routes.user('@me')))));
  return discord!.world.requests.filter((r) => r.status === 429).length;
}

describe('the REST proxy of the sharding manager', () => {
  it('two shard clients draw global 429s from Discord on their own, none through the proxy', async () => {
    discord = await startStandIn();
    expect(await burst(discord.apiBase, discord.env().DISCORD_TOKEN!, 40)).toBeGreaterThan(0);
    await discord.close();

    discord = await startStandIn();
    proxy = await startRestProxy(discord.apiBase, pino({ level: 'silent' }));
    expect(await burst(proxy.url, discord.env().DISCORD_TOKEN!, 40)).toBe(0);
    const asked = discord.world.requests.filter((r) => /^\/users\/(@|%40)me$/.test(r.path));
    expect(asked).toHaveLength(80);
  }, 60_000);
});
