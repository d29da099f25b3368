// npm run --silent ai:fit -- [--games N] [--seed S] [--players 5,7,9] [--edition E] [--character-set standard|classic]
//   [--victory-intel 3|4] [--characters on|off] [--workers W] [--lambda L] [--write]
//
// Fits the learned evaluation (src/ai/learned.ts) for one variant of the rules (edition, 角色版本,
// 胜利情报数) at each table size given: plays N games of the strong policy at every seat (src/ai/
// positions.ts), fits the faction and 打酱油的 models by logistic regression on the games whose number
// is not a multiple of 5, and prints one JSON object with, per size and model, the mean log loss on
// the held-out games (every fifth) of: a constant, the currency alone, the whole model; with
// characters on, also each character's win rate in those games (the expert chooses its character by
// it); and how the expert's beliefs read the evidence (belief-fit.ts: the strategic prior and each
// kind's weight, fitted on some games — every tenth, every fifth at 7 and 8 players — every fifth of
// those held out; the log chance of the identities as dealt, as the strong policy reads and as
// fitted). --write puts all three into src/ai/learned-weights.ts in place of those of the same kinds
// of table, keeping the others as the file holds them when the fit ends (so fits of other kinds may
// run at once, each writing when it ends). Exit 2 for bad options.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beliefLogLikelihood, fitBeliefs, type BeliefGame } from '../ai/belief-fit.js';
import { EVIDENCE_KINDS, initialBeliefs } from '../ai/beliefs.js';
import { characterWins, FEATURES, fitLogistic, kindName, logLoss, variantOf, type BeliefFit, type CharacterWins, type LearnedModel, type TableKind } from '../ai/learned.js';
import { tableSizeRefusal } from '../engine/index.js';
import type { CharacterSet, Edition } from '../engine/types.js';
import { positions, type Pick, type Position, type PositionJob } from '../ai/positions.js';
import { ANY_INT, atLeast, ON_OFF, parseCommand, RULES_OPTIONS, usageError } from './args.js';
import { runInChildren } from './children.js';

