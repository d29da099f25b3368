import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
} from 'discord.js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { clientOptionsFor, ManualClock, startStandIn, TEST_LIMITS, type StandIn } from '../support/discord/index.js';

/** A tiny lobby bot, written as the real bot would be: it only knows discord.js. */
function startLobbyBot(client: Client): void {
  const lobbies = new Map<string, string[]>();
  const row = () =>
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId('lobby:join').setLabel('Join').setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId('lobby:start').setLabel('Start').setStyle(ButtonStyle.Success),
    );
  client.on(Events.InteractionCreate, async (i) => {
    if (i.isChatInputCommand() && i.commandName === 'newgame') {
      lobbies.set(i.channelId, [i.user.username]);
      await i.reply({ content: `Lobby: ${i.user.username}`, components: [row()] });
    } else if (i.isButton() && i.customId === 'lobby:join') {
      const players = lobbies.get(i.channelId) ?? [];
      if (players.includes(i.user.username)) {
        await i.reply({ content: 'You are already in.', flags: MessageFlags.Ephemeral });
        return;
      }
      players.push(i.user.username);
      await i.update({ content: `Lobby: ${players.join(', ')}` });
    } else if (i.isButton() && i.customId === 'lobby:start') {
      await i.deferUpdate();
      const unreachable: string[] = [];
      for (const member of i.guild!.members.cache.values()) {
        if (member.user.bot || !(lobbies.get(i.channelId) ?? []).includes(member.user.username)) continue;
        await member.send('Your secret role: 军情').catch((error: unknown) => {
          if (error instanceof DiscordAPIError && error.code === 50007) unreachable.push(member.user.username);
          else throw error;
        });
      }
      await i.editReply({
        content: `Game started.${unreachable.length ? ` Open your DMs: ${unreachable.join(', ')}` : ''}`,
        components: [],
      });
    }
  });
}

let discord: StandIn;
let client: Client | undefined;

beforeEach(async () => {
  discord = await startStandIn({ clock: new ManualClock(), limits: TEST_LIMITS });
});
afterEach(async () => {
  await client?.destroy();
  client = undefined;
  await discord.close();
});

