import { OptionType } from './rules/command-limits.js';
import type { ChannelRecord, CommandRecord, World } from './model.js';
import { channelPayload, memberPayload, userPayload } from './payloads.js';
import { StandInUsageError } from './setup.js';

/**
 * Turns "what a user typed" into the `data` of an APPLICATION_COMMAND
 * interaction, the way Discord's client would, using the registered command.
 */

type Json = Record<string, unknown>;

interface OptionDef {
  type: number;
  name: string;
  name_localizations?: Record<string, string> | null;
  required?: boolean;
  choices?: Array<{ name: string; value: string | number; name_localizations?: Record<string, string> | null }>;
  options?: OptionDef[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
}

export type OptionValue = string | number | boolean | { id: string };
export type OptionInput = Record<string, OptionValue>;

const named = (def: { name: string; name_localizations?: Record<string, string> | null }, input: string, locale: string) =>
  def.name === input || def.name_localizations?.[locale] === input;

/** Commands a user can run in this channel: global ones (if allowed here) and the guild's own. */
export function commandsAvailable(world: World, channel: ChannelRecord): CommandRecord[] {
  return [...world.commands.values()].filter((c) => {
    if (c.data.type !== 1) return false;
    if (c.guildId !== null) return c.guildId === channel.guildId;
    if (channel.kind !== 'dm') {
      const contexts = c.data.contexts as number[] | null | undefined;
      return !Array.isArray(contexts) || contexts.includes(0);
    }
    const contexts = c.data.contexts as number[] | null | undefined;
    if (Array.isArray(contexts)) return contexts.includes(1);
    return c.data.dm_permission !== false;
  });
}

export interface BuiltCommand {
  command: CommandRecord;
  data: Json;
  path: string[];
}

export function buildCommandData(
  world: World,
  channel: ChannelRecord,
  line: string,
  input: OptionInput,
  locale: string,
): BuiltCommand {
  const [name, ...rest] = line.trim().replace(/^\//, '').split(/\s+/);
  if (!name) throw new StandInUsageError('runCommand: empty command');
  const available = commandsAvailable(world, channel);
  const command = available.find((c) => named(c.data as OptionDef, name, locale));
  if (!command) {
    const names = available.map((c) => `/${c.data.name}`).join(', ') || 'none';
    throw new StandInUsageError(`No command "/${name}" is available in this channel (registered here: ${names})`);
  }
  const resolved = { users: {} as Json, members: {} as Json, channels: {} as Json };
  const path = [command.data.name];
  // Walk down sub-command groups and sub-commands named in the line.
  let defs = (command.data.options as OptionDef[] | undefined) ?? [];
  const wrap: Array<(inner: Json[]) => Json[]> = [];
  for (const token of rest) {
    const sub = defs.find(
      (d) => (d.type === OptionType.Subcommand || d.type === OptionType.SubcommandGroup) && named(d, token, locale),
    );
    if (!sub) throw new StandInUsageError(`/${path.join(' ')} has no sub-command "${token}"`);
    path.push(sub.name);
    wrap.push((inner) => [{ type: sub.type, name: sub.name, options: inner }]);
    defs = sub.options ?? [];
  }
  if (defs.some((d) => d.type === OptionType.Subcommand || d.type === OptionType.SubcommandGroup)) {
    throw new StandInUsageError(`/${path.join(' ')} needs a sub-command: ${defs.map((d) => d.name).join(', ')}`);
  }
  const options: Json[] = [];
  for (const [key, raw] of Object.entries(input)) {
    const def = defs.find((d) => named(d, key, locale));
    if (!def) throw new StandInUsageError(`/${path.join(' ')} has no option "${key}"`);
    options.push({ type: def.type, name: def.name, value: coerce(world, def, raw, locale, resolved) });
  }
  for (const def of defs) {
    if (def.required && !options.some((o) => o.name === def.name)) {
      throw new StandInUsageError(`/${path.join(' ')} requires option "${def.name}"`);
    }
  }
  const nested = wrap.reduceRight((inner, w) => w(inner), options);
  const hasResolved = Object.values(resolved).some((r) => Object.keys(r).length > 0);
  const data: Json = {
    id: command.id,
    name: command.data.name,
    type: 1,
    ...(command.guildId ? { guild_id: command.guildId } : {}),
    ...(nested.length > 0 ? { options: nested } : {}),
    ...(hasResolved ? { resolved: Object.fromEntries(Object.entries(resolved).filter(([, v]) => Object.keys(v).length)) } : {}),
  };
  return { command, data, path };

  function coerce(w: World, def: OptionDef, raw: OptionValue, loc: string, res: typeof resolved): string | number | boolean {
    const fail = (why: string): never => {
      throw new StandInUsageError(`/${path.join(' ')} option "${def.name}": ${why}`);
    };
    const id = typeof raw === 'object' ? raw.id : String(raw);
    switch (def.type) {
      case OptionType.String:
      case OptionType.Integer:
      case OptionType.Number: {
        let value: string | number = def.type === OptionType.String ? String(raw) : Number(raw);
        if (def.choices && def.choices.length > 0) {
          const choice = def.choices.find((c) => c.value === value || named(c, String(raw), loc));
          if (!choice) fail(`must be one of ${def.choices.map((c) => JSON.stringify(c.value)).join(', ')}`);
          value = choice!.value;
        }
        if (typeof value === 'number') {
          if (!Number.isFinite(value)) fail('is not a number');
          if (def.type === OptionType.Integer && !Number.isInteger(value)) fail('must be an integer');
          if (def.min_value !== undefined && value < def.min_value) fail(`must be at least ${def.min_value}`);
          if (def.max_value !== undefined && value > def.max_value) fail(`must be at most ${def.max_value}`);
        } else {
          if (def.min_length !== undefined && [...value].length < def.min_length) fail(`needs ${def.min_length}+ characters`);
          if (def.max_length !== undefined && [...value].length > def.max_length) fail(`allows ${def.max_length} characters`);
        }
        return value;
      }
      case OptionType.Boolean:
        if (typeof raw !== 'boolean') fail('must be true or false');
        return raw as boolean;
      case OptionType.User:
      case OptionType.Mentionable: {
        const user = w.user(id);
        if (!user) fail(`unknown user ${id}`);
        res.users[id] = userPayload(user!);
        const guild = channel.guildId ? w.guilds.get(channel.guildId) : undefined;
        if (guild?.members.has(id)) {
          const { user: _omit, ...member } = memberPayload(guild, user!, true);
          res.members[id] = member;
        }
        return id;
      }
      case OptionType.Channel: {
        const target = w.channels.get(id);
        if (!target) fail(`unknown channel ${id}`);
        res.channels[id] = { ...channelPayload(w, target!), permissions: '0' };
        return id;
      }
      default:
        return fail(`option type ${def.type} is not modelled by the stand-in`);
    }
  }
}
