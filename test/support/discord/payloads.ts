import type { ChannelRecord, GuildRecord, MessageRecord, RoleRecord, UserRecord, World } from './model.js';

/** Renders model records as Discord API v10 JSON, the shapes discord.js parses. */

const bit = (n: number): bigint => 1n << BigInt(n);

/** The permission bits the stand-in's tests give roles (Discord's numbering). */
export const Permission = {
  Administrator: bit(3),
  ManageChannels: bit(4),
  ManageGuild: bit(5),
  ManageMessages: bit(13),
  ManageRoles: bit(28),
} as const;

/** Every permission Discord defines (bits 0 to 50): what the owner and an Administrator have. */
const ALL_PERMISSIONS = (1n << 51n) - 1n;

/** What @everyone may do here: enough for a game bot and its players, nothing more. */
export const EVERYONE_PERMISSIONS = (
  bit(6) | // ADD_REACTIONS
  bit(10) | // VIEW_CHANNEL
  bit(11) | // SEND_MESSAGES
  bit(14) | // EMBED_LINKS
  bit(15) | // ATTACH_FILES
  bit(16) | // READ_MESSAGE_HISTORY
  bit(18) | // USE_EXTERNAL_EMOJIS
  bit(31) | // USE_APPLICATION_COMMANDS
  bit(38) // SEND_MESSAGES_IN_THREADS
).toString();

/**
 * A member's permissions in the guild, as Discord computes them for `member.permissions` and
 * `app_permissions` (the stand-in has no channel overwrites): the owner has all of them; otherwise
 * @everyone's and their roles' together, all of them with Administrator.
 */
export function permissionsOf(guild: GuildRecord, userId: string): string {
  if (guild.ownerId === userId) return ALL_PERMISSIONS.toString();
  let bits = BigInt(EVERYONE_PERMISSIONS);
  const held = new Set(guild.memberRoles.get(userId) ?? []);
  for (const role of guild.roles) if (held.has(role.id)) bits |= role.permissions;
  return ((bits & Permission.Administrator) !== 0n ? ALL_PERMISSIONS : bits).toString();
}

export function rolePayload(role: RoleRecord): Record<string, unknown> {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

export function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+00:00');
}

export function userPayload(user: UserRecord): Record<string, unknown> {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.globalName,
    avatar: null,
    ...(user.bot ? { bot: true } : {}),
    public_flags: 0,
    flags: 0,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
  };
}

export function memberPayload(guild: GuildRecord, user: UserRecord, withPermissions = false): Record<string, unknown> {
  return {
    user: userPayload(user),
    nick: null,
    avatar: null,
    banner: null,
    roles: guild.memberRoles.get(user.id) ?? [],
    joined_at: guild.members.get(user.id) ?? timestamp(0),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
    ...(withPermissions ? { permissions: permissionsOf(guild, user.id) } : {}),
  };
}

