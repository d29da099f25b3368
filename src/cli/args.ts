// The options of every command-line tool (README, Commands), on node:util's parseArgs: `--help` prints
// them and exits 0; an unknown option or a bad value is one sentence on stderr and exit 2.
import { parseArgs } from 'node:util';
import { EDITION_NAMES } from '../engine/editions.js';

type Option =
  | { type: 'boolean'; help: string }
  | {
      type: 'string';
      help: string;
      /** Shown in --help, e.g. N or FILE. */
      value?: string;
      default?: string;
      choices?: readonly string[];
      /** A whole number in [min, max]. */
      int?: readonly [number, number];
      /** May be given more than once. */
      multiple?: true;
    };

type Value<O> = O extends { type: 'boolean' }
  ? boolean
  : O extends { multiple: true }
    ? string[]
    : O extends { int: readonly [number, number] }
      ? O extends { default: string }
        ? number
        : number | undefined
      : O extends { default: string }
        ? string
        : string | undefined;

export interface Command<S extends Record<string, Option>> {
  /** `npm run …` as typed, e.g. `npm run --silent sim --`. */
  usage: string;
  /** What the command does, one or two lines. */
  summary: string;
  options: S;
  /** The positionals' names for --help (e.g. `PATH...`); none: positionals are refused. */
  positionals?: string;
}

export interface Parsed<S extends Record<string, Option>> {
  values: { [K in keyof S]: Value<S[K]> };
  positionals: string[];
}

/** The help text of a command. */
export function helpText<S extends Record<string, Option>>(c: Command<S>): string {
  const rows = Object.entries(c.options).map(([name, o]) => {
    const left = `--${name}${o.type === 'string' ? ` ${o.value ?? (o.choices ? o.choices.join('|') : 'VALUE')}` : ''}`;
    const dflt = o.type === 'string' && o.default !== undefined ? ` (default ${o.default})` : '';
    return [left, `${o.help}${dflt}`];
  });
  rows.push(['--help', 'print this and exit']);
  const width = Math.max(...rows.map(([l]) => l.length));
  return [`usage: ${c.usage}${c.positionals ? ` ${c.positionals}` : ''} [options]`, '', c.summary, '', ...rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`), ''].join('\n');
}

/** The parsed options and positionals, the sentence for a bad command line, or 'help'; parseCommand acts on the last two. */
export function parseCommandLine<S extends Record<string, Option>>(c: Command<S>, argv: string[]): Parsed<S> | { error: string } | 'help' {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: c.positionals !== undefined,
      options: {
        help: { type: 'boolean' },
        ...Object.fromEntries(Object.entries(c.options).map(([k, o]) => [k, { type: o.type, ...(o.type === 'string' && o.multiple ? { multiple: true } : {}) }])),
      },
    });
  } catch (err) {
    return { error: parseError(err as Error & { code?: string }) };
  }
  if (parsed.values.help) return 'help';
  const values: Record<string, unknown> = {};
  for (const [name, o] of Object.entries(c.options)) {
    const raw = parsed.values[name];
    if (o.type === 'boolean') {
      values[name] = raw === true;
      continue;
    }
    if (o.multiple) {
      values[name] = (raw as string[] | undefined) ?? [];
      continue;
    }
    const v = (raw as string | undefined) ?? o.default;
    if (v === undefined) {
      values[name] = undefined;
      continue;
    }
    if (o.choices && !o.choices.includes(v)) return { error: `--${name} must be ${o.choices.join(', ')}, not "${v}"` };
    if (o.int) {
      const n = Number(v);
      const [min, max] = o.int;
      if (!/^-?\d+$/.test(v) || n < min || n > max)
        return { error: `--${name} must be a whole number${max === Number.MAX_SAFE_INTEGER ? ` of at least ${min}` : ` from ${min} to ${max}`}, not "${v}"` };
      values[name] = n;
      continue;
    }
    values[name] = v;
  }
  return { values: values as Parsed<S>['values'], positionals: parsed.positionals };
}

/** node's parseArgs errors, as the sentences of this project. */
function parseError(err: Error & { code?: string }): string {
  const quoted = /'([^']+)'/.exec(err.message)?.[1] ?? '';
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${quoted}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${quoted}"`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /argument missing/.test(err.message) ? `${quoted.split(' ')[0]} needs a value` : `${quoted} takes no value`;
    default:
      return err.message;
  }
}

/** Parses this process's arguments: `--help` prints and exits 0; a bad line is one sentence on stderr and exit 2. */
export function parseCommand<S extends Record<string, Option>>(c: Command<S>, argv: string[] = process.argv.slice(2)): Parsed<S> {
  const r = parseCommandLine(c, argv);
  if (r === 'help') {
    process.stdout.write(helpText(c));
    process.exit(0);
  }
  if ('error' in r) usageError(c, r.error);
  return r;
}

/** A bad command line found after parsing (a value that depends on another): one sentence and exit 2. */
export function usageError<S extends Record<string, Option>>(c: Command<S>, sentence: string): never {
  const name = c.usage.replace(/^npm run (--silent )?/, '').replace(/ --$/, '');
  process.stderr.write(`${name}: ${sentence}. Run it with --help for its options.\n`);
  process.exit(2);
}

/** Whole numbers from `min` up. */
export const atLeast = (min: number): readonly [number, number] => [min, Number.MAX_SAFE_INTEGER];
export const ON_OFF = ['on', 'off'] as const;
export const ANY_INT: readonly [number, number] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];

/** The rules a game is played by, as sim, ai:eval and ai:fit take them (contracts §2, §5). */
export const RULES_OPTIONS = {
  edition: { type: 'string', choices: EDITION_NAMES, default: 'standard', help: '标准版, 推广版 or 千智风声 (5 or 6 players)' },
  'character-set': { type: 'string', choices: ['standard', 'classic'], default: 'standard', help: 'the 30 characters of 003 or the 18 of 000 (初版)' },
  'victory-intel': { type: 'string', choices: ['3', '4'], default: '3', help: '胜利情报数: same-colour intel that wins' },
} as const;
