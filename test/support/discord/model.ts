import type { ActivityInstanceRecord } from './activity-instances.js';
import { EventEmitter } from 'node:events';
import type { Clock } from './clock.js';
import { Permission, permissionsOf } from './payloads.js';
import { Snowflakes } from './snowflake.js';

/** Loose JSON shapes: the stand-in stores what the bot sent, after validation. */
export interface EmbedJson {
  title?: string;
  description?: string;
  fields?: Array<{ name: string; value: string; inline?: boolean }>;
  footer?: { text: string };
  author?: { name: string };
  [key: string]: unknown;
}

export interface SelectOptionJson {
  label: string;
  value: string;
  description?: string;
  default?: boolean;
  [key: string]: unknown;
}

export interface ComponentJson {
  type: number;
  id?: number;
  custom_id?: string;
  label?: string;
  style?: number;
  url?: string;
  disabled?: boolean;
  placeholder?: string;
  min_values?: number;
  max_values?: number;
  options?: SelectOptionJson[];
  components?: ComponentJson[];
  accessory?: ComponentJson;
  [key: string]: unknown;
}

export interface AttachmentJson {
  id: string;
  filename: string;
  size: number;
  url: string;
  content_type?: string;
  /** Its alt text, as the uploader gave it (at most 1,024 characters). */
  description?: string;
}

export const MessageFlag = {
  SuppressEmbeds: 1 << 2,
  Ephemeral: 1 << 6,
  Loading: 1 << 7,
  SuppressNotifications: 1 << 12,
  ComponentsV2: 1 << 15,
} as const;

export const ComponentType = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
} as const;

/** How many of the latest requests the world's log keeps (World.requests). */
const REQUEST_LOG = 2000;

export const SELECT_TYPES: ReadonlySet<number> = new Set([3, 5, 6, 7, 8]);

/** Discord's locale list (the values a user's client can send). */
export const LOCALES: ReadonlySet<string> = new Set([
  'id', 'da', 'de', 'en-GB', 'en-US', 'es-ES', 'es-419', 'fr', 'hr', 'it', 'lt', 'hu', 'nl', 'no', 'pl',
  'pt-BR', 'ro', 'fi', 'sv-SE', 'vi', 'tr', 'cs', 'el', 'bg', 'ru', 'uk', 'hi', 'th', 'zh-CN', 'ja', 'zh-TW', 'ko',
]);

export interface UserRecord {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  locale: string;
  /** False models a user who turned off "Direct Messages from server members". */
  dmsOpen: boolean;
}

export interface GuildRecord {
  id: string;
  name: string;
  ownerId: string;
  locale: string;
  /** user id -> joined_at, in join order */
  members: Map<string, string>;
  channelIds: string[];
  /** The guild's roles besides @everyone (whose id is the guild's), in creation order. */
  roles: RoleRecord[];
  /** user id -> the ids of the roles the member has */
  memberRoles: Map<string, string[]>;
}

export interface RoleRecord {
  id: string;
  name: string;
  /** Discord's permission bits (see `Permission` in payloads.ts). */
  permissions: bigint;
  position: number;
}

export interface ChannelRecord {
  id: string;
  kind: 'text' | 'dm' | 'thread';
  guildId: string | null;
  /** A thread: the text channel it was started in, and who started it. */
  parentId?: string;
  ownerId?: string;
  /** A text channel where the bot lacks 创建公开子区 (Create Public Threads), as an overwrite would make it. */
  noThreads?: boolean;
  /**
   * A text channel (its threads with it) where an overwrite on the bot's member denies it 查看频道
   * (`view`: every channel route answers Missing Access) or 发送消息 and 在子区发送消息 (`send`: posting
   * answers Missing Permissions; its own messages can still be edited and deleted).
   */
  botDenied?: 'view' | 'send';
  /**
   * A private text channel (its threads with it): @everyone is denied 查看频道 (View Channel) and only
   * these members are allowed it, as overwrites make it; the owner, Administrators and the bot see it too.
   */
  viewers?: string[];
  name: string | null;
  /** The human side of a DM channel. */
  recipientId: string | null;
  position: number;
  lastMessageId: string | null;
}