const command = {
  usage: 'npm run --silent ai:fit --',
  summary: 'Fits the learned evaluation, the characters\' win rates and the beliefs\' evidence weights on games of the strong policy; prints one JSON object.',
  options: {
    games: { type: 'string', value: 'N', int: atLeast(10), default: '3000', help: 'games a table size' },
    seed: { type: 'string', value: 'S', int: ANY_INT, default: '1', help: 'the first seed' },
    players: { type: 'string', value: 'P,P,…', default: '5,7,9', help: 'the table sizes fitted' },
    ...RULES_OPTIONS,
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
 * Which games' evidence the beliefs are fitted on (belief-fit.ts): every tenth, and every fifth where
 * a seat's beliefs weigh 120 or 210 identity assignments (7 and 8 players: 400 games of 2,000). At 9
 * players (560) every tenth: 200 games (the whole fit 9 min, against 3 and 5 at 7 and 8, on 2 cores).
 * Until 2026-12-06 the larger tables read fewer (every 15th game at 7 players, 26th at 8, 70th at 9:
 * 134, 77 and 29 of 2,000; the 初版 entries' fits still so, each entry says how many it read).
 */
function beliefEvery(players: number): number {
  const count = initialBeliefs(players, 0, '潜伏战线').table.count;
  return count > 40 && count <= 210 ? 5 : 10;
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
  const variant: Omit<TableKind, 'players'> = {
    ...(args.edition !== 'standard' && { edition: args.edition as Edition }),
    ...(args['character-set'] !== 'standard' && { characterSet: args['character-set'] as CharacterSet }),
    ...(args['victory-intel'] === '4' && { victoryIntel: 4 as const }),
  };
  if (variant.characterSet && !characters) fail('--character-set classic needs --characters on');
  for (const p of sizes) {
    const refused = tableSizeRefusal(args.edition as Edition, p);
    if (refused) fail(refused);
  }
  const tasks: PositionJob[] = [];
  for (const players of sizes)
    for (let from = 0; from < games; from += 50)
      tasks.push({ players, ...variant, characters, seed: seed * 100 + players, from, to: Math.min(games, from + 50), beliefEvery: beliefEvery(players) });
  const all: Position[] = [];
  const picks: Pick[] = [];
  const beliefGames: BeliefGame[] = [];
  await runInChildren<PositionJob, ReturnType<typeof positions>>(fileURLToPath(import.meta.url), tasks, workers, (r) => {
    all.push(...r.positions);
    picks.push(...r.picks);
    beliefGames.push(...r.beliefs);
  });

  const report: Record<string, unknown> = { games, players: sizes, variant: variantOf({ players: 0, ...variant }), seed, lambda, positions: all.length };
  const fitted = `${games} games, seed ${seed}, ridge ${lambda}, characters ${characters ? 'on' : 'off'}`;
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
    models.push({ players, ...variant, fitted, faction: weights.faction, soy: weights.soy });
    if (characters) {
      const wins = characterWins(picks.filter((p) => p.players === players));
      chars.push({ players, ...variant, games, wins });
      out.characterWins = wins;
    }
    const kept = beliefGames.filter((g) => g.players === players).sort((a, b) => a.game - b.game);
    // Every fifth of the kept games is held out.
    const [train, test] = [kept.filter((_, i) => i % 5 !== 0), kept.filter((_, i) => i % 5 === 0)];
    if (train.length > 0) {
      const fit: BeliefFit = { ...fitBeliefs(train, players), ...variant, fitted: `${fitted}, ${kept.length} of them read` };
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
    // The file as it is now (a fit of other kinds may have written it since this one started).
    const { BELIEF_FITS, CHARACTER_WINS, LEARNED_MODELS }: typeof import('../ai/learned-weights.js') = await import(
      `${new URL('../ai/learned-weights.js', import.meta.url).href}?at=${Date.now()}`
    );
    // This run's kinds take the place of the same kinds landed; the others stay. The standard rules
    // first, then each variant, by size (3 to 9: one digit).
    const standard = variantOf({ players: 0 });
    const order = (k: TableKind) => `${variantOf(k) === standard ? '0' : `1 ${variantOf(k)}`} ${k.players}`;
    const merge = <T extends TableKind>(landed: readonly T[], mine: readonly T[]) =>
      [...landed.filter((x) => !mine.some((y) => kindName(y) === kindName(x))), ...mine].sort((a, b) => (order(a) < order(b) ? -1 : 1));
    writeFileSync(
      fileURLToPath(new URL('../ai/learned-weights.ts', import.meta.url)),
      `// Written by \`npm run ai:fit -- --write\` (src/cli/ai-fit.ts): the weights of learned.ts's models, one a kind of table\n` +
        `// (its size; edition, characterSet, victoryIntel where not the standard ones), each with what it was fitted on.\n` +
        `import type { BeliefFit, CharacterWins, LearnedModel } from './learned.js';\n\n` +
        `export const LEARNED_MODELS: readonly LearnedModel[] = [\n${merge(LEARNED_MODELS, models).map(literal).join('')}];\n\n` +
        `// How often each character's player won (learned.ts characterWins): the expert chooses its character by it.\n` +
        `export const CHARACTER_WINS: readonly CharacterWins[] = [\n${merge(CHARACTER_WINS, chars).map(literal).join('')}];\n\n` +
        `// How the expert reads the evidence (learned.ts BeliefFit, belief-fit.ts): the strategic prior and each kind's weight.\n` +
        `export const BELIEF_FITS: readonly BeliefFit[] = [\n${merge(BELIEF_FITS, fits).map(literal).join('')}];\n`,
    );
  }
  process.stdout.write(JSON.stringify(report, null, 1) + '\n');
}

/** One fitted entry as a TypeScript object literal, a field a line: numbers to 4 places, records on one line. */
function literal(x: object): string {
  const value = (v: unknown): string => {
    if (typeof v === 'number') return String(Math.round(v * 1e4) / 1e4);
    if (typeof v === 'string') return `'${v}'`;
    if (Array.isArray(v)) return `[${v.map(value).join(', ')}]`;
    const key = (k: string) => (/^[A-Za-z_]\w*$/.test(k) ? k : `'${k}'`);
    return `{ ${Object.entries(v as object).map(([k, y]) => `${key(k)}: ${value(y)}`).join(', ')} }`;
  };
  return `  {\n${Object.entries(x).map(([k, v]) => `    ${k}: ${value(v)},\n`).join('')}  },\n`;
}
