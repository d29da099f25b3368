import { once } from 'node:events';
import { Events } from 'discord.js';
import { afterEach, describe, expect, test } from 'vitest';
import { openTable, type Table } from './fixture.js';

let t: Table | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function tableWithPing(heartbeatIntervalMs = 10_000): Promise<Table> {
  const table = await openTable({ standIn: { heartbeatIntervalMs } });
  await table.client.application.commands.set([{ name: 'ping', description: 'ping' }]);
  table.onInteraction(async (i) => {
    if (i.isChatInputCommand()) await i.reply('pong');
  });
  return table;
}

describe('a dropped gateway connection', () => {
  test('is resumed, and the interaction sent while it was down is replayed', async () => {
    t = await tableWithPing();
    const { discord, client } = t;
    const resumed = once(client, Events.ShardResume);
    const closed = once(discord.gateway.events, 'close');
    discord.dropGateway({ code: 4000 });
    await closed;
    expect(discord.gateway.liveSessions).toBe(0);

    // A player acts while the bot is disconnected; Discord keeps the event for the resume.
    const ix = discord.runCommand(t.alice, t.general, 'ping');
    const [, replayed] = (await resumed) as [number, number];
    expect(replayed).toBeGreaterThanOrEqual(1);
    expect((await ix.response()).content).toBe('pong');
    expect(discord.gateway.stats).toMatchObject({ identifies: 1, resumes: 1 });
  });

  test('a cut TCP connection (no close frame) is resumed too', async () => {
    t = await tableWithPing();
    const resumed = once(t.client, Events.ShardResume);
    t.discord.dropGateway({ code: 'terminate' });
    await resumed;
    expect((await t.discord.runCommand(t.bob, t.general, 'ping').response()).content).toBe('pong');
  });

  test('a session Discord no longer knows gets INVALID_SESSION, and the client identifies again', async () => {
    t = await tableWithPing();
    const { discord } = t;
    const readyAgain = once(discord.gateway.events, 'ready');
    discord.dropGateway({ resumable: false });
    // discord.js waits out its identify throttle (about 5 s with max_concurrency 1) before identifying again.
    await readyAgain;
    expect(discord.gateway.stats).toMatchObject({ identifies: 2, invalidSessions: 1 });
    await once(t.client, Events.ShardReady);
    expect((await discord.runCommand(t.alice, t.general, 'ping').response()).content).toBe('pong');
  });

  test('unacknowledged heartbeats make the client reconnect and resume (zombie connection)', async () => {
    t = await tableWithPing(50);
    const { discord } = t;
    discord.gateway.ackHeartbeats = false;
    const resumed = once(discord.gateway.events, 'resumed');
    await resumed;
    discord.gateway.ackHeartbeats = true;
    expect(discord.gateway.stats.resumes).toBeGreaterThanOrEqual(1);
    expect((await discord.runCommand(t.alice, t.general, 'ping').response()).content).toBe('pong');
  });

  test('opcode 7 RECONNECT makes the client resume', async () => {
    t = await tableWithPing();
    const resumed = once(t.client, Events.ShardResume);
    t.discord.gateway.requestReconnect();
    await resumed;
    expect(t.discord.gateway.stats).toMatchObject({ identifies: 1, resumes: 1 });
  });
});
