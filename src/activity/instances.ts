// Where a viewer is, as Discord says it and not as the page says it. The page gives its Activity
// instance's id (the Embedded App SDK's `instanceId`); the bot reads the instance with its own token
// at GET /applications/{application}/activity-instances/{instance} (through the bot's REST client: the
// request is limited and counted as Discord counts it) and uses the instance's server and channel. A
// viewer Discord does not list among the instance's users, an instance Discord does not know (404) and
// one outside a server's channel (a DM's) are refused.
import { DiscordAPIError, Routes, type APIActivityInstance, type REST } from 'discord.js';

export type Place = { ok: true; guildId: string; channelId: string } | { ok: false; why: 'unknown' | 'notJoined' | 'notAChannel' | 'tooMany' };

/** An instance read answers for the users it listed this long (a page reconnecting asks again only after). */
const KEEP_MS = 60_000;
/** Reads of Discord a user's sockets may cause a minute (made-up instance ids, instances they are not in). */
const READS_PER_MINUTE = 10;
const MAX_KEPT = 10_000;

/** An instance id as Discord makes them (`i-<launch>-gc-<guild>-<channel>`): nothing that could change the route. */
export const isInstanceId = (x: unknown): x is string => typeof x === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(x);

export class Instances {
  private readonly kept = new Map<string, { instance: APIActivityInstance; until: number }>();
  /** Reads under way, by instance id: sockets of one instance opening together share one. */
  private readonly reading = new Map<string, Promise<APIActivityInstance | null>>();
  /** User id → when their sockets' reads began, the last minute's. */
  private readonly reads = new Map<string, number[]>();

  constructor(
    private readonly rest: Pick<REST, 'get'>,
    private readonly applicationId: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The server and channel of the instance `userId` is in, or why not. Discord's other failures throw. */
  async place(instanceId: string, userId: string): Promise<Place> {
    const now = this.now();
    const kept = this.kept.get(instanceId);
    let instance = kept && kept.until > now && kept.instance.users.includes(userId) ? kept.instance : null;
    // A read another socket began may predate this user's joining: then one of its own.
    for (let own = false; !instance?.users.includes(userId) && !own; ) {
      let read = this.reading.get(instanceId);
      if (!read) {
        if (!this.mayRead(userId, now)) return { ok: false, why: 'tooMany' };
        read = this.read(instanceId).finally(() => this.reading.delete(instanceId));
        this.reading.set(instanceId, read);
        own = true;
      }
      instance = await read;
      if (!instance) return { ok: false, why: 'unknown' };
    }
    if (!instance) return { ok: false, why: 'unknown' };
    if (!instance.users.includes(userId)) return { ok: false, why: 'notJoined' };
    const { location } = instance;
    if (location.kind !== 'gc' || !location.guild_id) return { ok: false, why: 'notAChannel' };
    return { ok: true, guildId: location.guild_id, channelId: location.channel_id };
  }

  private async read(instanceId: string): Promise<APIActivityInstance | null> {
    try {
      const instance = (await this.rest.get(Routes.applicationActivityInstance(this.applicationId, instanceId))) as APIActivityInstance;
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(instanceId, { instance, until: this.now() + KEEP_MS });
      return instance;
    } catch (err) {
      if (err instanceof DiscordAPIError && err.status === 404) return null;
      throw err;
    }
  }

  private mayRead(userId: string, now: number): boolean {
    const recent = (this.reads.get(userId) ?? []).filter((at) => at > now - 60_000);
    if (recent.length >= READS_PER_MINUTE) return false;
    recent.push(now);
    if (this.reads.size >= MAX_KEPT) this.reads.clear();
    this.reads.set(userId, recent);
    return true;
  }
}