export interface MessageRecord {
  id: string;
  channelId: string;
  authorId: string;
  type: number;
  content: string;
  embeds: EmbedJson[];
  components: ComponentJson[];
  attachments: AttachmentJson[];
  flags: number;
  createdAt: number;
  editedAt: number | null;
  deleted: boolean;
  /** Set for ephemeral messages: the only user who can see it. */
  ephemeralFor: string | null;
  webhookId: string | null;
  interaction: { id: string; type: number; name: string | null; userId: string } | null;
  referenceId: string | null;
  revision: number;
  /** Users this message notified when it was created (rules/mentions.ts); edits never add any. */
  notified: string[];
  /** The create's `nonce`, when it had one (rules/nonces.ts). */
  nonce: string | null;
}

/** A 5xx the test asked for on `POST /channels/:id/messages` (StandIn.failMessages). */
export interface MessageFault {
  /** A channel id, or 'dm' for every DM channel; undefined: every channel. */
  channelId?: string;
  /** How many creates it answers. */
  count: number;
  /** true: the message is made and the answer is lost (a 5xx after delivery); false: nothing is made. */
  afterCreate: boolean;
  status: number;
}

/** One push notification Discord would have sent. */
export interface NotificationRecord {
  userId: string;
  messageId: string;
  channelId: string;
  at: number;
}

export interface CommandRecord {
  id: string;
  guildId: string | null;
  version: string;
  /** The command as Discord returns it (already normalised). */
  data: Record<string, unknown> & { name: string; type: number };
}

export type InteractionState = 'pending' | 'acknowledged' | 'failed';

export interface InteractionRecord {
  id: string;
  token: string;
  /** 2 application command, 3 message component */
  type: 2 | 3;
  userId: string;
  channelId: string;
  guildId: string | null;
  locale: string;
  createdAt: number;
  /** What the user did, for failure notices and debugging. */
  label: string;
  commandName: string | null;
  customId: string | null;
  sourceMessageId: string | null;
  state: InteractionState;
  responseType: number | null;
  acknowledgedAt: number | null;
  originalMessageId: string | null;
  /** The original message's revision when answered; a deferred update shows once it moves. */
  revisionAtAcknowledgement: number | null;
  followUpIds: string[];
}

export interface Notice {
  kind: 'interaction-failed';
  interactionId: string;
  channelId: string;
  at: number;
  /** Discord's wording in the client. */
  text: string;
}

export interface RequestLogEntry {
  at: number;
  method: string;
  path: string;
  status: number;
  code?: number;
}

export type WorldChange =
  | { kind: 'user' | 'guild' | 'channel' | 'member' | 'commands'; id: string }
  | { kind: 'message'; id: string; op: 'create' | 'update' | 'delete' }
  | { kind: 'interaction'; id: string; state: InteractionState }
  | { kind: 'request'; entry: RequestLogEntry };

/**
 * Everything the fake Discord knows. It stores facts and answers
 * "who can see what"; the rules about how facts may change live with the
 * REST routes and the interaction lifecycle.
 */
/** An Activity launched for a user in a channel (the answer to their interaction). */
export interface ActivityLaunch {
  instanceId: string;
  userId: string;
  guildId: string | null;
  channelId: string;
  interactionId: string;
  at: number;
}

