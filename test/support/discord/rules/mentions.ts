import { FormErrors } from '../errors.js';
import { MessageFlag, type ChannelRecord, type World } from '../model.js';

/**
 * Who a new message notifies, as Discord decides it: a DM notifies its recipient; in a server, the
 * members mentioned in the content (`<@id>`), as far as `allowed_mentions` lets them be (absent, it
 * lets every mention through). Edits never notify, nor do ephemeral messages or messages flagged
 * SUPPRESS_NOTIFICATIONS.
 */
export interface AllowedMentions {
  parse: string[];
  users: string[] | null;
}

const PARSE = new Set(['users', 'roles', 'everyone']);

/** Validates a body's `allowed_mentions` the way Discord does; undefined when the body has none. */
export function readAllowedMentions(body: unknown): AllowedMentions | undefined {
  const raw = (body as { allowed_mentions?: unknown } | null | undefined)?.allowed_mentions;
  if (raw === undefined || raw === null) return undefined;
  const errors = new FormErrors();
  const am = raw as { parse?: unknown; users?: unknown };
  const parse = Array.isArray(am.parse) ? am.parse.map(String) : [];
  if (am.parse !== undefined && !Array.isArray(am.parse)) errors.add(['allowed_mentions', 'parse'], 'BASE_TYPE_ARRAY', 'Must be an array.');
  parse.forEach((p, i) => {
    if (!PARSE.has(p)) errors.add(['allowed_mentions', 'parse', i], 'BASE_TYPE_CHOICES', `Value must be one of ${[...PARSE].map((x) => `'${x}'`).join(', ')}.`);
  });
  let users: string[] | null = null;
  if (am.users !== undefined) {
    if (!Array.isArray(am.users)) errors.add(['allowed_mentions', 'users'], 'BASE_TYPE_ARRAY', 'Must be an array.');
    else {
      users = am.users.map(String);
      if (users.length > 100) errors.add(['allowed_mentions', 'users'], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
      users.forEach((u, i) => {
        if (!/^\d{17,20}$/.test(u)) errors.add(['allowed_mentions', 'users', i], 'NUMBER_TYPE_COERCE', `Value "${u}" is not snowflake.`);
      });
      if (users.length && parse.includes('users'))
        errors.add(['allowed_mentions'], 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE', 'parse:["users"] and users: [ids...] are mutually exclusive.');
    }
  }
  errors.throwIfAny();
  return { parse, users };
}

export function notifiedBy(
  world: World,
  channel: ChannelRecord,
  content: string,
  flags: number,
  allowed: AllowedMentions | undefined,
  ephemeral: boolean,
): string[] {
  if (ephemeral || (flags & MessageFlag.SuppressNotifications) !== 0) return [];
  if (channel.kind === 'dm') return channel.recipientId ? [channel.recipientId] : [];
  const guild = channel.guildId ? world.guilds.get(channel.guildId) : undefined;
  const mentioned = [...new Set([...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]))];
  return mentioned.filter((id) => {
    if (!guild?.members.has(id) || id === world.bot.id) return false;
    if (!allowed) return true;
    return allowed.parse.includes('users') || (allowed.users ?? []).includes(id);
  });
}
