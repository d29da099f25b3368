import { Intent } from './gateway.js';
import type { StandInParts } from './messages.js';
import { LOCALES, type ChannelRecord, type GuildRecord, type RoleRecord, type UserRecord } from './model.js';
import { channelPayload, guildCreatePayload, memberPayload, rolePayload, timestamp } from './payloads.js';

/** Mistakes in a test's script (not Discord errors): unknown user, bad locale, … */
export class StandInUsageError extends Error {
  override name = 'StandInUsageError';
}

export interface NewUser {
  username?: string;
  globalName?: string | null;
  /** The locale the user's Discord client sends; defaults to en-US. */
  locale?: string;
  /** False: the user has closed DMs from server members (bot DMs fail with 50007). */
  dmsOpen?: boolean;
}

export interface NewGuild {
  name?: string;
  /** The guild's preferred locale (interactions' guild_locale). */
  locale?: string;
  owner?: UserRecord;
  members?: UserRecord[];
  /** Text channels to create; defaults to ['general']. */
  channels?: string[];
}

function checkLocale(locale: string): string {
  if (!LOCALES.has(locale)) throw new StandInUsageError(`Unknown Discord locale "${locale}"`);
  return locale;
}

export function createUser({ world }: StandInParts, spec: NewUser = {}): UserRecord {
  const id = world.ids.next();
  const user: UserRecord = {
    id,
    username: spec.username ?? `player${world.users.size}`,
    globalName: spec.globalName ?? null,
    bot: false,
    locale: checkLocale(spec.locale ?? 'en-US'),
    dmsOpen: spec.dmsOpen ?? true,
  };
  world.users.set(id, user);
  world.changed({ kind: 'user', id });
  return user;
}

export function updateUser({ world }: StandInParts, user: UserRecord, patch: Pick<NewUser, 'dmsOpen' | 'locale'>): UserRecord {
  if (patch.dmsOpen !== undefined) user.dmsOpen = patch.dmsOpen;
  if (patch.locale !== undefined) user.locale = checkLocale(patch.locale);
  world.changed({ kind: 'user', id: user.id });
  return user;
}

/** Creates a guild with the bot already in it, as if it had been invited. */
export function createGuild(parts: StandInParts, spec: NewGuild = {}): GuildRecord {
  const { world, gateway } = parts;
  const owner = spec.owner ?? spec.members?.[0] ?? world.bot;
  const guild: GuildRecord = {
    id: world.ids.next(),
    name: spec.name ?? `Guild ${world.guilds.size + 1}`,
    ownerId: owner.id,
    locale: checkLocale(spec.locale ?? 'en-US'),
    members: new Map(),
    channelIds: [],
    roles: [],
    memberRoles: new Map(),
  };
  const joined = timestamp(world.clock.now());
  for (const user of [world.bot, owner, ...(spec.members ?? [])]) guild.members.set(user.id, joined);
  world.guilds.set(guild.id, guild);
  for (const name of spec.channels ?? ['general']) addChannel(world, guild, name);
  world.changed({ kind: 'guild', id: guild.id });
  gateway.dispatch('GUILD_CREATE', guildCreatePayload(world, guild), { intent: Intent.Guilds, guildId: guild.id });
  return guild;
}

export function addMember(parts: StandInParts, guild: GuildRecord, user: UserRecord): void {
  const { world, gateway } = parts;
  if (guild.members.has(user.id)) return;
  guild.members.set(user.id, timestamp(world.clock.now()));
  world.changed({ kind: 'member', id: user.id });
  gateway.dispatch(
    'GUILD_MEMBER_ADD',
    { guild_id: guild.id, ...memberPayload(guild, user) },
    { intent: Intent.GuildMembers, guildId: guild.id },
  );
}

export interface NewRole {
  name?: string;
  /** Permission bits, e.g. `Permission.ManageGuild` (payloads.ts); default none beyond @everyone's. */
  permissions?: bigint;
}

/** A role in the guild, as a server admin would make it in Server Settings → Roles. */
export function createRole(parts: StandInParts, guild: GuildRecord, spec: NewRole = {}): RoleRecord {
  const { world, gateway } = parts;
  const role: RoleRecord = {
    id: world.ids.next(),
    name: spec.name ?? `role ${guild.roles.length + 1}`,
    permissions: spec.permissions ?? 0n,
    position: guild.roles.length + 1,
  };
  guild.roles.push(role);
  world.changed({ kind: 'guild', id: guild.id });
  gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: guild.id, role: rolePayload(role) }, { intent: Intent.Guilds, guildId: guild.id });
  return role;
}

