// Activity instances as Discord keeps them: an Activity launched in a channel (from an interaction's
// LAUNCH_ACTIVITY answer, the App Launcher or the entry point command) runs as one instance there, and
// whoever launches it in that channel while it runs joins the same instance. The instance's users are
// the users connected to it now; once the last one leaves it ends, and Discord no longer knows it.
// The bot reads it at GET /applications/:applicationId/activity-instances/:instanceId (bot token):
// { application_id, instance_id, launch_id, location: { id, kind, channel_id, guild_id }, users }, or
// 404 for an instance that is not running (Discord documents only "a 404"; no JSON code of its own
// is published, so its generic `404: Not Found`, code 0).
import type { ChannelRecord, World } from './model.js';

export interface ActivityInstanceRecord {
  instanceId: string;
  launchId: string;
  /** `gc` a server's channel, `pc` a DM (a private channel). */
  kind: 'gc' | 'pc';
  guildId: string | null;
  channelId: string;
  /** Users connected now, in the order they joined. */
  users: string[];
}

/** The instance running in the channel, joined by the user; launched if none runs there. */
export function launchOrJoin(world: World, userId: string, channel: ChannelRecord): ActivityInstanceRecord {
  for (const running of world.activityInstances.values())
    if (running.channelId === channel.id) {
      if (!running.users.includes(userId)) running.users.push(userId);
      return running;
    }
  const launchId = world.ids.next();
  const kind = channel.guildId ? 'gc' : 'pc';
  const location = kind === 'gc' ? `gc-${channel.guildId}-${channel.id}` : `pc-${channel.id}`;
  const instance: ActivityInstanceRecord = { instanceId: `i-${launchId}-${location}`, launchId, kind, guildId: channel.guildId, channelId: channel.id, users: [userId] };
  world.activityInstances.set(instance.instanceId, instance);
  return instance;
}

/** The user closes the Activity; the instance ends with its last user. */
export function leave(world: World, userId: string, instanceId: string): void {
  const instance = world.activityInstances.get(instanceId);
  if (!instance) return;
  instance.users = instance.users.filter((u) => u !== userId);
  if (!instance.users.length) world.activityInstances.delete(instanceId);
}

/** The instance as GET /applications/:id/activity-instances/:id returns it. */
export function instancePayload(world: World, i: ActivityInstanceRecord): Record<string, unknown> {
  return {
    application_id: world.applicationId,
    instance_id: i.instanceId,
    launch_id: i.launchId,
    location: { id: i.kind === 'gc' ? `gc-${i.guildId}-${i.channelId}` : `pc-${i.channelId}`, kind: i.kind, channel_id: i.channelId, ...(i.guildId ? { guild_id: i.guildId } : {}) },
    users: [...i.users],
  };
}
