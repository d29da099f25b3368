import { once } from 'node:events';
import { Client, DiscordjsErrorCodes, Events, GatewayIntentBits } from 'discord.js';
import { afterEach, describe, expect, test } from 'vitest';
import { clientOptionsFor, loginClient, ManualClock, startStandIn, TEST_LIMITS, type StandIn } from '../support/discord/index.js';

let discord: StandIn | undefined;
let client: Client | undefined;

afterEach(async () => {
  await client?.destroy();
  await discord?.close();
  client = undefined;
  discord = undefined;
});

describe('login through the gateway', () => {
  test('an unmodified discord.js Client logs in and sees its guild, channels and members', async () => {
    discord = await startStandIn({ clock: new ManualClock(), limits: TEST_LIMITS });
    const alice = discord.createUser({ username: 'alice' });
    const guild = discord.createGuild({ name: 'Table', members: [alice], channels: ['general', 'game'] });
    const ready = await loginClient(discord, { intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers] });
    client = ready;

    expect(ready.user.id).toBe(discord.bot.id);
    expect(ready.user.bot).toBe(true);
    expect(ready.application.id).toBe(discord.applicationId);
    const cached = ready.guilds.cache.get(guild.id);
    expect(cached?.name).toBe('Table');
    expect(cached?.channels.cache.map((c) => c.name).sort()).toEqual(['game', 'general']);
    expect(cached?.members.cache.get(alice.id)?.user.username).toBe('alice');
    expect(discord.gateway.stats.identifies).toBe(1);
  });

  test('heartbeats are acknowledged, which gives the client a ping', async () => {
    discord = await startStandIn({ clock: new ManualClock(), heartbeatIntervalMs: 100, limits: TEST_LIMITS });
    client = await loginClient(discord);
    // The first heartbeat comes after a random fraction of the interval; then every 100 ms.
    while (discord.gateway.stats.heartbeats < 2) await once(discord.gateway.events, 'heartbeat');
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.ws.ping).toBeGreaterThanOrEqual(0);
  });

  test('a wrong token is refused as Discord refuses it', async () => {
    discord = await startStandIn({ clock: new ManualClock(), limits: TEST_LIMITS });
    client = new Client(clientOptionsFor(discord));
    await expect(client.login('not-the-token')).rejects.toMatchObject({ code: DiscordjsErrorCodes.TokenInvalid });
  });

  test('guilds created after login arrive as GUILD_CREATE; channels as CHANNEL_CREATE', async () => {
    discord = await startStandIn({ clock: new ManualClock(), limits: TEST_LIMITS });
    const ready = await loginClient(discord);
    client = ready;
    const joined = once(ready, Events.GuildCreate);
    const guild = discord.createGuild({ name: 'Later' });
    const [g] = (await joined) as [{ id: string }];
    expect(g.id).toBe(guild.id);
    const created = once(ready, Events.ChannelCreate);
    const channel = discord.createChannel(guild, 'lobby');
    const [c] = (await created) as [{ id: string; name: string }];
    expect(c).toMatchObject({ id: channel.id, name: 'lobby' });
  });
});
