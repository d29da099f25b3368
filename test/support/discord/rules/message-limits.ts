import { Errors, FormErrors, LengthErrors } from '../errors.js';
import {
  ComponentType,
  MessageFlag,
  SELECT_TYPES,
  type ComponentJson,
  type EmbedJson,
} from '../model.js';

/** Limits from Discord's documentation for messages, embeds and components. */
export const Limits = {
  content: 2000,
  embedsPerMessage: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooter: 2048,
  embedAuthor: 256,
  embedTotal: 6000,
  actionRows: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  selectOptionText: 100,
  selectPlaceholder: 150,
  componentsV2Total: 40,
  textDisplayTotal: 4000,
} as const;

/** Discord counts characters, not UTF-16 units; 风声's Chinese text is where this matters. A pair of surrogates is one. */
export function charLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) (n--, i++);
    }
  }
  return n;
}

export interface MessageFields {
  content?: string;
  embeds?: EmbedJson[];
  components?: ComponentJson[];
  flags?: number;
}

type Path = Array<string | number>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkMax(errors: FormErrors, path: Path, value: unknown, max: number): void {
  if (typeof value === 'string' && charLength(value) > max) errors.add(path, ...LengthErrors.max(max));
}

function checkBetween(errors: FormErrors, path: Path, value: unknown, min: number, max: number): void {
  if (typeof value !== 'string') {
    errors.add(path, ...LengthErrors.required());
    return;
  }
  const n = charLength(value);
  if (n < min || n > max) errors.add(path, ...LengthErrors.between(min, max));
}