// biome-ignore lint/suspicious/noExplicitAny: the test reads the stand-in's answers as loosely as a client's JSON
async function control<T = any>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${discord.controlUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

describe('the control API, over HTTP', () => {
  test('drives a lobby as players would: users, guild, command, buttons, DMs, views', async () => {
    const info = await control('/');
    expect(info).toMatchObject({ apiBase: discord.apiBase, clock: 'manual', applicationId: discord.applicationId });

    const alice = await control('/users', { body: { username: 'alice', locale: 'zh-CN' } });
    const bob = await control('/users', { body: { username: 'bob', dmsOpen: false } });
    const guild = await control('/guilds', { body: { name: 'Table', memberIds: [alice.id, bob.id], channels: ['game'] } });
    const gameChannel = guild.channels[0];

    client = new Client(
      clientOptionsFor(info.apiBase, { intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers] }),
    );
    startLobbyBot(client);
    const ready = new Promise((resolve) => client!.once(Events.ClientReady, resolve));
    await client.login(info.token);
    await ready;
    await client.application!.commands.set([{ name: 'newgame', description: 'Open a lobby' }]);
    expect((await control('/commands')).map((c: { name: string }) => c.name)).toEqual(['newgame']);

    const run = await control('/interactions/command', { body: { userId: alice.id, channelId: gameChannel.id, command: 'newgame' } });
    expect(run).toMatchObject({ state: 'pending', locale: 'zh-CN', label: '/newgame' });
    const reply = await control(`/interactions/${run.id}/response?waitMs=5000`);
    expect(reply).toMatchObject({ content: 'Lobby: alice', buttons: [{ label: 'Join' }, { label: 'Start' }] });

    const join = await control('/interactions/button', { body: { userId: bob.id, label: 'Join' } });
    expect(await control(`/interactions/${join.id}?waitMs=5000`)).toMatchObject({ state: 'acknowledged', responseType: 7 });

    const again = await control('/interactions/button', { body: { userId: bob.id, customId: 'lobby:join' } });
    expect(await control(`/interactions/${again.id}/response?waitMs=5000`)).toMatchObject({
      content: 'You are already in.',
      ephemeral: true,
    });

    const start = await control('/interactions/button', { body: { userId: alice.id, label: 'Start', messageId: reply.id } });
    const started = await control(`/interactions/${start.id}/response?waitMs=5000`);
    expect(started.content).toBe('Game started. Open your DMs: bob');

    const aliceView = await control(`/users/${alice.id}/view`);
    expect(aliceView.messages.map((m: { where: string; content: string }) => `${m.where} ${m.content}`)).toEqual([
      '#game Game started. Open your DMs: bob',
      'DM Your secret role: 军情',
    ]);
    const bobView = await control(`/users/${bob.id}/view`);
    expect(bobView.messages.map((m: { content: string }) => m.content)).toEqual([
      'Game started. Open your DMs: bob',
      'You are already in.',
    ]);
    expect((await control(`/users/${bob.id}/text`)).text).toContain('(only you) Fengsheng: You are already in.');
  });

  test('clock, rate limits, gateway drops and the request log', async () => {
    const alice = await control('/users', { body: { username: 'alice' } });
    const guild = await control('/guilds', { body: { memberIds: [alice.id] } });
    client = new Client(clientOptionsFor(discord));
    client.on(Events.InteractionCreate, async (i) => {
      if (i.isChatInputCommand() && i.commandName === 'ping') await i.reply('pong');
    });
    const ready = new Promise((resolve) => client!.once(Events.ClientReady, resolve));
    await client.login(discord.token);
    await ready;
    await client.application!.commands.set([
      { name: 'ping', description: 'answered' },
      { name: 'ignored', description: 'never answered' },
    ]);

    const ignored = await control('/interactions/command', { body: { userId: alice.id, channelId: guild.channels[0].id, command: 'ignored' } });
    expect(await control('/clock/advance', { body: { ms: 3000 } })).toEqual({ now: discord.clock.now() });
    expect(await control(`/interactions/${ignored.id}`)).toMatchObject({ state: 'failed' });
    expect((await control(`/users/${alice.id}/view`)).notices).toEqual([
      expect.objectContaining({ interactionId: ignored.id, text: 'The application did not respond' }),
    ]);

    expect(await control('/rate-limits', { body: { path: '/interactions/:id/:token/callback', retryAfter: 0.05 } })).toEqual({ pending: 1 });
    await control('/gateway/drop', { body: { code: 4000 } });
    const ping = await control('/interactions/command', { body: { userId: alice.id, channelId: guild.channels[0].id, command: 'ping' } });
    expect(await control(`/interactions/${ping.id}/response?waitMs=5000`)).toMatchObject({ content: 'pong' });
    const log: Array<{ path: string; status: number }> = await control('/requests');
    expect(log.filter((r) => r.path.endsWith('/callback')).map((r) => r.status)).toEqual([429, 204]);
    expect(discord.gateway.stats.resumes).toBe(1);

    const missing = await fetch(`${discord.controlUrl}/interactions/button`, {
      method: 'POST',
      body: JSON.stringify({ userId: alice.id, label: 'Nope' }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'alice sees no button labelled "Nope"' });
  });

  test("faults on any route, and the counters of Discord's limits", async () => {
    const api = (path: string, token = discord.token) => fetch(`${discord.apiBase}/v10${path}`, { headers: { authorization: `Bot ${token}` } });
    const before = await control('/limits');
    expect(before).toEqual({
      scale: TEST_LIMITS.scale,
      globalPerSecond: 50,
      globalCounted: 0,
      globalLimited: 0,
      routeLimited: 0,
      invalidRequests: 0,
      invalidRequestsTotal: 0,
      invalidRequestMax: 10_000,
      bans: 0,
      banLeftMs: 0,
    });

    expect(await control('/faults', { body: { method: 'GET', path: '/users/@me', status: 502, count: 2 } })).toEqual({ pending: 2 });
    expect(await control('/faults', { body: { path: '/users/:id', status: 429, scope: 'shared', retryAfter: 0.01 } })).toEqual({ pending: 3 });
    expect((await api('/users/@me')).status).toBe(502);
    expect((await api('/users/@me')).status).toBe(502);
    const shared = await api('/users/@me');
    expect([shared.status, shared.headers.get('x-ratelimit-scope')]).toEqual([429, 'shared']);
    expect((await api('/users/@me')).status).toBe(200);
    expect((await api('/users/@me', 'wrong')).status).toBe(401);
    await control('/faults', { body: { status: 500, count: 5 } });
    await control('/faults', { method: 'DELETE' });
    expect((await api('/users/@me')).status).toBe(200);

    // Faults are answered before the global limit is counted: 2 answers of 200 and the 401 counted.
    expect(await control('/limits')).toMatchObject({ globalCounted: 3, invalidRequests: 1, invalidRequestsTotal: 1 });
    const bad = await fetch(`${discord.controlUrl}/faults`, { method: 'POST', body: JSON.stringify({ status: 404 }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: '"status" must be 429, 500, 502 or 503' });
  });
});
