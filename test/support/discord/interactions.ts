import { randomBytes } from 'node:crypto';
import { launchOrJoin } from './activity-instances.js';
import { ApiError, Errors, FormErrors, LengthErrors } from './errors.js';
import { createMessage, deleteMessage, editMessage, type StandInParts } from './messages.js';
import {
  MessageFlag,
  type AttachmentJson,
  type ChannelRecord,
  type InteractionRecord,
  type MessageRecord,
  type UserRecord,
} from './model.js';
import { EVERYONE_PERMISSIONS, channelPayload, permissionsOf, memberPayload, messagePayload, userPayload } from './payloads.js';
import { readMessageFields } from './rules/message-limits.js';
import { readAllowedMentions, type AllowedMentions } from './rules/mentions.js';

/** Discord fails an interaction nobody answered within 3 seconds. */
export const ANSWER_WINDOW_MS = 3_000;
/** Interaction tokens (follow-ups, edits) stop working after 15 minutes. */
export const TOKEN_LIFETIME_MS = 15 * 60_000;

export const ResponseType = {
  Reply: 4,
  DeferredReply: 5,
  DeferredUpdate: 6,
  Update: 7,
  Modal: 9,
  LaunchActivity: 12,
} as const;

/** A modal holds 1 to 5 components (Discord's documentation; the published schema allows 40). */
const MODAL_COMPONENTS = 5;

/** Runs a check of the callback's `data`: its errors are named inside `data`, as Discord names them. */
function inData<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ApiError && error.body.code === 50035 && error.body.errors) {
      throw new ApiError(400, { ...error.body, errors: { data: error.body.errors } });
    }
    throw error;
  }
}

function checkModal(data: unknown): void {
  const components = (data as { components?: unknown } | undefined)?.components;
  if (Array.isArray(components) && components.length > MODAL_COMPONENTS) {
    const errors = new FormErrors();
    errors.add(['components'], ...LengthErrors.between(1, MODAL_COMPONENTS));
    errors.throwIfAny();
  }
}

const REPLY_FLAGS =
  MessageFlag.Ephemeral | MessageFlag.SuppressEmbeds | MessageFlag.SuppressNotifications | MessageFlag.ComponentsV2;
const EDIT_FLAGS = MessageFlag.SuppressEmbeds | MessageFlag.ComponentsV2;

export interface NewInteraction {
  type: 2 | 3;
  user: UserRecord;
  channel: ChannelRecord;
  locale: string;
  data: Record<string, unknown>;
  label: string;
  commandName?: string;
  customId?: string;
  sourceMessage?: MessageRecord;
}

/** Turns a request's uploads into the message's attachments (see rest/context.ts). */
export type Attach = (channelId: string, existing: AttachmentJson[], body: unknown) => AttachmentJson[] | undefined;

const noUploads: Attach = () => undefined;

export interface CallbackResult {
  /** What `?with_response=true` returns; otherwise the route answers 204. */
  withResponse: Record<string, unknown>;
}

/**
 * The life of an interaction: created by a player, dispatched to the bot,
 * answered once within the window, then followed up or edited through its
 * webhook token until the token expires.
 */
export class Interactions {
  private readonly timers = new Map<string, () => void>();

  constructor(private readonly parts: StandInParts) {}

  private get world() {
    return this.parts.world;
  }

  create(spec: NewInteraction): InteractionRecord {
    const { world } = this;
    const guild = spec.channel.guildId ? world.guilds.get(spec.channel.guildId) : undefined;
    const id = world.ids.next();
    const token = `aW50ZXJhY3Rpb246${id}:${randomBytes(48).toString('base64url')}`;
    const payload: Record<string, unknown> = {
      id,
      application_id: world.applicationId,
      type: spec.type,
      token,
      version: 1,
      data: spec.data,
      channel: channelPayload(world, spec.channel),
      channel_id: spec.channel.id,
      locale: spec.locale,
      app_permissions: guild ? permissionsOf(guild, world.bot.id) : EVERYONE_PERMISSIONS,
      entitlements: [],
      authorizing_integration_owners: { '0': guild?.id ?? '0' },
      context: guild ? 0 : 1,
      attachment_size_limit: 10 * 1024 * 1024,
      ...(guild
        ? {
            guild_id: guild.id,
            guild: { id: guild.id, locale: guild.locale, features: [] },
            guild_locale: guild.locale,
            member: memberPayload(guild, spec.user, true),
          }
        : { user: userPayload(spec.user) }),
      ...(spec.sourceMessage ? { message: messagePayload(world, spec.sourceMessage) } : {}),
    };
    const record: InteractionRecord = {
      id,
      token,
      type: spec.type,
      userId: spec.user.id,
      channelId: spec.channel.id,
      guildId: guild?.id ?? null,
      locale: spec.locale,
      createdAt: world.clock.now(),
      label: spec.label,
      commandName: spec.commandName ?? null,
      customId: spec.customId ?? null,
      sourceMessageId: spec.sourceMessage?.id ?? null,
      state: 'pending',
      responseType: null,
      acknowledgedAt: null,
      originalMessageId: null,
      revisionAtAcknowledgement: null,
      followUpIds: [],
    };
    world.interactions.set(id, record);
    this.timers.set(id, world.clock.at(record.createdAt + ANSWER_WINDOW_MS, () => this.expireIfUnanswered(record)));
    world.changed({ kind: 'interaction', id, state: 'pending' });
    this.parts.gateway.dispatch('INTERACTION_CREATE', payload, { guildId: record.guildId });
    return record;
  }

