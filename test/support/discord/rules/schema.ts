import * as spec from 'discord-api-spec/zod';
import * as z from 'zod/mini';
import { FormErrors, LengthErrors } from '../errors.js';
import { charLength } from './message-limits.js';

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

export type BodySchema = z.ZodMiniType;

/** The request body of each route the stand-in serves that takes one (Discord's `requestBody`). */
export const RequestBodies = {
  createMessage: spec.MessageCreateRequestSchema,
  editMessage: spec.MessageEditRequestPartialSchema,
  openDm: spec.CreatePrivateChannelRequestSchema,
  createCommand: spec.ApplicationCommandCreateRequestSchema,
  editCommand: spec.ApplicationCommandPatchRequestPartialSchema,
  overwriteCommands: z.nullable(z.array(spec.ApplicationCommandUpdateRequestSchema)),
  interactionCallback: z.union([
    spec.ApplicationCommandAutocompleteCallbackRequestSchema,
    spec.CreateMessageInteractionCallbackRequestSchema,
    spec.LaunchActivityInteractionCallbackRequestSchema,
    spec.ModalInteractionCallbackRequestSchema,
    spec.PongInteractionCallbackRequestSchema,
    spec.UpdateMessageInteractionCallbackRequestSchema,
  ]),
  executeWebhook: z.union([spec.IncomingWebhookRequestPartialSchema, spec.IncomingWebhookUpdateRequestPartialSchema]),
  editWebhookMessage: spec.IncomingWebhookUpdateRequestPartialSchema,
  // Not in the published schema (OAuth2 is outside the API's OpenAPI document): a form of strings.
  oauth2Token: z.record(z.string(), z.string()),
  startThread: z.union([spec.CreateTextThreadWithoutMessageRequestSchema, spec.CreateForumThreadRequestSchema]),
} satisfies Record<string, BodySchema>;

/** The whole body and its schema, to look up what an issue's path points at. */
interface Root {
  schema: BodySchema;
  body: unknown;
}

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let v = body;
  for (const key of path) v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

