import { ManualClock } from './clock.js';
import type { OptionInput } from './commands.js';
import type { FaultRule } from './faults.js';
import type { ChannelRecord, GuildRecord, InteractionRecord, RoleRecord, UserRecord } from './model.js';
import { json, noContent, Router, type RestRequest } from './rest/router.js';
import { StandInUsageError } from './setup.js';
import type { StandIn } from './stand-in.js';

/**
 * The stand-in's HTTP control API, mounted at /control: the same powers as
 * the in-process StandIn, for drivers outside the test process.
 * Documented endpoint by endpoint in docs/testing.md.
 */

const MAX_WAIT_MS = 30_000;

type Body = Record<string, unknown>;

const bodyOf = (req: RestRequest): Body =>
  typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Body) : {};

function str(body: Body, key: string, required: true): string;
function str(body: Body, key: string, required?: false): string | undefined;
function str(body: Body, key: string, required = false): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) {
    if (required) throw new StandInUsageError(`"${key}" is required`);
    return undefined;
  }
  if (typeof value !== 'string') throw new StandInUsageError(`"${key}" must be a string`);
  return value;
}

function waitMsOf(req: RestRequest): number {
  const raw = Number(req.query.get('waitMs') ?? 0);
  return Number.isFinite(raw) ? Math.min(Math.max(0, raw), MAX_WAIT_MS) : 0;
}

export const userJson = (u: UserRecord) => ({
  id: u.id,
  username: u.username,
  globalName: u.globalName,
  locale: u.locale,
  dmsOpen: u.dmsOpen,
  bot: u.bot,
});

const channelJson = (c: ChannelRecord) => ({
  id: c.id,
  kind: c.kind,
  guildId: c.guildId,
  name: c.name,
  recipientId: c.recipientId,
});

const roleJson = (r: RoleRecord) => ({ id: r.id, name: r.name, permissions: r.permissions.toString() });

function guildJson(standIn: StandIn, g: GuildRecord) {
  return {
    id: g.id,
    name: g.name,
    ownerId: g.ownerId,
    locale: g.locale,
    memberIds: [...g.members.keys()],
    roles: g.roles.map(roleJson),
    memberRoles: Object.fromEntries(g.memberRoles),
    channels: g.channelIds.map((id) => channelJson(standIn.world.channels.get(id)!)),
  };
}

export const interactionJson = (r: InteractionRecord) => ({
  id: r.id,
  label: r.label,
  type: r.type,
  state: r.state,
  responseType: r.responseType,
  userId: r.userId,
  channelId: r.channelId,
  guildId: r.guildId,
  locale: r.locale,
  createdAt: r.createdAt,
  acknowledgedAt: r.acknowledgedAt,
  originalMessageId: r.originalMessageId,
  followUpIds: r.followUpIds,
});

