import { Errors, FormErrors } from '../errors.js';
import { createMessage, deleteMessage, editMessage } from '../messages.js';
import { MessageFlag, type ChannelRecord, type MessageRecord } from '../model.js';
import { channelPayload, guildPayload, memberPayload, messagePayload } from '../payloads.js';
import { readMessageFields } from '../rules/message-limits.js';
import { readAllowedMentions } from '../rules/mentions.js';
import { nonceHit, readNonce, takeMessageFault } from '../rules/nonces.js';
import { RequestBodies } from '../rules/schema.js';
import { openDm } from '../setup.js';
import { attachmentsAfter, requireBot, type RouteContext } from './context.js';
import { json, noContent, type RestRequest, type Router } from './router.js';

const CHANNEL_MESSAGE_FLAGS = MessageFlag.SuppressEmbeds | MessageFlag.SuppressNotifications | MessageFlag.ComponentsV2;
const EDITABLE_FLAGS = MessageFlag.SuppressEmbeds | MessageFlag.ComponentsV2;

/** Channels, their messages, DMs, and the few guild reads discord.js may make. */
export function registerChannelRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;
  const parts = { world: ctx.world, gateway: ctx.gateway };

  const channelFor = (req: RestRequest): ChannelRecord => {
    requireBot(ctx, req);
    const channel = world.channels.get(req.params.channelId!);
    if (!channel) throw Errors.unknownChannel();
    if (!world.canSeeChannel(world.bot.id, channel)) throw Errors.missingAccess();
    return channel;
  };
  /** Ephemeral messages do not exist as far as channel routes are concerned. */
  const messageIn = (channel: ChannelRecord, id: string): MessageRecord => {
    const message = world.messages.get(id);
    if (!message || message.deleted || message.channelId !== channel.id || message.ephemeralFor !== null) {
      throw Errors.unknownMessage();
    }
    return message;
  };
  router.add('GET', '/channels/:channelId', (req) => json(channelPayload(world, channelFor(req))));

  router.add('POST', '/channels/:channelId/messages', (req) => {
    const channel = channelFor(req);
    const text = channel.kind === 'thread' && channel.parentId ? world.channels.get(channel.parentId) : channel;
    if (text?.botDenied === 'send') throw Errors.missingPermissions();
    if (channel.kind === 'dm') {
      const recipient = channel.recipientId ? world.user(channel.recipientId) : undefined;
      // Discord lets a bot DM only users who share a server with it and allow DMs from its members.
      if (!recipient || !recipient.dmsOpen || !world.mutualGuild(recipient.id, world.bot.id)) {
        throw Errors.cannotDmUser();
      }
    }
    const fields = readMessageFields(req.body, CHANNEL_MESSAGE_FLAGS);
    const allowedMentions = readAllowedMentions(req.body);
    const nonce = readNonce(req.body);
    const first = nonceHit(world, channel, world.bot.id, nonce);
    const fault = takeMessageFault(world, channel);
    if (fault && !fault.afterCreate) throw Errors.serverError(fault.status);
    if (first) {
      if (fault) throw Errors.serverError(fault.status);
      return json(messagePayload(world, first));
    }
    const body = (req.body ?? {}) as { message_reference?: { message_id?: string } };
    const referenceId = body.message_reference?.message_id ?? null;
    if (referenceId !== null) {
      const target = world.messages.get(referenceId);
      if (!target || target.deleted || target.channelId !== channel.id || target.ephemeralFor) {
        const errors = new FormErrors();
        errors.add(['message_reference'], 'REPLIES_UNKNOWN_MESSAGE', 'Unknown message');
        errors.throwIfAny();
      }
    }
    const message = createMessage(parts, {
      channel,
      authorId: world.bot.id,
      fields,
      attachments: attachmentsAfter(ctx, channel.id, [], req.body, req.files),
      referenceId,
      allowedMentions,
      nonce: nonce.nonce,
    });
    if (fault) throw Errors.serverError(fault.status);
    return json(messagePayload(world, message));
  }, RequestBodies.createMessage);

  router.add('GET', '/channels/:channelId/messages', (req) => {
    const channel = channelFor(req);
    const limit = Math.min(100, Math.max(1, Number(req.query.get('limit') ?? 50)));
    const before = req.query.get('before');
    const after = req.query.get('after');
    let list = world
      .visibleMessages(world.bot.id, channel.id)
      .filter((m) => m.ephemeralFor === null)
      .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
    if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
    if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after)).reverse().slice(0, limit).reverse();
    return json(list.slice(0, limit).map((m) => messagePayload(world, m)));
  });

  router.add('GET', '/channels/:channelId/messages/:messageId', (req) => {
    const channel = channelFor(req);
    return json(messagePayload(world, messageIn(channel, req.params.messageId!)));
  });

  router.add('PATCH', '/channels/:channelId/messages/:messageId', (req) => {
    const channel = channelFor(req);
    const message = messageIn(channel, req.params.messageId!);
    if (message.authorId !== world.bot.id) throw Errors.cannotEditOthers();
    const fields = readMessageFields(req.body, EDITABLE_FLAGS, message.flags);
    readAllowedMentions(req.body); // validated like on create; an edit notifies nobody
    editMessage(parts, message, fields, EDITABLE_FLAGS, attachmentsAfter(ctx, channel.id, message.attachments, req.body, req.files));
    return json(messagePayload(world, message));
  }, RequestBodies.editMessage);

  router.add('DELETE', '/channels/:channelId/messages/:messageId', (req) => {
    const channel = channelFor(req);
    deleteMessage(parts, messageIn(channel, req.params.messageId!));
    return noContent();
  });

  router.add('POST', '/users/@me/channels', (req) => {
    requireBot(ctx, req);
    const recipientId = (req.body as { recipient_id?: unknown } | undefined)?.recipient_id;
    const user = typeof recipientId === 'string' ? world.user(recipientId) : undefined;
    if (!user || user.bot) throw Errors.unknownUser();
    // Opening always works; whether the user accepts DMs is decided when sending.
    return json(channelPayload(world, openDm(parts, user)));
  }, RequestBodies.openDm);

  const guildFor = (req: RestRequest) => {
    requireBot(ctx, req);
    const guild = world.guilds.get(req.params.guildId!);
    if (!guild) throw Errors.unknownGuild();
    if (!guild.members.has(world.bot.id)) throw Errors.missingAccess();
    return guild;
  };
  router.add('GET', '/guilds/:guildId', (req) => {
    const guild = guildFor(req);
    return json({ ...guildPayload(guild), approximate_member_count: guild.members.size });
  });
  router.add('GET', '/guilds/:guildId/channels', (req) => {
    const guild = guildFor(req);
    return json(guild.channelIds.map((id) => channelPayload(world, world.channels.get(id)!)));
  });
  router.add('GET', '/guilds/:guildId/members', (req) => {
    const guild = guildFor(req);
    const limit = Math.min(1000, Math.max(1, Number(req.query.get('limit') ?? 1)));
    const after = req.query.get('after') ?? '0';
    const members = [...guild.members.keys()]
      .filter((id) => BigInt(id) > BigInt(after))
      .sort((a, b) => (BigInt(a) > BigInt(b) ? 1 : -1))
      .slice(0, limit);
    return json(members.map((id) => memberPayload(guild, world.user(id)!)));
  });
  router.add('GET', '/guilds/:guildId/members/:userId', (req) => {
    const guild = guildFor(req);
    const user = world.user(req.params.userId!);
    if (!user || !guild.members.has(user.id)) throw Errors.unknownMember();
    return json(memberPayload(guild, user));
  });
}