/** zod's internals, as far as finding a field's length bounds needs them. */
interface Node {
  _zod: {
    def: {
      type: string;
      innerType?: Node;
      getter?: () => Node;
      in?: Node;
      options?: Node[];
      shape?: Record<string, Node>;
      element?: Node;
      valueType?: Node;
      checks?: Array<{ _zod: { def: { check: string; minimum?: number; maximum?: number; pattern?: RegExp } } }>;
    };
  };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/** The node under a node's wrappers, lazies and pipes. */
function unwrap(node: Node): Node {
  for (;;) {
    const def = node._zod.def;
    if (WRAPPERS.has(def.type) && def.innerType) node = def.innerType;
    else if (def.type === 'lazy' && def.getter) node = def.getter();
    else if (def.type === 'pipe' && def.in) node = def.in;
    else return node;
  }
}

/** The schema node of the branch a value takes: wrappers and lazies opened, the least-failing union option. */
function resolve(node: Node, value: unknown): Node {
  for (;;) {
    node = unwrap(node);
    const def = node._zod.def;
    if (def.type !== 'union' || !def.options?.length) return node;
    const scored = def.options.map((o) => {
      const r = (o as unknown as BodySchema).safeParse(value);
      return { o, w: r.success ? -1 : weight(r.error.issues as Issue[]) };
    });
    node = scored.reduce((a, b) => (b.w < a.w ? b : a)).o;
  }
}

/** The schema node of the field at `path`, following the branch the body takes. */
function nodeAt(schema: BodySchema, body: unknown, path: PropertyKey[]): Node | undefined {
  let node = resolve(schema as unknown as Node, body);
  let value = body;
  for (const key of path) {
    const def = node._zod.def;
    const next = def.type === 'object' ? def.shape?.[String(key)] : def.type === 'array' ? def.element : def.type === 'record' ? def.valueType : undefined;
    if (!next) return undefined;
    value = valueAt(value, [key]);
    node = resolve(next, value);
  }
  return node;
}

const checksOf = (node: Node | undefined) => (node?._zod.def.checks ?? []).map((c) => c._zod.def);

/** The min and max length Discord's schema gives the field at `path` (a string's or an array's). */
function lengthBoundsAt(root: Root, path: PropertyKey[]): { min?: number; max?: number } {
  const checks = checksOf(nodeAt(root.schema, root.body, path));
  return {
    min: checks.find((c) => c.check === 'min_length')?.minimum,
    max: checks.find((c) => c.check === 'max_length')?.maximum,
  };
}

/** Discord takes a snowflake as a string or as an integer (its own upload example writes `"id": 0`). */
function isIntegerSnowflake(root: Root, path: PropertyKey[]): boolean {
  const value = valueAt(root.body, path);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return false;
  return checksOf(nodeAt(root.schema, root.body, path)).some((c) => c.check === 'string_format' && String(c.pattern) === String(SNOWFLAKE));
}

const SNOWFLAKE = /^(0|[1-9][0-9]*)$/;

/**
 * How bad a failed branch is: a wrong discriminator (`type`) or a value of another kind altogether
 * counts most, so the branch the body meant wins.
 */
function weight(issues: Issue[]): number {
  return issues.reduce((n, i) => n + (isTypeMiss(i) || (i.path.length === 0 && i.code === 'invalid_type') ? 1000 : 1), 0);
}

/** A union option told apart by its `type` (a single literal, as components' are) that the body's `type` is not. */
const isTypeMiss = (i: Issue) => i.path.length === 1 && i.path[0] === 'type' && i.code === 'invalid_value' && i.values?.length === 1;

/**
 * A union's failure is reported the way Discord does: if no branch has this `type`, the type is
 * wrong (UNION_TYPE_CHOICES); otherwise the errors of the branch the body meant.
 */
function addUnion(errors: FormErrors, at: PropertyKey[], issue: Issue, root: Root): void {
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
  for (const inner of best) addIssue(errors, [...at, ...inner.path], inner, root);
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

function addIssue(errors: FormErrors, at: PropertyKey[], issue: Issue, root: Root): void {
  const path = at.map(String);
  switch (issue.code) {
    case 'invalid_union':
      return addUnion(errors, at, issue, root);
    case 'invalid_type': {
      if (issue.expected === 'string' && isIntegerSnowflake(root, at)) return;
      const [code, message] = TYPE_WORDS[issue.expected ?? ''] ?? ['BASE_TYPE_REQUIRED', 'This field is required'];
      return errors.add(path, code, message);
    }
    case 'too_big':
    case 'too_small': {
      if (issue.origin !== 'string' && issue.origin !== 'array') {
        return issue.code === 'too_big'
          ? errors.add(path, 'NUMBER_TYPE_MAX', `int value should be less than or equal to ${issue.maximum}.`)
          : errors.add(path, 'NUMBER_TYPE_MIN', `int value should be greater than or equal to ${issue.minimum}.`);
      }
      const value = valueAt(root.body, at);
      const bounds = lengthBoundsAt(root, at);
      // zod counts UTF-16 units; Discord counts characters, so an emoji is one, not two.
      const n = typeof value === 'string' ? charLength(value) : Array.isArray(value) ? value.length : undefined;
      if (n !== undefined && (issue.code === 'too_big' ? n <= Number(issue.maximum) : n >= Number(issue.minimum))) return;
      if (bounds.min !== undefined && bounds.min > 0 && bounds.max !== undefined) {
        return errors.add(path, ...LengthErrors.between(bounds.min, bounds.max));
      }
      return issue.code === 'too_big'
        ? errors.add(path, ...LengthErrors.max(Number(issue.maximum)))
        : errors.add(path, 'BASE_TYPE_MIN_LENGTH', `Must be ${issue.minimum} or more in length.`);
    }
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

/**
 * A union's options, the one that took the last body first, each with the `type`s it takes (null: any).
 * A union takes a body when any option does, as zod's own does trying them in their order; an option
 * whose `type` literal is not the body's cannot. A click's answer (callback type 7, its panel about
 * 4 KB) is the last of the interaction callback's six, and zod parsed the whole panel twice before it
 * (300 µs against 120 for its own option). A body no option takes is parsed by the union, for its errors.
 */
const tried = new WeakMap<BodySchema, { option: BodySchema; types: unknown[] | null }[]>();

/** The values an object schema's `type` literal allows, or null (no literal `type`). */
function typesOf(option: Node): unknown[] | null {
  const type = unwrap(option)._zod.def.shape?.type;
  const def = type ? unwrap(type)._zod.def : undefined;
  return def?.type === 'literal' ? ((def as { values?: unknown[] }).values ?? null) : null;
}

function optionTakes(schema: BodySchema, body: unknown): boolean {
  const def = (schema as unknown as Node)._zod.def;
  if (def.type !== 'union' || !def.options?.length) return false;
  let order = tried.get(schema);
  if (!order) tried.set(schema, (order = def.options.map((o) => ({ option: o as unknown as BodySchema, types: typesOf(o) }))));
  const type = typeof body === 'object' && body !== null && 'type' in body ? (body as { type: unknown }).type : undefined;
  const at = order.findIndex((o) => (o.types === null || type === undefined || o.types.includes(type)) && o.option.safeParse(body).success);
  if (at < 0) return false;
  if (at > 0) order.unshift(...order.splice(at, 1));
  return true;
}

/** Refuses a body that Discord's schema refuses (50035 with `errors`); the route's own rules run after. */
export function checkBody(schema: BodySchema, body: unknown): void {
  const errors = new FormErrors();
  addBrokenText(errors, body, []);
  // Discord reads an absent JSON body as an empty object.
  body = body === undefined ? {} : body;
  if (optionTakes(schema, body)) return errors.throwIfAny();
  const r = schema.safeParse(body);
  if (!r.success) for (const issue of r.error.issues as Issue[]) addIssue(errors, issue.path, issue, { schema, body });
  errors.throwIfAny();
}
