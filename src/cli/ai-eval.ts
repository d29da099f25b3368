// npm run --silent ai:eval -- --json [--a NAME|FILE] [--b NAME|FILE] [--mode faction|seat]
//   [--identity 潜伏战线|军情处|打酱油的] [--players P] [--characters on|off] [--edition E] [--character-set standard|classic] [--victory-intel 3|4]
//   [--games N] [--seed S] [--budget-ms X] [--workers W] [--details] [--reveal] [--read]
//
// contracts §5: policy A in the measured seats (faction: every seat of --identity; seat: one seat,
// seat i % P in game i) and B elsewhere, against all-B on the same seeds. Prints
// {"games","a","b","mode","winRateA","winRateBaseline","diff","ci95","decisionP99Ms"}; --details adds
// "blunders" (per 100 seat-games: A's seats in the mixed games, every seat of the all-B games) and
// "search" (playouts and playouts per second of a searching A). --reveal shows A's seats every
// identity (the ceiling of what reading the table can gain; a measurement, not a way to play).
// --read adds "read": how well the strong policy's reading of what every player saw names the
// measured seats' identities, with A in them and with B (src/ai/readability.ts).
// Without --json: one line of text.
// Games run in W child processes (default 2). Exit 0, 1 when a game failed, 2 for bad options.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CAP_FACTOR, isPolicyName, makePolicy, type Policy } from '../ai/index.js';
import { blunderRates, pairsSummary, readSummary, emptyEval, mergeEval, quantileMs, runEval, summary, type EvalJob, type EvalResult, type Mode } from '../ai/eval.js';
import { identitiesFor, IDENTITIES, tableSizeRefusal } from '../engine/index.js';
import type { CharacterSet, Edition, Identity } from '../engine/types.js';
import { ANY_INT, atLeast, ON_OFF, parseCommand, RULES_OPTIONS, usageError } from './args.js';
import { runInChildren } from './children.js';

const command = {
  usage: 'npm run --silent ai:eval --',
  summary: 'Compares policy A with policy B on the same seeds (shared/contracts.md §5): A in the measured seats, B elsewhere, against all-B.',
  options: {
    a: { type: 'string', value: 'NAME|FILE', default: 'strong', help: 'the policy measured: a registered name or a module whose default export is a policy' },
    b: { type: 'string', value: 'NAME|FILE', default: 'baseline', help: 'the policy of the other seats and of the all-B games' },
    mode: { type: 'string', choices: ['faction', 'seat'], default: 'faction', help: 'faction: every seat of --identity is A; seat: one seat is A' },
    identity: { type: 'string', choices: IDENTITIES, default: '潜伏战线', help: 'the faction measured in faction mode' },
    players: { type: 'string', value: 'P', int: [3, 9], default: '5', help: 'players a game' },
    characters: { type: 'string', choices: ON_OFF, default: 'on', help: 'characters dealt' },
    ...RULES_OPTIONS,
    games: { type: 'string', value: 'N', int: atLeast(1), default: '200', help: 'games' },
    seed: { type: 'string', value: 'S', int: ANY_INT, default: '1', help: 'the first seed' },
    'budget-ms': { type: 'string', value: 'X', default: '300', help: 'the time budget of a searching policy, in milliseconds' },
    workers: { type: 'string', value: 'W', int: atLeast(1), default: '2', help: 'child processes that play the games' },
    json: { type: 'boolean', help: 'print one JSON object instead of a line of text' },
    details: { type: 'boolean', help: 'add blunders, search figures and errors to the JSON' },
    reveal: { type: 'boolean', help: "show A's seats every identity (the ceiling of reading the table; a measurement, not a way to play)" },
    read: { type: 'boolean', help: "add how easily the strong policy reads A's seats' identities, against the same seats played by B" },
  },
} as const;
function fail(sentence: string): never {
  return usageError(command, sentence);
}

/** A policy maker for a registered name or a module path whose default export is a policy. */
async function loadPolicy(spec: string, budgetMs: number): Promise<() => Policy> {
  // The expert searches as the bot's does: capped at CAP_FACTOR × its budget on the clock.
  if (isPolicyName(spec)) return () => makePolicy(spec, { budgetMs, capMs: budgetMs * CAP_FACTOR });
  const file = resolve(spec);
  if (!existsSync(file)) throw new Error(`"${spec}" is neither a policy name nor a file`);
  const mod = (await import(pathToFileURL(file).href)) as { default?: Policy };
  const p = mod.default;
  if (!p || typeof p.decide !== 'function' || typeof p.name !== 'string')
    throw new Error(`${spec}: its default export is not a policy (name, usesMemory, decide)`);
  return () => p;
}

interface ChildTask {
  job: EvalJob;
  a: string;
  b: string;
  budgetMs: number;
}