export function createControlRouter(standIn: StandIn): Router {
  const router = new Router();
  const { world } = standIn;

  router.add('GET', '/', () =>
    json({
      apiBase: standIn.apiBase,
      gatewayUrl: standIn.gatewayUrl,
      controlUrl: standIn.controlUrl,
      token: standIn.token,
      applicationId: standIn.applicationId,
      bot: userJson(standIn.bot),
      clock: standIn.clock instanceof ManualClock ? 'manual' : 'real',
      now: standIn.clock.now(),
      version: world.version,
      liveGatewaySessions: standIn.gateway.liveSessions,
      env: standIn.env(),
    }),
  );

  router.add('GET', '/state', () =>
    json({
      version: world.version,
      users: [...world.users.values()].map(userJson),
      guilds: [...world.guilds.values()].map((g) => guildJson(standIn, g)),
      dmChannels: [...world.channels.values()].filter((c) => c.kind === 'dm').map(channelJson),
      commands: [...world.commands.values()].map((c) => ({ id: c.id, guildId: c.guildId, name: c.data.name })),
    }),
  );

  router.add('POST', '/users', (req) => {
    const body = bodyOf(req);
    const user = standIn.createUser({
      username: str(body, 'username'),
      globalName: str(body, 'globalName') ?? null,
      locale: str(body, 'locale'),
      ...(typeof body.dmsOpen === 'boolean' ? { dmsOpen: body.dmsOpen } : {}),
    });
    return json(userJson(user), 201);
  });

  router.add('PATCH', '/users/:userId', (req) => {
    const body = bodyOf(req);
    const user = standIn.updateUser(req.params.userId!, {
      ...(typeof body.dmsOpen === 'boolean' ? { dmsOpen: body.dmsOpen } : {}),
      ...(str(body, 'locale') !== undefined ? { locale: str(body, 'locale') } : {}),
    });
    return json(userJson(user));
  });

  router.add('GET', '/users/:userId/view', async (req) => {
    const userId = standIn.user(req.params.userId!).id;
    const channel = req.query.get('channelId') ?? undefined;
    const since = Number(req.query.get('sinceVersion') ?? -1);
    const waitMs = waitMsOf(req);
    if (waitMs > 0 && world.version <= since) {
      await standIn.waitFor(() => world.version > since, { timeoutMs: waitMs }).catch(() => undefined);
    }
    return json(standIn.view(userId, channel === undefined ? {} : { channel }));
  });

  // The Activity: what the Discord client's `authorize` gives the page (a code), and Activities enabled.
  router.add('POST', '/users/:userId/authorize', (req) => json({ code: standIn.authorize(req.params.userId!), client_secret: standIn.oauth2.clientSecret }));
  // The user opens the Activity in a channel (joining the instance running there): its instance id.
  router.add('POST', '/users/:userId/activities', (req) => json({ instanceId: standIn.launchActivity(req.params.userId!, str(bodyOf(req), 'channelId', true)) }, 201));
  router.add('DELETE', '/users/:userId/activities/:instanceId', (req) => {
    standIn.leaveActivity(req.params.userId!, req.params.instanceId!);
    return noContent();
  });
  router.add('POST', '/activities', () => {
    standIn.enableActivities();
    return noContent();
  });
  router.add('GET', '/users/:userId/text', (req) => json({ text: standIn.describe(req.params.userId!) }));

  router.add('POST', '/guilds', (req) => {
    const body = bodyOf(req);
    const memberIds = Array.isArray(body.memberIds) ? body.memberIds.map(String) : [];
    const ownerId = str(body, 'ownerId');
    const guild = standIn.createGuild({
      name: str(body, 'name'),
      locale: str(body, 'locale'),
      ...(ownerId ? { owner: standIn.user(ownerId) } : {}),
      members: memberIds.map((id) => standIn.user(id)),
      ...(Array.isArray(body.channels) ? { channels: body.channels.map(String) } : {}),
    });
    return json(guildJson(standIn, guild), 201);
  });

  router.add('POST', '/guilds/:guildId/members', (req) => {
    standIn.addMember(req.params.guildId!, str(bodyOf(req), 'userId', true));
    return json(guildJson(standIn, standIn.guild(req.params.guildId!)));
  });

  router.add('POST', '/guilds/:guildId/channels', (req) =>
    json(channelJson(standIn.createChannel(req.params.guildId!, str(bodyOf(req), 'name', true))), 201),
  );

  router.add('POST', '/guilds/:guildId/roles', (req) => {
    const body = bodyOf(req);
    const permissions = str(body, 'permissions');
    if (permissions !== undefined && !/^\d+$/.test(permissions)) throw new StandInUsageError('"permissions" is a string of decimal bits, as Discord writes it');
    const role = standIn.createRole(req.params.guildId!, {
      name: str(body, 'name'),
      ...(permissions !== undefined ? { permissions: BigInt(permissions) } : {}),
    });
    return json(roleJson(role), 201);
  });

  router.add('PUT', '/guilds/:guildId/members/:userId/roles/:roleId', (req) => {
    standIn.giveRole(req.params.guildId!, req.params.userId!, req.params.roleId!);
    return noContent();
  });

  router.add('DELETE', '/guilds/:guildId/members/:userId/roles/:roleId', (req) => {
    standIn.takeRole(req.params.guildId!, req.params.userId!, req.params.roleId!);
    return noContent();
  });

  router.add('POST', '/channels/:channelId/messages', (req) => {
    const body = bodyOf(req);
    const message = standIn.say(str(body, 'userId', true), req.params.channelId!, str(body, 'content', true));
    return json({ id: message.id, channelId: message.channelId, authorId: message.authorId, content: message.content }, 201);
  });

  router.add('GET', '/commands', (req) => {
    const guildId = req.query.get('guildId');
    return json(standIn.commands(guildId ?? undefined));
  });

  router.add('POST', '/interactions/command', (req) => {
    const body = bodyOf(req);
    const channel = body.dm === true ? 'dm' : str(body, 'channelId', true);
    const options = (typeof body.options === 'object' && body.options !== null ? body.options : {}) as OptionInput;
    const locale = str(body, 'locale');
    const handle = standIn.runCommand(
      str(body, 'userId', true),
      channel,
      str(body, 'command', true),
      options,
      locale ? { locale } : {},
    );
    return json(interactionJson(handle.record), 201);
  });

  router.add('POST', '/interactions/button', (req) => {
    const body = bodyOf(req);
    const handle = standIn.click(str(body, 'userId', true), {
      customId: str(body, 'customId'),
      label: str(body, 'label'),
      messageId: str(body, 'messageId'),
    });
    return json(interactionJson(handle.record), 201);
  });

  router.add('POST', '/interactions/select', (req) => {
    const body = bodyOf(req);
    if (!Array.isArray(body.values)) throw new StandInUsageError('"values" must be an array');
    const handle = standIn.choose(
      str(body, 'userId', true),
      { customId: str(body, 'customId'), placeholder: str(body, 'placeholder'), messageId: str(body, 'messageId') },
      body.values.map(String),
    );
    return json(interactionJson(handle.record), 201);
  });

  router.add('GET', '/interactions/:interactionId', async (req) => {
    const handle = standIn.interaction(req.params.interactionId!);
    const waitMs = waitMsOf(req);
    if (waitMs > 0) await handle.settled({ timeoutMs: waitMs }).catch(() => undefined);
    return json(interactionJson(handle.record));
  });

  router.add('GET', '/interactions/:interactionId/response', async (req) => {
    const handle = standIn.interaction(req.params.interactionId!);
    try {
      return json(await handle.response({ timeoutMs: waitMsOf(req) || 1 }));
    } catch (error) {
      return json({ error: (error as Error).message, interaction: interactionJson(handle.record) }, 408);
    }
  });

  router.add('POST', '/clock/advance', (req) => {
    const ms = Number(bodyOf(req).ms);
    if (!Number.isFinite(ms) || ms < 0) throw new StandInUsageError('"ms" must be a non-negative number');
    standIn.advance(ms);
    return json({ now: standIn.clock.now() });
  });

  const faultOf = (body: Body): FaultRule => {
    const status = body.status ?? 429;
    if (status !== 429 && status !== 500 && status !== 502 && status !== 503) throw new StandInUsageError('"status" must be 429, 500, 502 or 503');
    const scope = str(body, 'scope');
    if (scope !== undefined && scope !== 'user' && scope !== 'global' && scope !== 'shared') throw new StandInUsageError('"scope" must be user, global or shared');
    return {
      status,
      method: str(body, 'method'),
      path: str(body, 'path'),
      ...(typeof body.count === 'number' ? { count: body.count } : {}),
      ...(typeof body.retryAfter === 'number' ? { retryAfter: body.retryAfter } : {}),
      ...(typeof body.global === 'boolean' ? { global: body.global } : {}),
      ...(scope !== undefined ? { scope } : {}),
    };
  };

  router.add('POST', '/faults', (req) => {
    standIn.fault(faultOf(bodyOf(req)));
    return json({ pending: standIn.faults.pending }, 201);
  });

  // The 429 form of /faults, kept for drivers written before it.
  router.add('POST', '/rate-limits', (req) => {
    standIn.fault(faultOf({ ...bodyOf(req), status: 429 }));
    return json({ pending: standIn.faults.pending }, 201);
  });

  for (const path of ['/faults', '/rate-limits']) {
    router.add('DELETE', path, () => {
      standIn.faults.clear();
      return noContent();
    });
  }

  router.add('GET', '/limits', () => json(standIn.limitStats()));

  router.add('POST', '/gateway/drop', (req) => {
    const body = bodyOf(req);
    const code = body.code === 'terminate' ? 'terminate' : typeof body.code === 'number' ? body.code : undefined;
    standIn.dropGateway({
      ...(code !== undefined ? { code } : {}),
      ...(typeof body.resumable === 'boolean' ? { resumable: body.resumable } : {}),
    });
    return noContent();
  });

  router.add('POST', '/gateway/reconnect', () => {
    standIn.gateway.requestReconnect();
    return noContent();
  });

  router.add('GET', '/requests', (req) => {
    const since = Number(req.query.get('since') ?? 0);
    return json(world.requests.slice(Number.isFinite(since) ? since : 0));
  });

  return router;
}