  dispose(): void {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  /** The 3-second rule: the user's client gives up and says so. */
  private expireIfUnanswered(record: InteractionRecord): void {
    this.timers.delete(record.id);
    if (record.state !== 'pending') return;
    record.state = 'failed';
    this.world.addNotice(record.userId, {
      kind: 'interaction-failed',
      interactionId: record.id,
      channelId: record.channelId,
      at: this.world.clock.now(),
      text: record.type === 2 ? 'The application did not respond' : 'This interaction failed',
    });
    this.world.changed({ kind: 'interaction', id: record.id, state: 'failed' });
  }

  /** POST /interactions/{id}/{token}/callback */
  callback(id: string, token: string, body: unknown, attach: Attach = noUploads): CallbackResult {
    const { world } = this;
    const record = world.interactions.get(id);
    if (!record || record.token !== token) throw Errors.unknownInteraction();
    if (record.state === 'pending' && world.clock.now() >= record.createdAt + ANSWER_WINDOW_MS) {
      this.expireIfUnanswered(record);
    }
    if (record.state === 'failed') throw Errors.unknownInteraction();
    if (record.state === 'acknowledged') throw Errors.alreadyAcknowledged();
    const request = (typeof body === 'object' && body !== null ? body : {}) as { type?: unknown; data?: unknown };
    const type = request.type;
    const isComponent = record.type === 3;
    if (type === ResponseType.LaunchActivity) return this.launch(record);
    let original: MessageRecord | undefined;
    switch (type) {
      case ResponseType.Reply: {
        const fields = inData(() => readMessageFields(request.data, REPLY_FLAGS));
        const mentions = inData(() => readAllowedMentions(request.data));
        original = this.respondWithMessage(record, fields, false, inData(() => attach(record.channelId, [], request.data)), undefined, mentions);
        break;
      }
      case ResponseType.DeferredReply: {
        const flags = inData(() => readMessageFields(request.data, MessageFlag.Ephemeral)).flags ?? 0;
        original = this.respondWithMessage(record, { flags }, true);
        break;
      }
      case ResponseType.DeferredUpdate:
      case ResponseType.Update: {
        if (!isComponent) throw invalidResponseType(type);
        original = this.sourceMessage(record);
        if (type === ResponseType.Update) {
          editMessage(
            this.parts,
            original,
            inData(() => readMessageFields(request.data, EDIT_FLAGS, original!.flags)),
            EDIT_FLAGS,
            inData(() => attach(original!.channelId, original!.attachments, request.data)),
          );
        }
        break;
      }
      case ResponseType.Modal:
        inData(() => checkModal(request.data));
        throw invalidResponseType(type);
      default:
        throw invalidResponseType(type);
    }
    record.state = 'acknowledged';
    record.responseType = type;
    record.acknowledgedAt = world.clock.now();
    record.originalMessageId = original.id;
    record.revisionAtAcknowledgement = original.revision;
    this.timers.get(record.id)?.();
    this.timers.delete(record.id);
    world.changed({ kind: 'interaction', id: record.id, state: 'acknowledged' });
    return {
      withResponse: {
        interaction: {
          id: record.id,
          type: record.type,
          response_message_id: original.id,
          response_message_loading: type === ResponseType.DeferredReply,
          response_message_ephemeral: original.ephemeralFor !== null,
        },
        resource: {
          type,
          ...(type === ResponseType.DeferredUpdate ? {} : { message: messagePayload(world, original) }),
        },
      },
    };
  }

  /**
   * LAUNCH_ACTIVITY (12): the Activity opens for the user in the interaction's channel, and no message
   * answers. Discord allows it only for an application with Activities enabled, and only in answer to
   * a command or a component (not to a modal's submit or an autocomplete).
   */
  private launch(record: InteractionRecord): CallbackResult {
    const { world } = this;
    if (!world.activities || (record.type !== 2 && record.type !== 3)) throw invalidResponseType(ResponseType.LaunchActivity);
    // The instance running in the channel is joined; else one is launched (activity-instances.ts).
    const channel = world.channels.get(record.channelId);
    if (!channel) throw Errors.unknownChannel();
    const { instanceId } = launchOrJoin(world, record.userId, channel);
    world.launches.push({ instanceId, userId: record.userId, guildId: record.guildId, channelId: record.channelId, interactionId: record.id, at: world.clock.now() });
    record.state = 'acknowledged';
    record.responseType = ResponseType.LaunchActivity;
    record.acknowledgedAt = world.clock.now();
    this.timers.get(record.id)?.();
    this.timers.delete(record.id);
    world.changed({ kind: 'interaction', id: record.id, state: 'acknowledged' });
    return {
      withResponse: {
        interaction: { id: record.id, type: record.type, activity_instance_id: instanceId, response_message_id: null, response_message_loading: false, response_message_ephemeral: false },
        resource: { type: ResponseType.LaunchActivity, activity_instance: { id: instanceId } },
      },
    };
  }

  /** A message answering an interaction: its reply (type 20 for a slash command) or a follow-up (type 0). */
  private respondWithMessage(
    record: InteractionRecord,
    fields: ReturnType<typeof readMessageFields>,
    loading: boolean,
    attachments?: AttachmentJson[],
    type = record.type === 2 ? 20 : 0,
    allowedMentions?: AllowedMentions,
  ): MessageRecord {
    const channel = this.world.channels.get(record.channelId);
    if (!channel) throw Errors.unknownChannel();
    const ephemeral = ((fields.flags ?? 0) & MessageFlag.Ephemeral) !== 0;
    return createMessage(this.parts, {
      channel,
      authorId: this.world.bot.id,
      fields: { ...fields, flags: (fields.flags ?? 0) & ~MessageFlag.Ephemeral },
      ephemeralFor: ephemeral ? record.userId : null,
      webhookId: this.world.applicationId,
      interaction: { id: record.id, type: record.type, name: record.commandName, userId: record.userId },
      type,
      loading,
      allowedMentions,
      ...(attachments ? { attachments } : {}),
    });
  }

  private sourceMessage(record: InteractionRecord): MessageRecord {
    const message = record.sourceMessageId ? this.world.messages.get(record.sourceMessageId) : undefined;
    if (!message || message.deleted) throw Errors.unknownMessage();
    return message;
  }

  /** Resolves an interaction webhook: wrong application or token is "Unknown Webhook". */
  private byWebhook(applicationId: string, token: string): InteractionRecord {
    const { world } = this;
    const record = applicationId === world.applicationId ? findByToken(world.interactions, token) : undefined;
    if (!record) throw Errors.unknownWebhook();
    if (world.clock.now() >= record.createdAt + TOKEN_LIFETIME_MS) throw Errors.invalidWebhookToken();
    // The webhook only exists once the interaction has been answered.
    if (record.state !== 'acknowledged') throw Errors.unknownWebhook();
    return record;
  }

  private webhookMessage(record: InteractionRecord, ref: string): MessageRecord {
    const id = ref === '@original' ? record.originalMessageId : ref;
    const owned = id !== null && (id === record.originalMessageId || record.followUpIds.includes(id));
    const message = owned ? this.world.messages.get(id) : undefined;
    if (!message || message.deleted) throw Errors.unknownMessage();
    return message;
  }

  /** POST /webhooks/{application}/{token}: a follow-up message. */
  followUp(applicationId: string, token: string, body: unknown, attach: Attach = noUploads): MessageRecord {
    const record = this.byWebhook(applicationId, token);
    const fields = readMessageFields(body, REPLY_FLAGS);
    const original = record.originalMessageId ? this.world.messages.get(record.originalMessageId) : undefined;
    // Discord fills a still-"thinking" deferred reply with the first follow-up.
    if (original && !original.deleted && (original.flags & MessageFlag.Loading) !== 0) {
      const attachments = attach(original.channelId, original.attachments, body);
      return editMessage(this.parts, original, { ...fields, flags: undefined }, EDIT_FLAGS, attachments);
    }
    if (!this.world.channels.has(record.channelId)) throw Errors.unknownChannel();
    const message = this.respondWithMessage(record, fields, false, attach(record.channelId, [], body), 0, readAllowedMentions(body));
    record.followUpIds.push(message.id);
    return message;
  }

  getMessage(applicationId: string, token: string, ref: string): MessageRecord {
    return this.webhookMessage(this.byWebhook(applicationId, token), ref);
  }

  editMessage(applicationId: string, token: string, ref: string, body: unknown, attach: Attach = noUploads): MessageRecord {
    const record = this.byWebhook(applicationId, token);
    const message = this.webhookMessage(record, ref);
    const fields = readMessageFields(body, EDIT_FLAGS, message.flags);
    return editMessage(this.parts, message, fields, EDIT_FLAGS, attach(message.channelId, message.attachments, body));
  }

  deleteMessage(applicationId: string, token: string, ref: string): void {
    const record = this.byWebhook(applicationId, token);
    deleteMessage(this.parts, this.webhookMessage(record, ref));
  }
}

function findByToken(map: Map<string, InteractionRecord>, token: string): InteractionRecord | undefined {
  // Tokens embed the interaction id, so lookups stay O(1) without a second index.
  const id = /^aW50ZXJhY3Rpb246(\d+):/.exec(token)?.[1];
  const record = id ? map.get(id) : undefined;
  return record && record.token === token ? record : undefined;
}

function invalidResponseType(type: unknown): ApiError {
  return new ApiError(400, {
    code: 50035,
    message: 'Invalid Form Body',
    errors: {
      type: {
        _errors: [
          {
            code: 'INTERACTION_RESPONSE_TYPE_INVALID',
            message: `Interaction response type ${String(type)} is not valid for this interaction (the stand-in models 4, 5, 6 and 7; 6 and 7 only for components)`,
          },
        ],
      },
    },
  });
}
