import { ApiError, FormErrors, LengthErrors } from '../errors.js';
import { LOCALES } from '../model.js';
import { charLength } from './message-limits.js';

/** Discord's rules for registering application commands. */

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const MAX_CHAT_INPUT_COMMANDS = 100;
const MAX_OPTIONS = 25;
const MAX_CHOICES = 25;

export const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

type Path = Array<string | number>;
type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkName(errors: FormErrors, path: Path, name: unknown, chatInput: boolean): void {
  if (typeof name !== 'string') {
    errors.add(path, ...LengthErrors.required());
    return;
  }
  if (!chatInput) {
    if (charLength(name) < 1 || charLength(name) > 32) errors.add(path, ...LengthErrors.between(1, 32));
    return;
  }
  if (!NAME.test(name)) {
    errors.add(path, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  } else if (name !== name.toLowerCase()) {
    errors.add(path, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  }
}

function checkDescription(errors: FormErrors, path: Path, description: unknown): void {
  if (typeof description !== 'string' || charLength(description) < 1 || charLength(description) > 100) {
    errors.add(path, ...LengthErrors.between(1, 100));
  }
}

function checkLocalizations(
  errors: FormErrors,
  path: Path,
  value: unknown,
  check: (p: Path, v: unknown) => void,
): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errors.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  for (const [locale, text] of Object.entries(value)) {
    if (!LOCALES.has(locale)) errors.add([...path, locale], 'ENUM_TYPE_COERCE', `Value "${locale}" is not a valid enum value.`);
    else check([...path, locale], text);
  }
}

function checkOptions(errors: FormErrors, path: Path, options: unknown, depth: number): void {
  if (options === undefined || options === null) return;
  if (!Array.isArray(options)) {
    errors.add(path, 'BASE_TYPE_ARRAY', 'Must be an array.');
    return;
  }
  if (options.length > MAX_OPTIONS) errors.add(path, ...LengthErrors.max(MAX_OPTIONS));
  const names = new Set<string>();
  let sawOptional = false;
  options.forEach((raw, i) => {
    const at: Path = [...path, i];
    if (!isRecord(raw)) {
      errors.add(at, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
      return;
    }
    const type = raw.type;
    if (typeof type !== 'number' || type < 1 || type > 11) {
      errors.add([...at, 'type'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.');
      return;
    }
    checkName(errors, [...at, 'name'], raw.name, true);
    checkDescription(errors, [...at, 'description'], raw.description);
    checkLocalizations(errors, [...at, 'name_localizations'], raw.name_localizations, (p, v) => checkName(errors, p, v, true));
    checkLocalizations(errors, [...at, 'description_localizations'], raw.description_localizations, (p, v) =>
      checkDescription(errors, p, v),
    );
    if (typeof raw.name === 'string') {
      if (names.has(raw.name)) {
        errors.add([...at, 'name'], 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS', 'Option names must be unique');
      }
      names.add(raw.name);
    }
    const nested = type === OptionType.Subcommand || type === OptionType.SubcommandGroup;
    if (nested) {
      if (depth >= 2 || (depth === 1 && type === OptionType.SubcommandGroup)) {
        errors.add([...at, 'type'], 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'Sub-command and sub-command group option types are mutually exclusive to all other types');
      }
      checkOptions(errors, [...at, 'options'], raw.options, depth + 1);
      return;
    }
    if (raw.required === true && sawOptional) {
      errors.add([...at, 'required'], 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', 'Required options must be placed before non-required options');
    }
    if (raw.required !== true) sawOptional = true;
    if (raw.choices !== undefined) {
      const choices = Array.isArray(raw.choices) ? raw.choices : [];
      if (choices.length > MAX_CHOICES) errors.add([...at, 'choices'], ...LengthErrors.max(MAX_CHOICES));
      if (raw.autocomplete === true && choices.length > 0) {
        errors.add([...at, 'autocomplete'], 'APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE', 'Autocomplete cannot be set on options with choices');
      }
      choices.forEach((choice: unknown, k: number) => {
        const c = isRecord(choice) ? choice : {};
        checkDescription(errors, [...at, 'choices', k, 'name'], c.name);
        if (typeof c.value === 'string' && charLength(c.value) > 100) {
          errors.add([...at, 'choices', k, 'value'], ...LengthErrors.max(100));
        }
      });
    }
  });
}

/** PRIMARY_ENTRY_POINT: the command type of an Activity's entry point. */
export const ENTRY_POINT = 4;

/**
 * An entry point is global only, has a handler (1: the app answers its interaction; 2: Discord
 * launches the Activity itself) and no options. That the application has Activities enabled, and has
 * one entry point at most, is checked where commands are stored (application-routes.ts).
 */
function checkEntryPoint(errors: FormErrors, at: (...rest: Path) => Path, body: Record<string, unknown>, guildId: string | null): void {
  if (guildId !== null) errors.add(at('type'), 'APPLICATION_COMMAND_TYPE_INVALID', 'Entry point commands can only be global commands.');
  if (body.handler !== 1 && body.handler !== 2) errors.add(at('handler'), 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2}.');
  if (Array.isArray(body.options) && body.options.length) errors.add(at('options'), 'APPLICATION_COMMAND_OPTIONS_INVALID', 'Entry point commands cannot have options.');
}

/**
 * Validates one command and returns it with Discord's defaults filled in,
 * minus the server-assigned fields (id, application_id, version).
 */
function readCommand(raw: unknown, index: number, errors: FormErrors, guildId: string | null): Json & { name: string; type: number } {
  const body = isRecord(raw) ? raw : {};
  const type = typeof body.type === 'number' ? body.type : 1;
  // PRIMARY_ENTRY_POINT (4), an Activity's entry point: named and described as a slash command is, without options.
  const entryPoint = type === ENTRY_POINT;
  const chatInput = type === 1 || entryPoint;
  const at = (...rest: Path): Path => (index < 0 ? rest : [index, ...rest]);
  checkName(errors, at('name'), body.name, chatInput);
  if (entryPoint) checkEntryPoint(errors, at, body, guildId);
  if (chatInput) checkDescription(errors, at('description'), body.description);
  else if (body.description !== undefined && body.description !== '') {
    errors.add(at('description'), 'APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION', 'Context menu commands cannot have description');
  }
  checkLocalizations(errors, at('name_localizations'), body.name_localizations, (p, v) => checkName(errors, p, v, chatInput));
  if (chatInput && !entryPoint) {
    checkLocalizations(errors, at('description_localizations'), body.description_localizations, (p, v) =>
      checkDescription(errors, p, v),
    );
    checkOptions(errors, at('options'), body.options, 0);
  }
  return {
    type,
    name: typeof body.name === 'string' ? body.name : '',
    name_localizations: body.name_localizations ?? null,
    description: typeof body.description === 'string' ? body.description : '',
    description_localizations: body.description_localizations ?? null,
    ...(Array.isArray(body.options) ? { options: body.options } : {}),
    ...(entryPoint ? { handler: body.handler } : {}),
    default_member_permissions: body.default_member_permissions ?? null,
    nsfw: body.nsfw === true,
    ...(guildId === null
      ? {
          dm_permission: body.dm_permission !== false,
          contexts: body.contexts ?? null,
          integration_types: body.integration_types ?? [0],
        }
      : { guild_id: guildId }),
  };
}

export function readCommandList(raw: unknown, guildId: string | null): Array<Json & { name: string; type: number }> {
  const errors = new FormErrors();
  if (!Array.isArray(raw)) {
    errors.add([], 'BASE_TYPE_ARRAY', 'Must be an array.');
    errors.throwIfAny();
    return [];
  }
  if (raw.filter((c) => !isRecord(c) || (c.type ?? 1) === 1).length > MAX_CHAT_INPUT_COMMANDS) {
    throw new ApiError(400, { code: 30032, message: 'Maximum number of application commands reached (100)' });
  }
  const seen = new Set<string>();
  const out = raw.map((c, i) => {
    const command = readCommand(c, i, errors, guildId);
    const key = `${command.type}:${command.name}`;
    if (seen.has(key)) errors.add([i, 'name'], 'APPLICATION_COMMANDS_DUPLICATE_NAME', 'Application command names must be unique');
    seen.add(key);
    return command;
  });
  errors.throwIfAny();
  return out;
}

export function readSingleCommand(raw: unknown, guildId: string | null): Json & { name: string; type: number } {
  const errors = new FormErrors();
  const command = readCommand(raw, -1, errors, guildId);
  errors.throwIfAny();
  return command;
}