/** Gives a member a role (or takes it away): their next interaction carries the new permissions. */
export function setMemberRole(parts: StandInParts, guild: GuildRecord, user: UserRecord, role: RoleRecord, has: boolean): void {
  const { world, gateway } = parts;
  if (!guild.members.has(user.id)) throw new StandInUsageError(`${user.username} is not a member of ${guild.name}`);
  if (!guild.roles.includes(role)) throw new StandInUsageError(`${role.name} is not a role of ${guild.name}`);
  const held = (guild.memberRoles.get(user.id) ?? []).filter((id) => id !== role.id);
  guild.memberRoles.set(user.id, has ? [...held, role.id] : held);
  world.changed({ kind: 'member', id: user.id });
  gateway.dispatch(
    'GUILD_MEMBER_UPDATE',
    { guild_id: guild.id, ...memberPayload(guild, user) },
    { intent: Intent.GuildMembers, guildId: guild.id },
  );
}

function addChannel(world: StandInParts['world'], guild: GuildRecord, name: string): ChannelRecord {
  const channel: ChannelRecord = {
    id: world.ids.next(),
    kind: 'text',
    guildId: guild.id,
    name,
    recipientId: null,
    position: guild.channelIds.length,
    lastMessageId: null,
  };
  world.channels.set(channel.id, channel);
  guild.channelIds.push(channel.id);
  return channel;
}

export function createChannel(parts: StandInParts, guild: GuildRecord, name: string): ChannelRecord {
  const channel = addChannel(parts.world, guild, name);
  parts.world.changed({ kind: 'channel', id: channel.id });
  parts.gateway.dispatch('CHANNEL_CREATE', channelPayload(parts.world, channel), {
    intent: Intent.Guilds,
    guildId: guild.id,
  });
  return channel;
}

/** A text channel made private (model.ts ChannelRecord.viewers): the bot is told by CHANNEL_UPDATE. */
export function hideChannel(parts: StandInParts, channel: ChannelRecord, viewers: UserRecord[]): void {
  if (channel.kind !== 'text' || !channel.guildId) throw new StandInUsageError('only a text channel can be made private');
  channel.viewers = viewers.map((u) => u.id);
  parts.world.changed({ kind: 'channel', id: channel.id });
  parts.gateway.dispatch('CHANNEL_UPDATE', channelPayload(parts.world, channel), { intent: Intent.Guilds, guildId: channel.guildId });
}

/** A server's admin denies the bot 查看频道 or 发送消息 in a text channel (null: lifts it); the bot is told by CHANNEL_UPDATE. */
export function denyBot(parts: StandInParts, channel: ChannelRecord, what: 'view' | 'send' | null): void {
  if (channel.kind !== 'text' || !channel.guildId) throw new StandInUsageError('only a text channel has overwrites');
  if (what) channel.botDenied = what;
  else delete channel.botDenied;
  parts.world.changed({ kind: 'channel', id: channel.id });
  parts.gateway.dispatch('CHANNEL_UPDATE', channelPayload(parts.world, channel), { intent: Intent.Guilds, guildId: channel.guildId });
}

/**
 * A server's admin deletes a text channel (with its threads) or a thread: every route answers
 * Unknown Channel from then on, and the bot is told as Discord tells it (CHANNEL_DELETE with the
 * channel; THREAD_DELETE with the thread's id, guild, parent and type).
 */
export function deleteChannel(parts: StandInParts, channel: ChannelRecord): void {
  const { world, gateway } = parts;
  if (channel.kind === 'dm' || !channel.guildId) throw new StandInUsageError('only a server channel or thread can be deleted');
  const guild = world.guilds.get(channel.guildId)!;
  const threads = [...world.channels.values()].filter((c) => c.kind === 'thread' && c.parentId === channel.id);
  for (const c of [...threads, channel]) {
    const payload = channelPayload(world, c);
    world.channels.delete(c.id);
    guild.channelIds = guild.channelIds.filter((id) => id !== c.id);
    world.changed({ kind: 'channel', id: c.id });
    if (c.kind === 'thread') gateway.dispatch('THREAD_DELETE', { id: c.id, guild_id: c.guildId, parent_id: c.parentId, type: payload.type }, { intent: Intent.Guilds, guildId: guild.id });
    else gateway.dispatch('CHANNEL_DELETE', payload, { intent: Intent.Guilds, guildId: guild.id });
  }
}

/** The DM channel between the bot and a user; opening it twice returns the same channel. */
export function openDm({ world }: StandInParts, user: UserRecord): ChannelRecord {
  const existing = world.dmChannelOf(user.id);
  if (existing) return existing;
  const channel: ChannelRecord = {
    id: world.ids.next(),
    kind: 'dm',
    guildId: null,
    name: null,
    recipientId: user.id,
    position: 0,
    lastMessageId: null,
  };
  world.channels.set(channel.id, channel);
  world.changed({ kind: 'channel', id: channel.id });
  return channel;
}
