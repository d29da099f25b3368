import { instancePayload } from '../activity-instances.js';
import { ApiError, Errors } from '../errors.js';
import type { CommandRecord } from '../model.js';
import { OAuth2 } from '../oauth2.js';
import { userPayload } from '../payloads.js';
import { ENTRY_POINT, readCommandList, readSingleCommand } from '../rules/command-limits.js';
import { RequestBodies } from '../rules/schema.js';
import { requireBot, type RouteContext } from './context.js';
import { json, noContent, type RestRequest, type Router } from './router.js';

/** Gateway discovery, the bot's identity, and application command registration. */
export function registerApplicationRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.add('GET', '/gateway', () => json({ url: ctx.gatewayUrl() }));
  router.add('GET', '/gateway/bot', (req) => {
    requireBot(ctx, req);
    return json({
      url: ctx.gatewayUrl(),
      shards: 1,
      session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
    });
  });
  router.add('GET', '/users/@me', (req) => {
    // An OAuth2 access token (the Activity's viewer): the user it was granted by, with their language.
    if (OAuth2.isBearer(req.headers.authorization)) {
      const user = world.user(ctx.oauth2.userOf(req.headers.authorization) ?? '');
      if (!user) throw Errors.unauthorized();
      return json({ ...userPayload(user), locale: user.locale, mfa_enabled: false });
    }
    requireBot(ctx, req);
    return json({ ...userPayload(world.bot), verified: true, mfa_enabled: false, email: null });
  });
  router.add('POST', '/oauth2/token', (req) => json(ctx.oauth2.exchange(req.body, req.headers['content-type'])), RequestBodies.oauth2Token);
  router.add('GET', '/users/:userId', (req) => {
    requireBot(ctx, req);
    const user = world.user(req.params.userId!);
    if (!user) throw Errors.unknownUser();
    return json(userPayload(user));
  });
  router.add('GET', '/applications/@me', (req) => {
    requireBot(ctx, req);
    return json({
      id: world.applicationId,
      name: world.bot.username,
      icon: null,
      description: '',
      bot_public: true,
      bot_require_code_grant: false,
      verify_key: '0'.repeat(64),
      flags: 0,
      team: null,
      ...(world.ownerId ? { owner: userPayload(world.user(world.ownerId)!) } : {}),
      bot: userPayload(world.bot),
    });
  });

  // An Activity instance running now (activity-instances.ts): bot token only; another application's
  // id is Missing Access; an instance not running (never launched, or ended) is Discord's 404.
  router.add('GET', '/applications/:applicationId/activity-instances/:instanceId', (req) => {
    requireBot(ctx, req);
    if (req.params.applicationId !== world.applicationId) throw Errors.missingAccess();
    const instance = world.activityInstances.get(req.params.instanceId!);
    if (!instance) throw Errors.notFound();
    return json(instancePayload(world, instance));
  });

  const scope = (req: RestRequest): string | null => {
    requireBot(ctx, req);
    if (req.params.applicationId !== world.applicationId) throw Errors.missingAccess();
    const guildId = req.params.guildId ?? null;
    if (guildId !== null) {
      const guild = world.guilds.get(guildId);
      if (!guild) throw Errors.unknownGuild();
      if (!guild.members.has(world.bot.id)) throw Errors.missingAccess();
    }
    return guildId;
  };
  const listed = (guildId: string | null) => [...world.commands.values()].filter((c) => c.guildId === guildId);
  const render = (c: CommandRecord) => ({ ...c.data, id: c.id, application_id: world.applicationId, version: c.version });
  const find = (req: RestRequest, guildId: string | null): CommandRecord => {
    const command = world.commands.get(req.params.commandId!);
    if (!command || command.guildId !== guildId) throw Errors.unknownCommand();
    return command;
  };
  /** Keeps a command's id when its name and type survive an overwrite, like Discord. */
  const upsert = (guildId: string | null, data: CommandRecord['data']): CommandRecord => {
    const existing = listed(guildId).find((c) => c.data.name === data.name && c.data.type === data.type);
    const changed = !existing || JSON.stringify(existing.data) !== JSON.stringify(data);
    const record: CommandRecord = {
      id: existing?.id ?? world.ids.next(),
      guildId,
      version: changed ? world.ids.next() : existing!.version,
      data,
    };
    world.commands.set(record.id, record);
    return record;
  };

  /**
   * Entry points (PRIMARY_ENTRY_POINT) as Discord keeps them: only for an application with Activities
   * enabled, one at most, and a bulk overwrite of the global commands may not drop the one it has
   * (Discord made it when Activities were enabled; it can be changed, not removed that way).
   */
  const entryPoints = (commands: { type: number }[], mustKeep: boolean): void => {
    const n = commands.filter((c) => c.type === ENTRY_POINT).length;
    if (n && !world.activities) throw new ApiError(400, { code: 50035, message: 'Invalid Form Body', errors: { type: { _errors: [{ code: 'APPLICATION_COMMAND_TYPE_INVALID', message: 'Activities are not enabled for this application.' }] } } });
    if (n > 1) throw new ApiError(400, { code: 50035, message: 'Invalid Form Body', errors: { type: { _errors: [{ code: 'APPLICATION_COMMAND_TYPE_INVALID', message: 'An application can have only one entry point command.' }] } } });
    if (mustKeep && !n) throw new ApiError(400, { code: 50240, message: "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately." });
  };

  for (const base of ['/applications/:applicationId/commands', '/applications/:applicationId/guilds/:guildId/commands']) {
    router.add('GET', base, (req) => json(listed(scope(req)).map(render)));
    router.add('PUT', base, (req) => {
      const guildId = scope(req);
      const incoming = readCommandList(req.body, guildId);
      entryPoints(incoming, guildId === null && listed(null).some((c) => c.data.type === ENTRY_POINT));
      const kept = incoming.map((data) => upsert(guildId, data));
      for (const old of listed(guildId)) if (!kept.includes(old)) world.commands.delete(old.id);
      world.changed({ kind: 'commands', id: guildId ?? 'global' });
      return json(kept.map(render));
    }, RequestBodies.overwriteCommands);
    router.add('POST', base, (req) => {
      const guildId = scope(req);
      const data = readSingleCommand(req.body, guildId);
      if (data.type === ENTRY_POINT) entryPoints([...listed(null).filter((c) => c.data.type === ENTRY_POINT && c.data.name !== data.name).map((c) => c.data), data], false);
      const existed = listed(guildId).some((c) => c.data.name === data.name && c.data.type === data.type);
      const record = upsert(guildId, data);
      world.changed({ kind: 'commands', id: guildId ?? 'global' });
      return json(render(record), existed ? 200 : 201);
    }, RequestBodies.createCommand);
    router.add('GET', `${base}/:commandId`, (req) => json(render(find(req, scope(req)))));
    router.add('PATCH', `${base}/:commandId`, (req) => {
      const guildId = scope(req);
      const command = find(req, guildId);
      const patch = typeof req.body === 'object' && req.body !== null ? req.body : {};
      command.data = readSingleCommand({ ...command.data, ...patch }, guildId);
      command.version = world.ids.next();
      world.changed({ kind: 'commands', id: guildId ?? 'global' });
      return json(render(command));
    }, RequestBodies.editCommand);
    router.add('DELETE', `${base}/:commandId`, (req) => {
      const guildId = scope(req);
      world.commands.delete(find(req, guildId).id);
      world.changed({ kind: 'commands', id: guildId ?? 'global' });
      return noContent();
    });
  }
}
