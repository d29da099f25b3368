// How often the Activity's server asks Discord about an instance (src/activity/instances.ts): the
// sockets of one instance opening together (a restart) share one read, a read answers for the users it
// listed for a minute, a user who joined since is read again, and one user's sockets cause at most 10
// reads a minute (made-up ids cost Discord requests the bot pays for).
import { DiscordAPIError, type APIActivityInstance } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { Instances } from '../../src/activity/instances.js';

function discord() {
  const running = new Map<string, APIActivityInstance>();
  const reads: string[] = [];
  const rest = {
    get: async (route: string) => {
      reads.push(route);
      await Promise.resolve();
      const id = route.split('/').at(-1)!;
      const i = running.get(id);
      if (!i) throw new DiscordAPIError({ code: 0, message: '404: Not Found' }, 0, 404, 'GET', route, {});
      return structuredClone(i);
    },
  };
  const start = (id: string, users: string[], kind: 'gc' | 'pc' = 'gc') =>
    running.set(id, { application_id: 'app', instance_id: id, launch_id: '1', location: { id: 'l', kind: kind as never, channel_id: 'c', ...(kind === 'gc' ? { guild_id: 'g' } : {}) }, users });
  return { rest: rest as never, reads, start, running };
}

describe('Activity instances read from Discord', () => {
  it("share one read among sockets opening together, keep it a minute, and read again for a user who joined since", async () => {
    const d = discord();
    let now = 0;
    const instances = new Instances(d.rest, 'app', () => now);
    d.start('i-1', ['a', 'b', 'c']);
    const places = await Promise.all(['a', 'b', 'c'].map((u) => instances.place('i-1', u)));
    expect(places).toEqual(Array(3).fill({ ok: true, guildId: 'g', channelId: 'c' }));
    expect(d.reads).toEqual(['/applications/app/activity-instances/i-1']);
    await instances.place('i-1', 'a');
    expect(d.reads.length).toBe(1);
    d.running.get('i-1')!.users.push('d');
    expect(await instances.place('i-1', 'd')).toMatchObject({ ok: true });
    expect(d.reads.length).toBe(2);
    now += 61_000;
    await instances.place('i-1', 'a');
    expect(d.reads.length).toBe(3);
  });

  it('refuses an unknown instance, a user it does not list and a DM; and one user past 10 reads a minute', async () => {
    const d = discord();
    let now = 0;
    const instances = new Instances(d.rest, 'app', () => now);
    d.start('i-1', ['a']);
    d.start('i-dm', ['a'], 'pc');
    expect(await instances.place('i-2', 'a')).toEqual({ ok: false, why: 'unknown' });
    expect(await instances.place('i-1', 'z')).toEqual({ ok: false, why: 'notJoined' });
    expect(await instances.place('i-dm', 'a')).toEqual({ ok: false, why: 'notAChannel' });
    for (let n = 0; n < 9; n++) await instances.place(`x-${n}`, 'z');
    expect(await instances.place('x-9', 'z')).toEqual({ ok: false, why: 'tooMany' });
    expect(d.reads.length).toBe(12);
    // Another user is not held back by z, and z may read again a minute later.
    expect(await instances.place('i-1', 'a')).toMatchObject({ ok: true });
    now += 60_001;
    expect(await instances.place('x-9', 'z')).toEqual({ ok: false, why: 'unknown' });
  });
});
