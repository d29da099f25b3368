import * as spec from 'discord-api-spec/zod';
import { FormErrors } from '../errors.js';

/**
 * Request bodies checked against Discord's published OpenAPI schema (the zod schemas of the npm
 * package `discord-api-spec`), before the stand-in's own rules (`message-limits.ts`,
 * `command-limits.ts`, `mentions.ts`) add the documented limits the schema does not encode.
 * A violation is refused the way Discord refuses it: 400, code 50035, `errors` nested by path.
 */

interface Issue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  values?: unknown[];
  format?: string;
  keys?: string[];
  errors?: Issue[][];
}

/** What the stand-in needs of a zod schema (zod/mini's `safeParse`). */
export interface BodySchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly unknown[] } };
}

/** A body that is one of several schemas, like the interaction callback's. */
function oneOf(...schemas: BodySchema[]): BodySchema {
  return {
    safeParse(value) {
      let best: { success: false; error: { issues: readonly unknown[] } } | undefined;
      for (const schema of schemas) {
        const r = schema.safeParse(value);
        if (r.success) return r;
        if (!best || weight(r.error.issues as Issue[]) < weight(best.error.issues as Issue[])) best = r;
      }
      return best!;
    },
  };
}

/** A JSON array body whose items each follow `item` (the bulk command overwrite). */
function listOf(item: BodySchema): BodySchema {
  return {
    safeParse(value) {
      if (value === null) return { success: true };
      if (!Array.isArray(value)) return { success: false, error: { issues: [{ code: 'invalid_type', expected: 'array', path: [] }] } };
      const issues: Issue[] = [];
      value.forEach((v, i) => {
        const r = item.safeParse(v);
        if (!r.success) for (const issue of r.error.issues as Issue[]) issues.push({ ...issue, path: [i, ...issue.path] });
      });
      return issues.length ? { success: false, error: { issues } } : { success: true };
    },
  };
}

/** The request body of each route the stand-in serves that takes one (Discord's `requestBody`). */
export const RequestBodies = {
  createMessage: spec.MessageCreateRequestSchema,
  editMessage: spec.MessageEditRequestPartialSchema,
  openDm: spec.CreatePrivateChannelRequestSchema,
  createCommand: spec.ApplicationCommandCreateRequestSchema,
  editCommand: spec.ApplicationCommandPatchRequestPartialSchema,
  overwriteCommands: listOf(spec.ApplicationCommandUpdateRequestSchema),
  interactionCallback: oneOf(
    spec.ApplicationCommandAutocompleteCallbackRequestSchema,
    spec.CreateMessageInteractionCallbackRequestSchema,
    spec.LaunchActivityInteractionCallbackRequestSchema,
    spec.ModalInteractionCallbackRequestSchema,
    spec.PongInteractionCallbackRequestSchema,
    spec.UpdateMessageInteractionCallbackRequestSchema,
  ),
  executeWebhook: oneOf(spec.IncomingWebhookRequestPartialSchema, spec.IncomingWebhookUpdateRequestPartialSchema),
  editWebhookMessage: spec.IncomingWebhookUpdateRequestPartialSchema,
} satisfies Record<string, BodySchema>;

/** How bad a failed branch is: a wrong discriminator (`type`) counts most, so the intended branch wins. */
function weight(issues: Issue[]): number {
  return issues.reduce((n, i) => n + (i.path.length === 1 && i.path[0] === 'type' && i.code === 'invalid_value' ? 1000 : 1), 0);
}

const isTypeMiss = (i: Issue) => i.path.length === 1 && i.path[0] === 'type' && i.code === 'invalid_value';

/**
 * A union's failure is reported the way Discord does: if no branch has this `type`, the type is
 * wrong (UNION_TYPE_CHOICES); otherwise the errors of the branch the body meant.
 */
