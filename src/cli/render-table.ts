// npm run --silent render-table -- [options] --out FILE.png   (contracts.md §4)
// Renders the public table picture exactly as the bot posts it, at one moment of a game (--help).
// Prints {"out", "width", "height", "bytes", "ms", "description"}; exits 2 with a message for bad options.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Locale } from '../i18n/index.js';
import { ensureFonts } from '../picture/fonts.js';
import { exportMoment, momentInput, seededMoment, type Moment } from '../picture/moments.js';
import { describeTable } from '../picture/describe.js';
import { drawTablePicture } from '../picture/table.js';
import type { GameRecord } from '../store/export.js';
import { EDITION_NAMES, tableSizeRefusal, type Edition } from '../engine/index.js';
import { atLeast, ON_OFF, parseCommand, usageError } from './args.js';

const command = {
  usage: 'npm run --silent render-table --',
  summary:
    'Renders the public table picture exactly as the bot posts it, at one moment of a game: a seeded random game (--seed --players --actions) or an exported one (--export --at).',
  options: {
    out: { type: 'string', value: 'FILE.png', help: 'where the picture goes (required)' },
    seed: { type: 'string', value: 'S', int: [-0x80000000, 0xffffffff], help: 'the seed of a random game' },
    players: { type: 'string', value: 'P', int: [3, 9], help: 'its players' },
    actions: { type: 'string', value: 'N', int: atLeast(0), help: 'how many actions in' },
    characters: { type: 'string', choices: ON_OFF, help: 'characters dealt (default on)' },
    'character-set': { type: 'string', choices: ['standard', 'classic'], help: 'the 30 characters of 003 or the 18 of 000 (default standard)' },
    edition: { type: 'string', choices: EDITION_NAMES, help: 'the edition (default standard)' },
    export: { type: 'string', value: 'FILE', help: 'a game exported by npm run export' },
    at: { type: 'string', value: 'N', int: atLeast(0), help: "the exported game after its N-th action" },
    locale: { type: 'string', choices: ['zh-CN', 'en'], default: 'zh-CN', help: 'the language of the picture' },
  },
} as const;
function fail(sentence: string): never {
  return usageError(command, sentence);
}
const { values: args } = parseCommand(command);
const out = args.out ?? fail('--out FILE.png is required');
const locale = args.locale as Locale;

let moment: Moment;
if (args.export !== undefined) {
  for (const k of ['seed', 'players', 'actions', 'characters', 'character-set', 'edition'] as const) if (args[k] !== undefined) fail(`--${k} does not go with --export`);
  const at = args.at ?? fail('--at N goes with --export');
  let record: GameRecord;
  try {
    record = JSON.parse(fs.readFileSync(args.export, 'utf8')) as GameRecord;
  } catch (err) {
    fail(`cannot read ${args.export}: ${(err as Error).message}`);
  }
  try {
    moment = exportMoment(record, at);
  } catch (err) {
    fail((err as Error).message);
  }
} else {
  if (args.at !== undefined) fail('--at goes with --export');
  const seed = args.seed ?? fail('--seed S is required (or --export FILE)');
  const players = args.players ?? fail('--players P is required (or --export FILE)');
  const actions = args.actions ?? fail('--actions N is required (or --export FILE)');
  const edition = (args.edition ?? 'standard') as Edition;
  const size = tableSizeRefusal(edition, players);
  if (size) fail(`--players: ${size}`);
  const characterSet = args['character-set'] ?? 'standard';
  moment = seededMoment({ seed, players, actions, edition, characters: args.characters !== 'off', ...(characterSet === 'classic' ? { characterSet } : {}) });
}

ensureFonts();
const t0 = performance.now();
const input = momentInput(moment, locale);
const picture = drawTablePicture(input);
const ms = performance.now() - t0;
try {
  fs.writeFileSync(out, picture.png);
} catch (err) {
  fail(`cannot write ${out}: ${(err as Error).message}`);
}
process.stdout.write(
  JSON.stringify({ out, width: picture.width, height: picture.height, bytes: picture.png.length, ms: Math.round(ms * 10) / 10, description: describeTable(input) }) + '\n',
);