function validateEmbeds(embeds: unknown, errors: FormErrors): EmbedJson[] {
  if (!Array.isArray(embeds)) {
    errors.add(['embeds'], 'BASE_TYPE_ARRAY', 'Must be an array.');
    return [];
  }
  if (embeds.length > Limits.embedsPerMessage) errors.add(['embeds'], ...LengthErrors.max(Limits.embedsPerMessage));
  let total = 0;
  const out: EmbedJson[] = [];
  embeds.forEach((raw, i) => {
    if (!isRecord(raw)) {
      errors.add(['embeds', i], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
      return;
    }
    const embed = raw as EmbedJson;
    const at = (...rest: Path): Path => ['embeds', i, ...rest];
    checkMax(errors, at('title'), embed.title, Limits.embedTitle);
    checkMax(errors, at('description'), embed.description, Limits.embedDescription);
    checkMax(errors, at('footer', 'text'), embed.footer?.text, Limits.embedFooter);
    checkMax(errors, at('author', 'name'), embed.author?.name, Limits.embedAuthor);
    const fields = embed.fields ?? [];
    if (fields.length > Limits.embedFields) errors.add(at('fields'), ...LengthErrors.max(Limits.embedFields));
    fields.forEach((field, j) => {
      checkBetween(errors, at('fields', j, 'name'), field.name, 1, Limits.embedFieldName);
      checkBetween(errors, at('fields', j, 'value'), field.value, 1, Limits.embedFieldValue);
      total += charLength(field.name ?? '') + charLength(field.value ?? '');
    });
    for (const text of [embed.title, embed.description, embed.footer?.text, embed.author?.name]) {
      if (typeof text === 'string') total += charLength(text);
    }
    out.push({ type: 'rich', ...embed });
  });
  if (total > Limits.embedTotal) {
    errors.add(['embeds'], 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${Limits.embedTotal}`);
  }
  return out;
}

function validateButton(c: ComponentJson, path: Path, errors: FormErrors): void {
  const style = c.style;
  if (typeof style !== 'number' || style < 1 || style > 6) {
    errors.add([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5, 6}.');
  }
  if (style === 5) {
    if (typeof c.url !== 'string') errors.add([...path, 'url'], ...LengthErrors.required());
    if (c.custom_id !== undefined) {
      errors.add([...path, 'custom_id'], 'BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE', 'A custom id and url cannot both be specified');
    }
  } else if (style !== 6) {
    checkBetween(errors, [...path, 'custom_id'], c.custom_id, 1, Limits.customId);
  }
  checkMax(errors, [...path, 'label'], c.label, Limits.buttonLabel);
  if (c.label === undefined && c.emoji === undefined && style !== 6) {
    errors.add(path, 'BUTTON_COMPONENT_INVALID_LABEL_OR_EMOJI', 'Button must have a label or an emoji');
  }
}

function validateSelect(c: ComponentJson, path: Path, errors: FormErrors): void {
  checkBetween(errors, [...path, 'custom_id'], c.custom_id, 1, Limits.customId);
  checkMax(errors, [...path, 'placeholder'], c.placeholder, Limits.selectPlaceholder);
  const min = c.min_values ?? 1;
  const max = c.max_values ?? 1;
  if (min < 0 || min > Limits.selectOptions) {
    errors.add([...path, 'min_values'], 'NUMBER_TYPE_MAX', `int value should be between 0 and ${Limits.selectOptions}.`);
  }
  if (max < 1 || max > Limits.selectOptions) {
    errors.add([...path, 'max_values'], 'NUMBER_TYPE_MAX', `int value should be between 1 and ${Limits.selectOptions}.`);
  }
  if (min > max) errors.add([...path, 'min_values'], 'SELECT_COMPONENT_MIN_VALUES_TOO_LARGE', 'min_values must be less than or equal to max_values');
  if (c.type !== ComponentType.StringSelect) return;
  const options = c.options;
  if (!Array.isArray(options) || options.length < 1 || options.length > Limits.selectOptions) {
    errors.add([...path, 'options'], ...LengthErrors.between(1, Limits.selectOptions));
    return;
  }
  if (max > options.length) {
    errors.add([...path, 'max_values'], 'SELECT_COMPONENT_MAX_VALUES_TOO_LARGE', 'max_values must be less than or equal to the number of options');
  }
  const values = new Set<string>();
  options.forEach((option, k) => {
    const at: Path = [...path, 'options', k];
    checkBetween(errors, [...at, 'label'], option.label, 1, Limits.selectOptionText);
    checkBetween(errors, [...at, 'value'], option.value, 1, Limits.selectOptionText);
    checkMax(errors, [...at, 'description'], option.description, Limits.selectOptionText);
    if (values.has(option.value)) {
      errors.add([...at, 'value'], 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED', 'Select component option values must be unique');
    }
    values.add(option.value);
  });
}

/** Checks one button or select and remembers its custom_id for the uniqueness rule. */
function validateInteractive(c: ComponentJson, path: Path, errors: FormErrors, customIds: Set<string>): void {
  if (c.type === ComponentType.Button) validateButton(c, path, errors);
  else if (SELECT_TYPES.has(c.type)) validateSelect(c, path, errors);
  else {
    errors.add([...path, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).');
    return;
  }
  if (typeof c.custom_id === 'string') {
    if (customIds.has(c.custom_id)) {
      errors.add([...path, 'custom_id'], 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
    }
    customIds.add(c.custom_id);
  }
}

function validateRow(row: ComponentJson, path: Path, errors: FormErrors, customIds: Set<string>): void {
  const children = Array.isArray(row.components) ? row.components : [];
  if (children.length < 1 || children.length > Limits.buttonsPerRow) {
    errors.add([...path, 'components'], ...LengthErrors.between(1, Limits.buttonsPerRow));
  }
  if (children.some((c) => SELECT_TYPES.has(c.type)) && children.length > 1) {
    errors.add([...path, 'components'], 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width');
  }
  children.forEach((c, j) => validateInteractive(c, [...path, 'components', j], errors, customIds));
}

function validateLegacyComponents(components: ComponentJson[], errors: FormErrors): void {
  if (components.length > Limits.actionRows) errors.add(['components'], ...LengthErrors.max(Limits.actionRows));
  const customIds = new Set<string>();
  components.forEach((row, i) => {
    if (!isRecord(row) || row.type !== ComponentType.ActionRow) {
      errors.add(['components', i, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).');
      return;
    }
    validateRow(row, ['components', i], errors, customIds);
  });
}

/**
 * Components v2 layouts are checked for what a game bot can get wrong:
 * total count, custom_id rules, and rows. Layout-only components pass through.
 */
function validateV2Components(components: ComponentJson[], errors: FormErrors): void {
  const customIds = new Set<string>();
  let total = 0;
  let text = 0;
  const walk = (c: ComponentJson, path: Path): void => {
    total++;
    if (c.type === ComponentType.ActionRow) {
      total += Array.isArray(c.components) ? c.components.length : 0;
      validateRow(c, path, errors, customIds);
      return;
    }
    if (c.type === ComponentType.Button || SELECT_TYPES.has(c.type)) {
      validateInteractive(c, path, errors, customIds);
      return;
    }
    if (c.type === 10 && typeof c.content === 'string') text += charLength(c.content);
    if (Array.isArray(c.components)) c.components.forEach((child, k) => walk(child, [...path, 'components', k]));
    if (isRecord(c.accessory)) walk(c.accessory as ComponentJson, [...path, 'accessory']);
  };
  components.forEach((c, i) => walk(c, ['components', i]));
  if (total > Limits.componentsV2Total) errors.add(['components'], ...LengthErrors.max(Limits.componentsV2Total));
  if (text > Limits.textDisplayTotal) {
    errors.add(['components'], 'MAX_TEXT_DISPLAY_SIZE_EXCEEDED', `Text display size exceeds maximum size of ${Limits.textDisplayTotal}`);
  }
}

function collectIds(c: ComponentJson, used: Set<number>): void {
  if (typeof c.id === 'number') used.add(c.id);
  if (c.components) for (const child of c.components) collectIds(child, used);
  if (c.accessory) collectIds(c.accessory, used);
}

/** A copy of `c` and its children, each without an id given the next one `used` does not hold. */
function assignIds(c: ComponentJson, used: Set<number>, next: { n: number }): ComponentJson {
  const copy: ComponentJson = { ...c };
  if (typeof copy.id !== 'number') {
    while (used.has(next.n)) next.n++;
    copy.id = next.n++;
  }
  if (copy.components) copy.components = copy.components.map((child) => assignIds(child, used, next));
  if (copy.accessory) copy.accessory = assignIds(copy.accessory, used, next);
  return copy;
}

/** Discord numbers components in each message; discord.js keeps the ids. */
function numberComponents(components: ComponentJson[]): ComponentJson[] {
  const used = new Set<number>();
  for (const c of components) collectIds(c, used);
  const next = { n: 1 };
  return components.map((c) => assignIds(c, used, next));
}

/**
 * Reads the message part of a create/edit/interaction body, enforcing limits.
 * Returns only the fields present, so edits can leave the rest untouched.
 * `allowedFlags` are kept; other flags are dropped, as Discord ignores them.
 */
export function readMessageFields(raw: unknown, allowedFlags: number, currentFlags = 0): MessageFields {
  const body = isRecord(raw) ? raw : {};
  const errors = new FormErrors();
  const out: MessageFields = {};
  if ('content' in body) {
    const content = body.content ?? '';
    if (typeof content !== 'string') errors.add(['content'], 'BASE_TYPE_STRING', 'Must be a string.');
    else {
      checkMax(errors, ['content'], content, Limits.content);
      out.content = content;
    }
  }
  if ('embeds' in body) out.embeds = body.embeds === null ? [] : validateEmbeds(body.embeds, errors);
  if (body.flags !== undefined && body.flags !== null && (!Number.isSafeInteger(body.flags) || (body.flags as number) < 0)) {
    errors.add(['flags'], 'NUMBER_TYPE_COERCE', `Value "${String(body.flags)}" is not int.`);
  } else if (typeof body.flags === 'number') out.flags = body.flags & allowedFlags;
  const v2 = ((out.flags ?? currentFlags) & MessageFlag.ComponentsV2) !== 0;
  if ('components' in body) {
    const components = body.components === null ? [] : body.components;
    if (!Array.isArray(components)) errors.add(['components'], 'BASE_TYPE_ARRAY', 'Must be an array.');
    else {
      if (v2) validateV2Components(components as ComponentJson[], errors);
      else validateLegacyComponents(components as ComponentJson[], errors);
      out.components = numberComponents(components as ComponentJson[]);
    }
  }
  if (v2 && ((out.content ?? '') !== '' || (out.embeds ?? []).length > 0)) {
    errors.add(['content'], 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', 'The \'content\' and \'embeds\' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2');
  }
  errors.throwIfAny();
  return out;
}

/** Discord refuses a message with nothing in it, on create and after an edit. */
export function assertNotEmpty(m: { content: string; embeds: unknown[]; components: unknown[]; attachments: unknown[] }): void {
  if (m.content === '' && m.embeds.length === 0 && m.components.length === 0 && m.attachments.length === 0) {
    throw Errors.emptyMessage();
  }
}

