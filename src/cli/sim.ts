// npm run --silent sim -- [--games N] [--players P] [--seed S] [--edition standard|promo|qianzhi]
//   [--characters on|off] [--ai random|strong]   (README: commands for checks and tools)
import { performance } from 'node:perf_hooks';
import { isPolicyName, makePolicy, playPolicyGame, POLICY_NAMES, type PolicyName } from '../ai/index.js';
import { CHARACTERS, EDITION_NAMES, tableSizeRefusal, type Edition } from '../engine/index.js';
import { countSkills, gameSeed, playRandomGame } from '../sim/random-play.js';
import { parseArgs } from './args.js';

function fail(msg: string): never {
  process.stderr.write(`sim: ${msg}\n`);
  process.exit(2);
}

const args = parseArgs(process.argv.slice(2));
const games = Number(args.games ?? 100);
const players = Number(args.players ?? 5);
const seed = Number(args.seed ?? 1);
const edition = args.edition ?? 'standard';
const ai = args.ai ?? 'random';
if (!Number.isInteger(games) || games < 1) fail('--games must be a positive integer');
if (!Number.isInteger(players) || players < 3 || players > 9) fail('--players must be 3..9');
if (!Number.isInteger(seed)) fail('--seed must be an integer');
if (!(EDITION_NAMES as string[]).includes(edition)) fail(`--edition must be ${EDITION_NAMES.join(', ')}`);
// 千智风声 is played by 5 or 6 (docs/rules.md §12).
const size = tableSizeRefusal(edition as Edition, players);
if (size) fail(`--players: ${size}`);
if (args.characters !== undefined && args.characters !== 'on' && args.characters !== 'off')
  fail('--characters must be on or off');
// Characters are on by default now that they exist (README: commands for checks and tools).
const characters = args.characters !== 'off';
if (!isPolicyName(ai)) fail(`unknown --ai "${ai}" (known: ${POLICY_NAMES.join(', ')})`);
// Every seat plays the named policy. `random` is the simulator's own random play.
const play = (seed: number) =>
  ai === 'random'
    ? playRandomGame({ players, seed, edition: edition as Edition, invariants: true, characters, countSkills: characters })
    : policyGame(seed);

function policyGame(seed: number) {
  const run = playPolicyGame({ players, seed, edition: edition as Edition, options: { characters }, invariants: true, keepLog: true, seats: () => makePolicy(ai as PolicyName) });
  const skills: Record<string, number> = {};
  countSkills(run.log ?? [], skills);
  return { ...run, skills };
}

const wins = { 潜伏战线: 0, 军情处: 0, 打酱油的: 0, draw: 0 };
let completed = 0;
let errors = 0;
let violations = 0;
let actions = 0;
let rounds = 0;
let firstError: string | null = null;
const used: Record<string, number> = {};
const t0 = performance.now();
for (let i = 0; i < games; i++) {
  const run = play(gameSeed(seed, i));
  for (const [k, v] of Object.entries(run.skills)) used[k] = (used[k] ?? 0) + v;
  actions += run.actions;
  violations += run.violations.length;
  if (run.violations.length && !firstError) firstError = run.violations[0];
  if (run.error) {
    errors++;
    firstError ??= run.error;
    continue;
  }
  completed++;
  rounds += run.state.round;
  const r = run.state.result!;
  if (r.draw) wins.draw++;
  else {
    const ids = new Set(r.winners.map((w) => run.state.players[w].identity));
    for (const id of ids) wins[id]++;
  }
}
const seconds = (performance.now() - t0) / 1000;
const round3 = (x: number) => Math.round(x * 1000) / 1000;
process.stdout.write(
  JSON.stringify({
    games,
    completed,
    errors,
    invariantViolations: violations,
    actions,
    seconds: round3(seconds),
    gamesPerSecond: round3(games / seconds),
    actionsPerSecond: Math.round(actions / seconds),
    meanRounds: completed ? round3(rounds / completed) : 0,
    wins,
    firstError,
    // Every skill of every character that never showed in any game of the run.
    ...(characters ? { unusedSkills: Object.values(CHARACTERS).flatMap((d) => d.skills.filter((k) => !used[k]).map((k) => `${d.name}:${k}`)) } : {}),
  }) + '\n',
);
process.exit(errors || violations ? 1 : 0);
