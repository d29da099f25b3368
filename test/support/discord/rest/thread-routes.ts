import { Errors, FormErrors } from '../errors.js';
import { Intent } from '../gateway.js';
import type { ChannelRecord } from '../model.js';
import { channelPayload } from '../payloads.js';
import { requireBot, type RouteContext } from './context.js';
import { RequestBodies } from '../rules/schema.js';
import { json, type Router } from './router.js';

/** Discord's archive durations, in minutes. */
const ARCHIVE_MINUTES = [60, 1440, 4320, 10080];
const PUBLIC_THREAD = 11;
const PRIVATE_THREAD = 12;

/** Threads started without a message (POST /channels/{id}/threads), as Discord checks them. */
export function registerThreadRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;
  router.add('POST', '/channels/:channelId/threads', (req) => {
    requireBot(ctx, req);
    const parent = world.channels.get(req.params.channelId!);
    if (!parent) throw Errors.unknownChannel();
    if (!world.canSeeChannel(world.bot.id, parent)) throw Errors.missingAccess();
    // A thread cannot be started in a DM or inside another thread.
    if (parent.kind !== 'text') throw Errors.wrongChannelType();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors = new FormErrors();
    const name = body.name;
    if (typeof name !== 'string' || [...name].length < 1 || [...name].length > 100)
      errors.add(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    const minutes = body.auto_archive_duration;
    if (minutes !== undefined && minutes !== null && !ARCHIVE_MINUTES.includes(minutes as number))
      errors.add(['auto_archive_duration'], 'BASE_TYPE_CHOICES', `Value must be one of (${ARCHIVE_MINUTES.join(', ')}).`);
    const type = body.type ?? PRIVATE_THREAD;
    if (type !== PUBLIC_THREAD && type !== PRIVATE_THREAD) errors.add(['type'], 'BASE_TYPE_CHOICES', 'Value must be one of (11, 12).');
    if (body.invitable !== undefined && typeof body.invitable !== 'boolean') errors.add(['invitable'], 'BASE_TYPE_BAD_TYPE', 'Must be a boolean.');
    errors.throwIfAny();
    if (parent.noThreads) throw Errors.missingPermissions();
    if (type === PRIVATE_THREAD) throw Errors.missingPermissions(); // the stand-in models public threads only
    const thread: ChannelRecord = {
      id: world.ids.next(),
      kind: 'thread',
      guildId: parent.guildId,
      name: name as string,
      recipientId: null,
      position: 0,
      lastMessageId: null,
      parentId: parent.id,
      ownerId: world.bot.id,
    };
    world.channels.set(thread.id, thread);
    world.changed({ kind: 'channel', id: thread.id });
    ctx.gateway.dispatch('THREAD_CREATE', { ...channelPayload(world, thread), newly_created: true }, { intent: Intent.Guilds, guildId: thread.guildId! });
    return json(channelPayload(world, thread), 201);
  }, RequestBodies.startThread);
}