export class World {
  readonly ids: Snowflakes;
  readonly users = new Map<string, UserRecord>();
  readonly guilds = new Map<string, GuildRecord>();
  readonly channels = new Map<string, ChannelRecord>();
  readonly messages = new Map<string, MessageRecord>();
  readonly commands = new Map<string, CommandRecord>();
  readonly interactions = new Map<string, InteractionRecord>();
  readonly notices = new Map<string, Notice[]>();
  /** The bytes of every uploaded attachment, by attachment id. */
  readonly uploads = new Map<string, Buffer>();
  readonly notifications: NotificationRecord[] = [];
  /** The last REQUEST_LOG requests, oldest first (a ring: logging one never moves the others). */
  get requests(): RequestLogEntry[] {
    return [...this.requestRing.slice(this.requestNext), ...this.requestRing.slice(0, this.requestNext)];
  }
  private readonly requestRing: RequestLogEntry[] = [];
  private requestNext = 0;
  /** Messages created with a nonce, oldest first, by channel, author and nonce (rules/nonces.ts nonceKey). */
  readonly nonced = new Map<string, MessageRecord[]>();
  /** When `nonced` was last swept of what left the nonce window (rules/nonces.ts keepNonce). */
  noncesSweptAt = 0;
  /** 5xx answers to message creates the test asked for, first match first. */
  readonly messageFaults: MessageFault[] = [];
  readonly events = new EventEmitter();
  /** Bumped on every change; the control API long-polls on it. */
  version = 0;
  readonly bot: UserRecord;
  /** Also the bot user's id, as for applications created since 2016. */
  readonly applicationId: string;
  /** Who owns the application in the Developer Portal (GET /applications/@me's owner); none until a test says. */
  ownerId: string | null = null;
  /** Activities enabled for the application (Developer Portal → Activities); off until a test says (StandIn.enableActivities). */
  activities = false;
  /** Every Activity launched by an interaction's answer (LAUNCH_ACTIVITY), oldest first. */
  readonly launches: ActivityLaunch[] = [];
  /** The Activity instances running now, by instance id (activity-instances.ts). */
  readonly activityInstances = new Map<string, ActivityInstanceRecord>();

  constructor(
    readonly clock: Clock,
    botName: string,
  ) {
    this.ids = new Snowflakes(clock);
    this.applicationId = this.ids.next();
    this.events.setMaxListeners(0);
    this.bot = { id: this.applicationId, username: botName, globalName: null, bot: true, locale: 'en-US', dmsOpen: true };
    this.users.set(this.bot.id, this.bot);
  }

  changed(change: WorldChange): void {
    this.version++;
    this.events.emit('change', change);
  }

  logRequest(entry: RequestLogEntry): void {
    if (this.requestRing.length < REQUEST_LOG) this.requestRing.push(entry);
    else {
      this.requestRing[this.requestNext] = entry;
      this.requestNext = (this.requestNext + 1) % REQUEST_LOG;
    }
    this.changed({ kind: 'request', entry });
  }

  user(id: string): UserRecord | undefined {
    return this.users.get(id);
  }

  mutualGuild(userId: string, otherId: string): boolean {
    for (const guild of this.guilds.values()) {
      if (guild.members.has(userId) && guild.members.has(otherId)) return true;
    }
    return false;
  }

  dmChannelOf(userId: string): ChannelRecord | undefined {
    for (const channel of this.channels.values()) {
      if (channel.kind === 'dm' && channel.recipientId === userId) return channel;
    }
    return undefined;
  }

  canSeeChannel(userId: string, channel: ChannelRecord): boolean {
    if (channel.kind === 'dm') return userId === channel.recipientId || userId === this.bot.id;
    const guild = channel.guildId ? this.guilds.get(channel.guildId) : undefined;
    if (guild === undefined || !guild.members.has(userId)) return false;
    const text = channel.kind === 'thread' && channel.parentId ? this.channels.get(channel.parentId) : channel;
    if (userId === this.bot.id) return text?.botDenied !== 'view';
    if (!text?.viewers || text.viewers.includes(userId)) return true;
    return (BigInt(permissionsOf(guild, userId)) & Permission.Administrator) !== 0n;
  }

  canSeeMessage(userId: string, message: MessageRecord): boolean {
    if (message.deleted) return false;
    // The bot "sees" its ephemeral replies only through the interaction webhook, never a channel.
    if (message.ephemeralFor !== null) return message.ephemeralFor === userId;
    const channel = this.channels.get(message.channelId);
    return channel !== undefined && this.canSeeChannel(userId, channel);
  }

  /** Messages visible to a user, oldest first, each in its latest state. */
  visibleMessages(userId: string, channelId?: string): MessageRecord[] {
    const out: MessageRecord[] = [];
    for (const message of this.messages.values()) {
      if (channelId !== undefined && message.channelId !== channelId) continue;
      if (this.canSeeMessage(userId, message)) out.push(message);
    }
    return out;
  }

  addNotice(userId: string, notice: Notice): void {
    const list = this.notices.get(userId) ?? [];
    list.push(notice);
    this.notices.set(userId, list);
  }
}