function addUnion(errors: FormErrors, at: PropertyKey[], issue: Issue): void {
  const branches = issue.errors ?? [];
  const meant = branches.filter((b) => !b.some(isTypeMiss));
  if (meant.length === 0) {
    const types = branches.flatMap((b) => b.filter(isTypeMiss).flatMap((i) => i.values ?? []));
    if (types.length > 0) {
      errors.add([...at, 'type'].map(String), 'UNION_TYPE_CHOICES', `Value of field "type" must be one of (${types.join(', ')}).`);
      return;
    }
  }
  const pool = meant.length > 0 ? meant : branches;
  const best = pool.reduce((a, b) => (weight(b) < weight(a) ? b : a), pool[0] ?? []);
  if (best.length === 0) errors.add(at.map(String), 'BASE_TYPE_CHOICES', 'Value did not match any allowed shape.');
  for (const inner of best) addIssue(errors, [...at, ...inner.path], inner);
}

const TYPE_WORDS: Record<string, [string, string]> = {
  string: ['BASE_TYPE_STRING', 'Must be a string.'],
  number: ['NUMBER_TYPE_COERCE', 'Value is not a number.'],
  int: ['NUMBER_TYPE_COERCE', 'Value is not int.'],
  boolean: ['BASE_TYPE_BOOLEAN', 'Must be either true or false.'],
  array: ['LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType'],
  object: ['DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType'],
  record: ['DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType'],
};

function addIssue(errors: FormErrors, at: PropertyKey[], issue: Issue): void {
  const path = at.map(String);
  switch (issue.code) {
    case 'invalid_union':
      return addUnion(errors, at, issue);
    case 'invalid_type': {
      const [code, message] = TYPE_WORDS[issue.expected ?? ''] ?? ['BASE_TYPE_REQUIRED', 'This field is required'];
      return errors.add(path, code, message);
    }
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array') {
        return errors.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${issue.maximum} or fewer in length.`);
      }
      return errors.add(path, 'NUMBER_TYPE_MAX', `int value should be less than or equal to ${issue.maximum}.`);
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') {
        return errors.add(path, 'BASE_TYPE_MIN_LENGTH', `Must be ${issue.minimum} or more in length.`);
      }
      return errors.add(path, 'NUMBER_TYPE_MIN', `int value should be greater than or equal to ${issue.minimum}.`);
    case 'invalid_value':
      return errors.add(path, 'BASE_TYPE_CHOICES', `Value must be one of {${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}}.`);
    case 'invalid_format':
      if (issue.format === 'url') return errors.add(path, 'URL_TYPE_INVALID_URL', 'Not a well formed URL.');
      return errors.add(path, 'STRING_TYPE_REGEX', 'String value did not match validation regex.');
    case 'unrecognized_keys':
      for (const key of issue.keys ?? []) errors.add([...path, key], 'BASE_TYPE_UNKNOWN', 'Unknown field.');
      return;
    default:
      return errors.add(path, 'BASE_TYPE_INVALID', `Invalid value (${issue.code}).`);
  }
}

/** A lone surrogate: half of a character cut in two (e.g. an emoji sliced by UTF-16 units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every string in the body must be whole Unicode text: Discord cannot store half an emoji. */
function addBrokenText(errors: FormErrors, value: unknown, path: string[]): void {
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) errors.add(path, 'STRING_TYPE_INVALID_UNICODE', 'String contains invalid Unicode (a lone surrogate).');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => addBrokenText(errors, v, [...path, String(i)]));
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) addBrokenText(errors, v, [...path, k]);
  }
}

/** Refuses a body that Discord's schema refuses (50035 with `errors`); the route's own rules run after. */
export function checkBody(schema: BodySchema, body: unknown): void {
  const errors = new FormErrors();
  addBrokenText(errors, body, []);
  // Discord reads an absent JSON body as an empty object.
  const r = schema.safeParse(body === undefined ? {} : body);
  if (!r.success) for (const issue of r.error.issues as Issue[]) addIssue(errors, issue.path, issue);
  errors.throwIfAny();
}
