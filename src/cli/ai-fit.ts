// npm run --silent ai:fit -- [--games N] [--seed S] [--players 5,7,9] [--characters on|off] [--workers W] [--lambda L] [--write]
//
// Fits the learned evaluation (src/ai/learned.ts): plays N games of the strong policy at every seat
// for each table size (src/ai/positions.ts), fits each size's faction and 打酱油的 models by logistic
// regression on the games whose number is not a multiple of 5, and prints one JSON object with, per
// size and model, the mean log loss on the held-out games (every fifth) of: a constant, the currency
// alone, the whole model; with characters on, also each character's win rate in those games (the
// expert chooses its character by it); at the sizes with at most 40 identity assignments (3 to 6
// players), how the expert's beliefs read the evidence (belief-fit.ts: the strategic prior and each
// kind's weight, fitted on every tenth game, every fifth of those held out; the log chance of the
// identities as dealt, as the strong policy reads and as fitted). --write writes all three to
// src/ai/learned-weights.ts. Exit 2 for bad options.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beliefLogLikelihood, fitBeliefs, type BeliefGame } from '../ai/belief-fit.js';
import { EVIDENCE_KINDS, initialBeliefs } from '../ai/beliefs.js';
import { characterWins, FEATURES, fitLogistic, logLoss, type BeliefFit, type CharacterWins, type LearnedModel } from '../ai/learned.js';
import { positions, type Pick, type Position, type PositionJob } from '../ai/positions.js';
import { ANY_INT, atLeast, ON_OFF, parseCommand, usageError } from './args.js';
import { runInChildren } from './children.js';

const command = {
  usage: 'npm run --silent ai:fit --',
  summary: 'Fits the learned evaluation, the characters\' win rates and the beliefs\' evidence weights on games of the strong policy; prints one JSON object.',
  options: {
    games: { type: 'string', value: 'N', int: atLeast(10), default: '3000', help: 'games a table size' },
    seed: { type: 'string', value: 'S', int: ANY_INT, default: '1', help: 'the first seed' },
    players: { type: 'string', value: 'P,P,…', default: '5,7,9', help: 'the table sizes fitted' },
    characters: { type: 'string', choices: ON_OFF, default: 'on', help: 'characters dealt' },
    workers: { type: 'string', value: 'W', int: atLeast(1), default: '2', help: 'child processes that play the games' },
    lambda: { type: 'string', value: 'L', default: '1', help: 'the L2 penalty of the logistic fits (0 or more)' },
    write: { type: 'boolean', help: 'write the fits to src/ai/learned-weights.ts' },
  },
} as const;

if (process.argv[2] === '--child') {
  process.on('message', (job: PositionJob) => process.send!(positions(job)));
} else {
  await main();
}

/**
 * Which games' evidence the beliefs are fitted on (belief-fit.ts): every tenth, at the table sizes
 * whose beliefs list at most 40 identity assignments (3 to 6 players). Larger tables list 120
 * (7 players) to 560 (9 players), where the fit would read 10 to 50 times as much: the expert
 * reads there as the strong policy does.
 */
function beliefEvery(players: number): number | undefined {
  return initialBeliefs(players, 0, '潜伏战线').table.count <= 40 ? 10 : undefined;
}

function fail(sentence: string): never {
  return usageError(command, sentence);
}

