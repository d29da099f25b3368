// Activity instances as the stand-in models them (test/support/discord/activity-instances.ts): one
// instance a channel while it runs, joined by whoever opens the Activity there, read by the bot at
// GET /applications/:id/activity-instances/:id with its token; 404 once its last user left, or for an
// id Discord never made.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStandIn, type StandIn } from '../support/discord/index.js';

let discord: StandIn;
beforeAll(async () => {
  discord = await startStandIn();
});
afterAll(() => discord.close());

const read = (id: string, authorization = `Bot ${discord.token}`, app = discord.applicationId) =>
  fetch(`${discord.apiBase}/v10/applications/${app}/activity-instances/${id}`, { headers: { authorization } });

describe('Activity instances', () => {
  test('opened in a channel, joined there, read with the bot token; gone with its last user', async () => {
    const alice = discord.createUser({ username: 'alice' });
    const bob = discord.createUser({ username: 'bob' });
    const guild = discord.createGuild({ name: 'g', members: [alice, bob], channels: ['general', 'side'] });
    const general = discord.channel(guild, 'general');
    expect(() => discord.launchActivity(alice, general)).toThrow(/not enabled/);
    discord.enableActivities();
    const id = discord.launchActivity(alice, general);
    expect(discord.launchActivity(bob, general)).toBe(id);
    expect(discord.launchActivity(bob, discord.channel(guild, 'side'))).not.toBe(id);
    const res = await read(id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { launch_id: string };
    expect(body).toEqual({
      application_id: discord.applicationId,
      instance_id: id,
      launch_id: body.launch_id,
      location: { id: `gc-${guild.id}-${general.id}`, kind: 'gc', channel_id: general.id, guild_id: guild.id },
      users: [alice.id, bob.id],
    });
    expect(id).toBe(`i-${body.launch_id}-gc-${guild.id}-${general.id}`);
    // Bot token only; another application's instances are not the bot's to read.
    expect((await read(id, 'Bearer x')).status).toBe(401);
    expect((await read(id, undefined, '1')).status).toBe(403);
    discord.leaveActivity(alice, id);
    expect(((await (await read(id)).json()) as { users: string[] }).users).toEqual([bob.id]);
    discord.leaveActivity(bob, id);
    const gone = await read(id);
    expect([gone.status, await gone.json()]).toEqual([404, { message: '404: Not Found', code: 0 }]);
    expect((await read('i-1-gc-1-1')).status).toBe(404);
    // A new launch in the channel is a new instance.
    expect(discord.launchActivity(alice, general)).not.toBe(id);
  });
});