if (process.argv[2] === '--child') {
  const cache = new Map<string, () => Policy>();
  const get = async (spec: string, budgetMs: number) => {
    const key = `${spec}|${budgetMs}`;
    if (!cache.has(key)) cache.set(key, await loadPolicy(spec, budgetMs));
    return cache.get(key)!;
  };
  process.on('message', async (t: ChildTask) => {
    const r = runEval(t.job, await get(t.a, t.budgetMs), await get(t.b, t.budgetMs));
    process.send!(r);
  });
} else {
  await main();
}

async function main(): Promise<void> {
  const { values: args } = parseCommand(command);
  const { a, b, players, games, seed, workers, characters } = args;
  const mode = args.mode as Mode;
  const identity = args.identity as Identity;
  const edition = args.edition as Edition;
  const characterSet = args['character-set'] as CharacterSet;
  const budgetMs = Number(args['budget-ms']);
  if (!Number.isFinite(budgetMs) || budgetMs <= 0) fail(`--budget-ms must be a positive number, not "${args['budget-ms']}"`);
  const size = tableSizeRefusal(edition, players);
  if (size) fail(size);
  if (characterSet !== 'standard' && characters !== 'on') fail('--character-set classic needs --characters on');
  if (mode === 'faction' && !identitiesFor(players, false).includes(identity)) fail(`no ${identity} at ${players} players`);
  for (const spec of [a, b])
    await loadPolicy(spec, budgetMs).catch((e: Error) => fail(e.message));

  const base: Omit<EvalJob, 'from' | 'to'> = {
    mode,
    identity,
    players,
    characters: characters === 'on',
    edition,
    characterSet,
    ...(args['victory-intel'] === '4' && { victoryIntel: 4 as const }),
    seed,
    ...(args.reveal ? { reveal: true } : {}),
    ...(args.read ? { read: true } : {}),
  };
  const chunk = Math.max(1, Math.min(50, Math.ceil(games / (workers * 4))));
  const tasks: ChildTask[] = [];
  for (let from = 0; from < games; from += chunk) tasks.push({ job: { ...base, from, to: Math.min(games, from + chunk) }, a, b, budgetMs });

  let total: EvalResult = emptyEval();
  await runInChildren<ChildTask, EvalResult>(fileURLToPath(import.meta.url), tasks, workers, (r) => {
    total = mergeEval(total, r);
  });

  const out: Record<string, unknown> = summary(total, a, b, mode);
  // The mean log chance of the measured seats' identities as dealt, per game: A's, B's, A's minus B's.
  if (args.read) out.read = readSummary(total);
  if (args.details) {
    out.blunders = {
      a: { seatGames: total.seatGamesA, per100: blunderRates(total.blundersA, total.seatGamesA) },
      b: { seatGames: total.seatGamesB, per100: blunderRates(total.blundersB, total.seatGamesB) },
    };
    const searched = total.searchHist.reduce((s, k) => s + k, 0);
    out.search = {
      playouts: total.playouts,
      playoutsPerSecond: total.playoutMs > 0 ? (1000 * total.playouts) / total.playoutMs : 0,
      // A's decisions that ran playouts, and their times (decisionP99Ms counts every decision).
      decisions: searched,
      overruled: total.overruled,
      failedWorlds: total.failedWorlds,
      decisionP50Ms: quantileMs(total.searchHist, 0.5),
      decisionP99Ms: quantileMs(total.searchHist, 0.99),
    };
    // Seat mode: the seat's win rates and their difference by the identity it was dealt.
    if (mode === 'seat') out.byIdentity = Object.fromEntries(Object.entries(total.byIdentity).map(([id, p]) => [id, pairsSummary(p)]));
    out.errors = total.errors;
    out.firstError = total.firstError;
  }
  if (args.json) process.stdout.write(JSON.stringify(out) + '\n');
  else {
    const s = out as ReturnType<typeof summary>;
    const pct = (x: number) => (100 * x).toFixed(1);
    process.stdout.write(
      `${s.a} ${mode === 'faction' ? `as ${identity}` : 'in one seat'} among ${s.b} (${players} players, characters ${characters}, ${s.games} games): ` +
        `${pct(s.winRateA)}% vs ${pct(s.winRateBaseline)}% all-${s.b}, diff ${s.diff >= 0 ? '+' : ''}${pct(s.diff)} [${pct(s.ci95[0])}, ${pct(s.ci95[1])}]; decision p99 ${s.decisionP99Ms.toFixed(2)} ms\n`,
    );
  }
  if (total.errors) process.stderr.write(`ai:eval: ${total.errors} game(s) failed; first: ${total.firstError}\n`);
  process.exit(total.errors ? 1 : 0);
}