async function main(): Promise<void> {
  const { values: args } = parseCommand(command);
  const { games, seed, workers } = args;
  const lambda = Number(args.lambda);
  const sizes = args.players.split(',').map(Number);
  if (!(lambda >= 0)) fail(`--lambda must be a number of 0 or more, not "${args.lambda}"`);
  if (sizes.some((p) => !Number.isInteger(p) || p < 3 || p > 9)) fail(`--players must list table sizes from 3 to 9, not "${args.players}"`);
  const characters = args.characters === 'on';
  const tasks: PositionJob[] = [];
  for (const players of sizes)
    for (let from = 0; from < games; from += 50)
      tasks.push({ players, characters, seed: seed * 100 + players, from, to: Math.min(games, from + 50), beliefEvery: beliefEvery(players) });
  const all: Position[] = [];
  const picks: Pick[] = [];
  const beliefGames: BeliefGame[] = [];
  await runInChildren<PositionJob, ReturnType<typeof positions>>(fileURLToPath(import.meta.url), tasks, workers, (r) => {
    all.push(...r.positions);
    picks.push(...r.picks);
    beliefGames.push(...r.beliefs);
  });

  const report: Record<string, unknown> = { games, players: sizes, seed, lambda, positions: all.length };
  const models: LearnedModel[] = [];
  const chars: CharacterWins[] = [];
  const fits: BeliefFit[] = [];
  for (const players of sizes) {
    const weights: Record<string, number[]> = {};
    const out: Record<string, unknown> = {};
    for (const model of ['faction', 'soy'] as const) {
      const rows = all.filter((p) => p.players === players && p.soy === (model === 'soy'));
      const part = (held: boolean) => rows.filter((p) => (p.game % 5 === 0) === held);
      const [train, test] = [part(false), part(true)];
      const xs = (ps: Position[], keep?: number) => ps.map((p) => Float64Array.from(keep ? p.x.slice(0, keep) : p.x));
      const ys = (ps: Position[]) => ps.map((p) => p.y);
      const w = fitLogistic(xs(train), ys(train), lambda);
      const bias = fitLogistic(xs(train, 1), ys(train), 0);
      const currency = fitLogistic(xs(train, 2), ys(train), 0);
      weights[model] = w;
      out[model] = {
        train: train.length,
        test: test.length,
        logLoss: { constant: logLoss(bias, xs(test, 1), ys(test)), currency: logLoss(currency, xs(test, 2), ys(test)), learned: logLoss(w, xs(test), ys(test)) },
        weights: Object.fromEntries(FEATURES.map((f, i) => [f, Math.round(w[i] * 1000) / 1000])),
      };
    }
    models.push({ players, faction: weights.faction, soy: weights.soy });
    if (characters) {
      const wins = characterWins(picks.filter((p) => p.players === players));
      chars.push({ players, games, wins });
      out.characterWins = wins;
    }
    const kept = beliefGames.filter((g) => g.players === players).sort((a, b) => a.game - b.game);
    // Every fifth of the kept games is held out.
    const [train, test] = [kept.filter((_, i) => i % 5 !== 0), kept.filter((_, i) => i % 5 === 0)];
    if (train.length > 0) {
      const fit = fitBeliefs(train, players);
      const asRead = EVIDENCE_KINDS.map(() => 1);
      fits.push(fit);
      out.beliefs = {
        games: kept.length,
        moments: test.reduce((a, g) => a + g.moments.length, 0),
        logLikelihood: {
          asStrongReads: beliefLogLikelihood(test, 0.5, asRead),
          fitted: beliefLogLikelihood(test, fit.strategicPrior, EVIDENCE_KINDS.map((k) => fit.weights[k] ?? 1)),
        },
        strategicPrior: fit.strategicPrior,
        weights: fit.weights,
      };
    }
    report[`players${players}`] = out;
  }
  if (args.write) {
    const row = (w: readonly number[]) => `[${w.map((x) => Math.round(x * 1e4) / 1e4).join(', ')}]`;
    writeFileSync(
      fileURLToPath(new URL('../ai/learned-weights.ts', import.meta.url)),
      `// Written by \`npm run ai:fit -- --write\` (src/cli/ai-fit.ts): the weights of learned.ts's models, one a table size.\n` +
        `// ${games} games a table size, seed ${seed}, ridge ${lambda}, characters ${characters ? 'on' : 'off'}.\n` +
        `import type { BeliefFit, CharacterWins, LearnedModel } from './learned.js';\n\n` +
        `export const LEARNED_MODELS: readonly LearnedModel[] = [\n` +
        models.map((m) => `  {\n    players: ${m.players},\n    faction: ${row(m.faction)},\n    soy: ${row(m.soy)},\n  },\n`).join('') +
        `];\n\n` +
        `// How often each character's player won (learned.ts characterWins): the expert chooses its character by it.\n` +
        `export const CHARACTER_WINS: readonly CharacterWins[] = [\n` +
        chars
          .map((c) => `  {\n    players: ${c.players},\n    games: ${c.games},\n    wins: { ${Object.entries(c.wins).map(([k, v]) => `'${k}': ${v}`).join(', ')} },\n  },\n`)
          .join('') +
        `];\n\n` +
        `// How the expert reads the evidence (learned.ts BeliefFit, belief-fit.ts): the strategic prior and each kind's weight.\n` +
        `export const BELIEF_FITS: readonly BeliefFit[] = [\n` +
        fits
          .map((f) => `  {\n    players: ${f.players},\n    strategicPrior: ${f.strategicPrior},\n    weights: { ${Object.entries(f.weights).map(([k, v]) => `${k}: ${v}`).join(', ')} },\n  },\n`)
          .join('') +
        `];\n`,
    );
  }
  process.stdout.write(JSON.stringify(report, null, 1) + '\n');
}