export function everyoneRole(guild: GuildRecord): Record<string, unknown> {
  return {
    id: guild.id,
    name: '@everyone',
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: 0,
    permissions: EVERYONE_PERMISSIONS,
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

export function channelPayload(world: World, channel: ChannelRecord): Record<string, unknown> {
  if (channel.kind === 'dm') {
    const recipient = channel.recipientId ? world.user(channel.recipientId) : undefined;
    return {
      id: channel.id,
      type: 1,
      last_message_id: channel.lastMessageId,
      flags: 0,
      recipients: recipient ? [userPayload(recipient)] : [],
    };
  }
  if (channel.kind === 'thread') {
    return {
      id: channel.id,
      type: 11,
      guild_id: channel.guildId,
      name: channel.name,
      parent_id: channel.parentId,
      owner_id: channel.ownerId,
      last_message_id: channel.lastMessageId,
      rate_limit_per_user: 0,
      message_count: 0,
      member_count: 1,
      thread_metadata: { archived: false, auto_archive_duration: 1440, archive_timestamp: timestamp(world.clock.now()), locked: false },
      flags: 0,
    };
  }
  return {
    id: channel.id,
    type: 0,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    permission_overwrites: overwritesOf(world, channel),
    parent_id: null,
    topic: null,
    nsfw: false,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    flags: 0,
  };
}

/**
 * A text channel's overwrites. Private: 查看频道 denied to @everyone (the role with the guild's id),
 * allowed to each viewer and the bot. Denied to the bot (ChannelRecord.botDenied): its member's
 * overwrite denies 查看频道, or 发送消息 and 在子区发送消息.
 */
function overwritesOf(world: World, channel: ChannelRecord): Record<string, unknown>[] {
  const view = bit(10);
  const out: Record<string, unknown>[] = [];
  if (channel.viewers) {
    out.push({ id: channel.guildId, type: 0, allow: '0', deny: view.toString() });
    for (const id of channel.viewers) out.push({ id, type: 1, allow: view.toString(), deny: '0' });
  }
  const deny = channel.botDenied === 'view' ? view : channel.botDenied === 'send' ? bit(11) | bit(38) : 0n;
  const allow = channel.viewers && channel.botDenied !== 'view' ? view : 0n;
  if (allow || deny) out.push({ id: world.bot.id, type: 1, allow: allow.toString(), deny: deny.toString() });
  return out;
}

export function guildPayload(guild: GuildRecord): Record<string, unknown> {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [everyoneRole(guild), ...guild.roles.map(rolePayload)],
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    preferred_locale: guild.locale,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    max_members: 500000,
  };
}

/** GUILD_CREATE carries the whole guild: members and channels included. */
export function guildCreatePayload(world: World, guild: GuildRecord): Record<string, unknown> {
  const members = [...guild.members.keys()].flatMap((id) => {
    const user = world.user(id);
    return user ? [memberPayload(guild, user)] : [];
  });
  const channels = guild.channelIds.flatMap((id) => {
    const channel = world.channels.get(id);
    return channel ? [channelPayload(world, channel)] : [];
  });
  return {
    ...guildPayload(guild),
    joined_at: guild.members.get(world.bot.id) ?? timestamp(world.clock.now()),
    large: false,
    unavailable: false,
    member_count: members.length,
    members,
    channels,
    // Active threads of the guild, as Discord sends them to a member.
    threads: [...world.channels.values()].filter((c) => c.kind === 'thread' && c.guildId === guild.id).map((c) => channelPayload(world, c)),
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function messagePayload(world: World, message: MessageRecord, forGateway = false): Record<string, unknown> {
  const author = world.user(message.authorId);
  const channel = world.channels.get(message.channelId);
  const interactionUser = message.interaction ? world.user(message.interaction.userId) : undefined;
  const payload: Record<string, unknown> = {
    id: message.id,
    channel_id: message.channelId,
    author: author ? userPayload(author) : null,
    content: message.content,
    timestamp: timestamp(message.createdAt),
    edited_timestamp: message.editedAt === null ? null : timestamp(message.editedAt),
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.attachments,
    embeds: message.embeds,
    components: message.components,
    pinned: false,
    type: message.type,
    flags: message.flags,
  };
  if (message.webhookId) {
    payload.webhook_id = message.webhookId;
    payload.application_id = world.applicationId;
  }
  if (message.interaction && interactionUser) {
    payload.interaction_metadata = {
      id: message.interaction.id,
      type: message.interaction.type,
      user: userPayload(interactionUser),
      authorizing_integration_owners: { '0': channel?.guildId ?? '0' },
      ...(message.interaction.name ? { name: message.interaction.name } : {}),
    };
    payload.interaction = {
      id: message.interaction.id,
      type: message.interaction.type,
      name: message.interaction.name ?? '',
      user: userPayload(interactionUser),
    };
  }
  if (message.referenceId) {
    payload.message_reference = {
      type: 0,
      message_id: message.referenceId,
      channel_id: message.channelId,
      ...(channel?.guildId ? { guild_id: channel.guildId } : {}),
    };
  }
  if (forGateway && channel?.guildId) {
    payload.guild_id = channel.guildId;
    // A person's message in a server carries their member (without the user, which is `author`).
    const guild = world.guilds.get(channel.guildId);
    if (author && !message.webhookId && guild?.members.has(author.id)) {
      const { user: _user, ...member } = memberPayload(guild, author);
      payload.member = member;
    }
  }
  return payload;
}
