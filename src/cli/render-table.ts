// npm run --silent render-table -- [options] --out FILE.png   (contracts.md §4)
// Renders the public table picture exactly as the bot posts it, at one moment of a game:
//   --seed S --players P --actions N [--characters on|off] [--character-set standard|classic] [--edition standard|promo|qianzhi] [--locale zh-CN|en]
//   --export FILE --at N [--locale zh-CN|en]
// Prints {"out", "width", "height", "bytes", "ms"}; exits 2 with a message for bad options.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Locale } from '../i18n/index.js';
import { ensureFonts } from '../picture/fonts.js';
import { exportMoment, momentInput, seededMoment, type Moment } from '../picture/moments.js';
import { drawTablePicture } from '../picture/table.js';
import type { GameRecord } from '../store/export.js';
import { parseArgs } from './args.js';
import { EDITION_NAMES, tableSizeRefusal, type Edition } from '../engine/index.js';

function fail(msg: string): never {
  process.stderr.write(`render-table: ${msg}\n`);
  process.exit(2);
}

const KNOWN = ['seed', 'players', 'actions', 'characters', 'character-set', 'edition', 'locale', 'export', 'at', 'out'];
const argv = process.argv.slice(2);
const stray = argv.find((a, i) => !a.startsWith('--') && (i === 0 || !argv[i - 1].startsWith('--') || argv[i - 1].includes('=')));
if (stray !== undefined) fail(`unexpected argument "${stray}"`);
const args = parseArgs(argv);
for (const k of Object.keys(args)) if (!KNOWN.includes(k)) fail(`unknown option --${k}`);
const int = (name: string, min: number, max = Number.MAX_SAFE_INTEGER): number => {
  const v = Number(args[name]);
  if (args[name] === undefined || args[name] === 'true' || !Number.isInteger(v) || v < min || v > max)
    fail(`--${name} must be an integer ${max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `in ${min}..${max}`}`);
  return v;
};

const out = args.out;
if (!out || out === 'true') fail('--out FILE.png is required');
const locale = (args.locale ?? 'zh-CN') as Locale;
if (locale !== 'zh-CN' && locale !== 'en') fail('--locale must be zh-CN or en');

let moment: Moment;
if (args.export !== undefined) {
  for (const k of ['seed', 'players', 'actions', 'characters', 'character-set', 'edition']) if (k in args) fail(`--${k} does not go with --export`);
  if (args.export === 'true') fail('--export needs a FILE');
  const at = int('at', 0);
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
  if ('at' in args) fail('--at goes with --export');
  const seed = int('seed', -0x80000000, 0xffffffff);
  const players = int('players', 3, 9);
  const actions = int('actions', 0);
  const edition = (args.edition ?? 'standard') as Edition;
  if (!EDITION_NAMES.includes(edition)) fail(`--edition must be ${EDITION_NAMES.join(', ')}`);
  const size = tableSizeRefusal(edition, players);
  if (size) fail(`--players: ${size}`);
  if (args.characters !== undefined && args.characters !== 'on' && args.characters !== 'off') fail('--characters must be on or off');
  const characterSet = args['character-set'] ?? 'standard';
  if (characterSet !== 'standard' && characterSet !== 'classic') fail('--character-set must be standard or classic');
  moment = seededMoment({ seed, players, actions, edition, characters: args.characters !== 'off', ...(characterSet === 'classic' ? { characterSet } : {}) });
}

ensureFonts();
const t0 = performance.now();
const picture = drawTablePicture(momentInput(moment, locale));
const ms = performance.now() - t0;
try {
  fs.writeFileSync(out, picture.png);
} catch (err) {
  fail(`cannot write ${out}: ${(err as Error).message}`);
}
process.stdout.write(
  JSON.stringify({ out, width: picture.width, height: picture.height, bytes: picture.png.length, ms: Math.round(ms * 10) / 10 }) + '\n',
);
