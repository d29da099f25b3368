// npm run --silent ai:forks -- [--players P] [--characters on|off] [--games N] [--seed S] [--k K]
//   [--workers W] [--variant NAME=JSON ...] [--records FILE]
//
// What the expert's overrules are worth, decision by decision (src/ai/forks.ts): games by the
// strong policy at every seat; at each decision of the measured seat every variant (an expert with
// the ExpertOptions of its JSON, default {}) decides, and where it differs from strong both
// choices are played on K times by strong at every seat. Prints one JSON object: per variant the
// overrules, their worth in points per game (the measured seat's wins × 100 / games) with its
// standard error over games, and the same by pending kind. --records writes every fork (JSON lines).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ExpertPolicy, type ExpertOptions } from '../ai/expert.js';
import { runForks, type ForkJob, type ForkResult } from '../ai/forks.js';
import { ANY_INT, atLeast, ON_OFF, parseCommand, usageError } from './args.js';
import { runInChildren } from './children.js';

const command = {
  usage: 'npm run --silent ai:forks --',
  summary: "What the expert's overrules of the strong policy are worth, decision by decision; prints one JSON object.",
  options: {
    players: { type: 'string', value: 'P', int: [3, 9], default: '5', help: 'players a game' },
    characters: { type: 'string', choices: ON_OFF, default: 'on', help: 'characters dealt' },
    games: { type: 'string', value: 'N', int: atLeast(1), default: '100', help: 'games' },
    seed: { type: 'string', value: 'S', int: ANY_INT, default: '1', help: 'the first seed' },
    k: { type: 'string', value: 'K', int: atLeast(1), default: '16', help: 'playouts of each side of a fork' },
    workers: { type: 'string', value: 'W', int: atLeast(1), default: '2', help: 'child processes that play the games' },
    variant: { type: 'string', value: 'NAME=JSON', multiple: true, help: 'an expert with these ExpertOptions (repeatable; default one: expert={})' },
    records: { type: 'string', value: 'FILE', help: 'write every fork there, one JSON line each' },
  },
} as const;

interface Task {
  job: ForkJob;
  variants: ExpertOptions[];
}

if (process.argv[2] === '--child') {
  process.on('message', (t: Task) => {
    process.send!(runForks(t.job, t.variants.map((o) => new ExpertPolicy(o))));
  });
} else {
  await main();
}

function fail(sentence: string): never {
  return usageError(command, sentence);
}

async function main(): Promise<void> {
  const { values: args } = parseCommand(command);
  const { players, games, seed, k, workers } = args;
  const variants: { name: string; options: ExpertOptions }[] = [];
  for (const spec of args.variant) {
    const eq = spec.indexOf('=');
    const name = eq < 0 ? spec : spec.slice(0, eq);
    try {
      variants.push({ name, options: eq < 0 ? {} : (JSON.parse(spec.slice(eq + 1)) as ExpertOptions) });
    } catch {
      fail(`--variant ${name}: its options are not JSON`);
    }
  }
  if (variants.length === 0) variants.push({ name: 'expert', options: {} });
  const base = { players, characters: args.characters === 'on', seed, k };
  const chunk = Math.max(1, Math.min(10, Math.ceil(games / (workers * 4))));
  const tasks: Task[] = [];
  for (let from = 0; from < games; from += chunk)
    tasks.push({ job: { ...base, from, to: Math.min(games, from + chunk) }, variants: variants.map((v) => v.options) });

  const results: ForkResult[] = [];
  await runInChildren<Task, ForkResult>(fileURLToPath(import.meta.url), tasks, workers, (r) => {
    results.push(r);
  });

  const records = results.flatMap((r) => r.records);
  const played = results.reduce((s, r) => s + r.games, 0);
  if (args.records) writeFileSync(args.records, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const summary = variants.map((v, i) => {
    // Points per game: each game's sum of gains × 100, its mean and standard error over the games.
    const perGame = new Map<number, number>();
    const byKind: Record<string, { overrules: number; points: number }> = {};
    let overrules = 0;
    for (const r of records) {
      if (!r.chosen[i]) continue;
      overrules++;
      perGame.set(r.game, (perGame.get(r.game) ?? 0) + 100 * r.gain[i]);
      const kind = `${r.pending}:${r.strong}>${r.chosen[i]}`;
      byKind[kind] ??= { overrules: 0, points: 0 };
      byKind[kind].overrules++;
      byKind[kind].points += (100 * r.gain[i]) / played;
    }
    const xs = Array.from({ length: played }, (_, g) => perGame.get(g) ?? 0);
    const mean = xs.reduce((s, x) => s + x, 0) / played;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, played - 1));
    return { name: v.name, options: v.options, overrules, pointsPerGame: mean, se: sd / Math.sqrt(played), byKind };
  });
  const decisions = results.reduce((s, r) => s + r.decisions, 0);
  const errors = results.reduce((s, r) => s + r.errors, 0);
  process.stdout.write(
    JSON.stringify({ games: played, players, k, seed, decisions, errors, firstError: results.find((r) => r.firstError)?.firstError ?? null, variants: summary }, null, 1) + '\n',
  );
  process.exit(errors ? 1 : 0);
}
