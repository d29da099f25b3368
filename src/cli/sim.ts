// npm run --silent sim -- [options] (--help lists them; shared/contracts.md §2)
import { performance } from 'node:perf_hooks';
import { makePolicy, playPolicyGame, POLICY_NAMES, type PolicyName } from '../ai/index.js';
import { CHARACTER_SETS, CHARACTERS, tableSizeRefusal, type Edition, type Options } from '../engine/index.js';
import { countSkills, gameSeed, playRandomGame } from '../sim/random-play.js';
import { ANY_INT, atLeast, ON_OFF, parseCommand, RULES_OPTIONS, usageError } from './args.js';

const command = {
  usage: 'npm run --silent sim --',
  summary: 'Plays whole seeded games and checks the engine\'s invariants after every action; prints one JSON object (exit 1 on an error or a violation).',
  options: {
    games: { type: 'string', value: 'N', int: atLeast(1), default: '100', help: 'games to play' },
    players: { type: 'string', value: 'P', int: [3, 9], default: '5', help: 'players a game' },
    seed: { type: 'string', value: 'S', int: ANY_INT, default: '1', help: 'the first seed (the same seed, the same games)' },
    ...RULES_OPTIONS,
    characters: { type: 'string', choices: ON_OFF, default: 'on', help: 'characters dealt' },
    ai: { type: 'string', choices: POLICY_NAMES, default: 'random', help: 'the policy that plays every seat (random: the simulator\'s own random play)' },
  },
} as const;
const { values: args } = parseCommand(command);
const { games, players, seed, ai } = args;
const edition = args.edition as Edition;
// 千智风声 is played by 5 or 6 (docs/rules.md §12).
const size = tableSizeRefusal(edition, players);
if (size) usageError(command, `--players: ${size}`);
// Characters are on by default now that they exist (README: commands for checks and tools).
const characters = args.characters !== 'off';
const set = args['character-set'] as 'standard' | 'classic';
const victoryIntel = Number(args['victory-intel']);
// Only options that differ from the default go into the game (types.ts Options: absent is the default).
const options: Partial<Options> = { ...(set === 'classic' ? { characterSet: set } : {}), ...(victoryIntel === 4 ? { victoryIntel: 4 as const } : {}) };
// Every seat plays the named policy. `random` is the simulator's own random play.
const play = (seed: number) =>
  ai === 'random'
    ? playRandomGame({ players, seed, edition, invariants: true, characters, options, countSkills: characters })
    : policyGame(seed);

function policyGame(seed: number) {
  const run = playPolicyGame({ players, seed, edition, options: { ...options, characters }, invariants: true, keepLog: true, seats: () => makePolicy(ai as PolicyName) });
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
    ...(characters ? { unusedSkills: CHARACTER_SETS[set].map((n) => CHARACTERS[n]).flatMap((d) => d.skills.filter((k) => !used[k]).map((k) => `${d.name}:${k}`)) } : {}),
  }) + '\n',
);
process.exit(errors || violations ? 1 : 0);
