import type { Gateway } from './gateway.js';
import { Intent } from './gateway.js';
import { StandInUsageError } from './setup.js';
import { MessageFlag, type AttachmentJson, type ChannelRecord, type MessageRecord, type UserRecord, type World } from './model.js';
import { messagePayload } from './payloads.js';
import { assertNotEmpty, charLength, Limits, type MessageFields } from './rules/message-limits.js';
import { notifiedBy, type AllowedMentions } from './rules/mentions.js';
import { keepNonce } from './rules/nonces.js';

/**
 * Creating, editing and deleting messages, with the gateway events the bot
 * would receive for them. Channel routes and interaction responses share this.
 */
export interface StandInParts {
  world: World;
  gateway: Gateway;
}

export interface NewMessage {
  channel: ChannelRecord;
  authorId: string;
  fields: MessageFields;
  attachments?: AttachmentJson[];
  ephemeralFor?: string | null;
  webhookId?: string | null;
  interaction?: MessageRecord['interaction'];
  type?: number;
  referenceId?: string | null;
  /** A deferred reply: "<bot> is thinking…", allowed to be empty. */
  loading?: boolean;
  /** The body's allowed_mentions, already validated; undefined: Discord's default (every mention). */
  allowedMentions?: AllowedMentions;
  nonce?: string | null;
}

function messageIntent(channel: ChannelRecord): number {
  return channel.kind === 'dm' ? Intent.DirectMessages : Intent.GuildMessages;
}

export function createMessage({ world, gateway }: StandInParts, init: NewMessage): MessageRecord {
  const flags =
    (init.fields.flags ?? 0) |
    (init.ephemeralFor ? MessageFlag.Ephemeral : 0) |
    (init.loading ? MessageFlag.Loading : 0);
  const message: MessageRecord = {
    id: world.ids.next(),
    channelId: init.channel.id,
    authorId: init.authorId,
    type: init.type ?? (init.referenceId ? 19 : 0),
    content: init.fields.content ?? '',
    embeds: init.fields.embeds ?? [],
    components: init.fields.components ?? [],
    attachments: init.attachments ?? [],
    flags,
    createdAt: world.clock.now(),
    editedAt: null,
    deleted: false,
    ephemeralFor: init.ephemeralFor ?? null,
    webhookId: init.webhookId ?? null,
    interaction: init.interaction ?? null,
    referenceId: init.referenceId ?? null,
    revision: 0,
    notified: [],
    nonce: init.nonce ?? null,
  };
  if (!init.loading) assertNotEmpty(message);
  world.messages.set(message.id, message);
  keepNonce(world, message);
  message.notified = notifiedBy(world, init.channel, message.content, flags, init.allowedMentions, message.ephemeralFor !== null);
  for (const userId of message.notified) world.notifications.push({ userId, messageId: message.id, channelId: message.channelId, at: message.createdAt });
  if (!message.ephemeralFor) {
    init.channel.lastMessageId = message.id;
    gateway.dispatch('MESSAGE_CREATE', messagePayload(world, message, true), {
      intent: messageIntent(init.channel),
      guildId: init.channel.guildId,
    });
  }
  world.changed({ kind: 'message', id: message.id, op: 'create' });
  return message;
}

/**
 * Applies an edit. `editableFlags` are the flags this route may change;
 * ephemeral-ness never changes after creation.
 */
export function editMessage(
  { world, gateway }: StandInParts,
  message: MessageRecord,
  fields: MessageFields,
  editableFlags: number,
  attachments?: AttachmentJson[],
): MessageRecord {
  const next: MessageRecord = {
    ...message,
    content: fields.content ?? message.content,
    embeds: fields.embeds ?? message.embeds,
    components: fields.components ?? message.components,
    attachments: attachments ?? message.attachments,
    flags:
      fields.flags === undefined
        ? message.flags & ~MessageFlag.Loading
        : ((message.flags & ~editableFlags) | fields.flags) & ~MessageFlag.Loading,
  };
  assertNotEmpty(next);
  // Filling in a deferred reply is not an "edit" to the people who see it.
  const wasLoading = (message.flags & MessageFlag.Loading) !== 0;
  Object.assign(message, next, {
    editedAt: wasLoading ? null : world.clock.now(),
    revision: message.revision + 1,
  });
  const channel = world.channels.get(message.channelId);
  if (!message.ephemeralFor && channel) {
    gateway.dispatch('MESSAGE_UPDATE', messagePayload(world, message, true), {
      intent: messageIntent(channel),
      guildId: channel.guildId,
    });
  }
  world.changed({ kind: 'message', id: message.id, op: 'update' });
  return message;
}

export function deleteMessage({ world, gateway }: StandInParts, message: MessageRecord): void {
  message.deleted = true;
  const channel = world.channels.get(message.channelId);
  if (!message.ephemeralFor && channel) {
    gateway.dispatch(
      'MESSAGE_DELETE',
      { id: message.id, channel_id: channel.id, ...(channel.guildId ? { guild_id: channel.guildId } : {}) },
      { intent: messageIntent(channel), guildId: channel.guildId },
    );
  }
  world.changed({ kind: 'message', id: message.id, op: 'delete' });
}

/** A person's message in a channel they can see; the bot receives it as MESSAGE_CREATE. */
export function postAsUser(parts: StandInParts, user: UserRecord, channel: ChannelRecord, content: string): MessageRecord {
  if (user.bot || !parts.world.canSeeChannel(user.id, channel)) {
    throw new StandInUsageError(`${user.username} cannot write in ${channel.name ?? channel.id}`);
  }
  if (content === '' || charLength(content) > Limits.content) {
    throw new StandInUsageError(`A message has 1 to ${Limits.content} characters, not ${charLength(content)}`);
  }
  return createMessage(parts, { channel, authorId: user.id, fields: { content } });
}
