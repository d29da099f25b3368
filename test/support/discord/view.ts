import {
  ComponentType,
  MessageFlag,
  SELECT_TYPES,
  type ComponentJson,
  type EmbedJson,
  type MessageRecord,
  type Notice,
  type World,
} from './model.js';

/** What a user sees of one message, in its latest state. */
export interface SeenMessage {
  id: string;
  channelId: string;
  /** '#general' for a guild channel, 'DM' for the user's DM with the bot. */
  where: string;
  guildId: string | null;
  author: { id: string; username: string; bot: boolean };
  content: string;
  embeds: EmbedJson[];
  components: ComponentJson[];
  attachments: Array<{ id: string; filename: string; size: number; url: string; description?: string }>;
  /** Every button and select in the message, flattened, for easy assertions. */
  buttons: SeenButton[];
  selects: SeenSelect[];
  flags: number;
  ephemeral: boolean;
  /** A deferred reply still showing "<bot> is thinking…". */
  loading: boolean;
  edited: boolean;
  /** The slash command or component interaction this message answers. */
  interaction: { id: string; name: string | null; userId: string } | null;
  createdAt: number;
  revision: number;
}

export interface SeenButton {
  customId: string | null;
  label: string | null;
  style: number;
  disabled: boolean;
  url: string | null;
}

export interface SeenSelect {
  type: number;
  customId: string;
  placeholder: string | null;
  options: Array<{ label: string; value: string; description: string | null }>;
  minValues: number;
  maxValues: number;
  disabled: boolean;
}

export interface UserView {
  /** The world's version when this view was taken (for long-polling). */
  version: number;
  messages: SeenMessage[];
  notices: Notice[];
}

/** Depth-first walk over rows, v2 containers and section accessories. */
export function* walkComponents(components: ComponentJson[]): Generator<ComponentJson> {
  for (const c of components) {
    yield c;
    if (Array.isArray(c.components)) yield* walkComponents(c.components);
    if (c.accessory) yield* walkComponents([c.accessory]);
  }
}

export function seenMessage(world: World, message: MessageRecord): SeenMessage {
  const channel = world.channels.get(message.channelId);
  const author = world.user(message.authorId);
  const buttons: SeenButton[] = [];
  const selects: SeenSelect[] = [];
  for (const c of walkComponents(message.components)) {
    if (c.type === ComponentType.Button) {
      buttons.push({
        customId: c.custom_id ?? null,
        label: c.label ?? null,
        style: c.style ?? 0,
        disabled: c.disabled === true,
        url: c.url ?? null,
      });
    } else if (SELECT_TYPES.has(c.type)) {
      selects.push({
        type: c.type,
        customId: c.custom_id ?? '',
        placeholder: c.placeholder ?? null,
        options: (c.options ?? []).map((o) => ({ label: o.label, value: o.value, description: o.description ?? null })),
        minValues: c.min_values ?? 1,
        maxValues: c.max_values ?? 1,
        disabled: c.disabled === true,
      });
    }
  }
  return {
    id: message.id,
    channelId: message.channelId,
    where: channel?.kind === 'dm' ? 'DM' : `#${channel?.name ?? '?'}`,
    guildId: channel?.guildId ?? null,
    author: { id: message.authorId, username: author?.username ?? '?', bot: author?.bot ?? false },
    content: message.content,
    embeds: message.embeds,
    components: message.components,
    attachments: message.attachments.map((a) => ({ id: a.id, filename: a.filename, size: a.size, url: a.url, ...(a.description !== undefined && { description: a.description }) })),
    buttons,
    selects,
    flags: message.flags,
    ephemeral: message.ephemeralFor !== null,
    loading: (message.flags & MessageFlag.Loading) !== 0,
    edited: message.editedAt !== null,
    interaction: message.interaction
      ? { id: message.interaction.id, name: message.interaction.name, userId: message.interaction.userId }
      : null,
    createdAt: message.createdAt,
    revision: message.revision,
  };
}

export function userView(world: World, userId: string, channelId?: string): UserView {
  return {
    version: world.version,
    messages: world.visibleMessages(userId, channelId).map((m) => seenMessage(world, m)),
    notices: [...(world.notices.get(userId) ?? [])],
  };
}

/** One line per message, for test failure output and for people driving a game by hand. */
export function describeMessage(m: SeenMessage): string {
  const parts = [`[${m.where}]${m.ephemeral ? ' (only you)' : ''} ${m.author.username}:`];
  if (m.loading) parts.push('is thinking…');
  if (m.content) parts.push(m.content);
  for (const a of m.attachments) parts.push(`📎${a.filename}`);
  for (const e of m.embeds) parts.push(`{embed ${[e.title, e.description].filter(Boolean).join(' — ')}}`);
  for (const b of m.buttons) parts.push(`[${b.label ?? b.customId ?? '?'}${b.disabled ? ' (disabled)' : ''}]`);
  for (const s of m.selects) parts.push(`<${s.placeholder ?? s.customId}: ${s.options.map((o) => o.label).join(' | ')}>`);
  if (m.edited) parts.push('(edited)');
  return parts.join(' ');
}
