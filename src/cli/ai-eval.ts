// npm run ai:eval -- [--games N] [--games-other M] [--seed S] [--players 3,5,7,9]
//                    [--characters both|on|off] [--character-set standard|classic] [--all-strong-games N] [--workers W] [--json]
//
// Seeded games:
//  - for each table size and identity: that identity's seats played by the strong policy,
//    everyone else random, against the same seeds played random-versus-random;
//  - a table of strong policies (5 players): its draw rate;
//  - the strong policy's decision time (mean, p50, p99, max).
// --games (default 2000) is per 5-player comparison, --games-other (default min(games, 1000))
// per comparison at the other table sizes, which cost more per game at 7 and 9 players.
// --characters both (default): every table size with characters, and 5 players without them
// too; on / off: every table size one way. Win rates come with 95% Wilson intervals. Games
// run in W child processes.
import { fork } from 'node:child_process';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { identitiesFor, IDENTITIES } from '../engine/index.js';
import type { Identity } from '../engine/types.js';
import { emptyResult, mergeResults, quantileMs, runJob, wilson, type Job, type JobResult } from '../ai/eval.js';
import { parseArgs } from './args.js';

/** Pads to a display width (a CJK character takes two columns). */
function pad(s: string, width: number): string {
  let w = 0;
  for (const ch of s) w += /[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1;
  return s + ' '.repeat(Math.max(1, width - w));
}

function fail(msg: string): never {
  process.stderr.write(`ai:eval: ${msg}\n`);
  process.exit(2);
}

if (process.argv[2] === '--child') {
  process.on('message', (job: Job) => process.send!(runJob(job)));
} else {
  await main();
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const games = Number(args.games ?? 2000);
  const otherGames = Number(args['games-other'] ?? Math.min(games, 1000));
  const strongGames = Number(args['all-strong-games'] ?? games);
  const seed = Number(args.seed ?? 1);
  const sizes = String(args.players ?? '3,5,7,9').split(',').map(Number);
  const workers = Number(args.workers ?? Math.max(1, Math.min(2, cpus().length)));
  const chunk = Number(args.chunk ?? 100);
  const chars = String(args.characters ?? 'both');
  if (!['both', 'on', 'off'].includes(chars)) fail('--characters must be both, on or off');
  const characterSet = String(args['character-set'] ?? 'standard');
  if (characterSet !== 'standard' && characterSet !== 'classic') fail('--character-set must be standard or classic');
  /** The set goes into every job, where it matters only with characters on. */
  const cs = characterSet === 'classic' ? { characterSet: 'classic' as const } : {};
  /** Character settings to run at a table size. */
  const modes = (players: number): boolean[] =>
    chars === 'on' ? [true] : chars === 'off' ? [false] : players === 5 ? [true, false] : [true];
  if (!Number.isInteger(games) || games < 1) fail('--games must be a positive integer');
  if (!Number.isInteger(strongGames) || strongGames < 0) fail('--all-strong-games must be an integer ≥ 0');
  if (!Number.isInteger(otherGames) || otherGames < 1) fail('--games-other must be a positive integer');
  if (!Number.isInteger(seed)) fail('--seed must be an integer');
  if (sizes.some((p) => !Number.isInteger(p) || p < 3 || p > 9)) fail('--players must list sizes in 3..9');
  if (!Number.isInteger(workers) || workers < 1) fail('--workers must be a positive integer');

  // The comparisons, as named groups of games.
  type Group = { key: string; job: Omit<Job, 'from' | 'to'>; games: number };
  const groups: Group[] = [];
  const tag = (characters: boolean) => (characters ? 'on' : 'off');
  for (const players of sizes) {
    const n = players === 5 ? games : otherGames;
    for (const characters of modes(players)) {
      const c = tag(characters);
      groups.push({ key: `${c}:${players}:baseline`, job: { table: 'baseline', players, seed, characters, ...cs }, games: n });
      const present = new Set(identitiesFor(players, false));
      for (const identity of IDENTITIES)
        if (present.has(identity))
          groups.push({ key: `${c}:${players}:${identity}`, job: { table: 'faction', players, identity, seed, characters, ...cs }, games: n });
    }
  }
  if (strongGames > 0)
    for (const characters of modes(5))
      groups.push({ key: `${tag(characters)}:5:allStrong`, job: { table: 'allStrong', players: 5, seed, characters, ...cs }, games: strongGames });

  // Slow (big-table) work first, so the processes finish together.
  const jobs: (Job & { key: string })[] = [];
  for (const g of groups) for (let from = 0; from < g.games; from += chunk)
    jobs.push({ ...g.job, key: g.key, from, to: Math.min(g.games, from + chunk) });
  const cost = (j: Job) => (j.table === 'baseline' ? 0.2 : j.table === 'allStrong' ? 3 : 1) * j.players * j.players;
  jobs.sort((a, b) => cost(b) - cost(a));

  const results = new Map<string, JobResult>();
  const t0 = performance.now();
  let done = 0;
  await new Promise<void>((resolve, reject) => {
    let next = 0;
    let running = 0;
    const script = fileURLToPath(import.meta.url);
    for (let w = 0; w < Math.min(workers, jobs.length); w++) {
      const child = fork(script, ['--child'], { execArgv: ['--import', 'tsx'] });
      running++;
      const feed = () => {
        if (next >= jobs.length) {
          child.kill();
          return;
        }
        child.send(jobs[next++]);
      };
      child.on('message', (r: JobResult) => {
        const key = (r.job as Job & { key: string }).key;
        const prev = results.get(key);
        results.set(key, prev ? mergeResults(prev, r) : mergeResults(emptyResult(r.job), r));
        done++;
        if (process.stderr.isTTY) process.stderr.write(`\r${done}/${jobs.length} batches`);
        feed();
      });
      child.on('exit', () => {
        if (--running === 0) resolve();
      });
      child.on('error', reject);
      feed();
    }
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  const seconds = (performance.now() - t0) / 1000;

  const pct = (x: number) => (100 * x).toFixed(1);
  const ci = (k: number, n: number) => {
    const w = wilson(k, n);
    return { rate: w.p, lo: w.lo, hi: w.hi, text: `${pct(w.p)}% [${pct(w.lo)}, ${pct(w.hi)}]` };
  };
  const report: Record<string, unknown>[] = [];
  const lines: string[] = [];
  const widths = [8, 7, 11, 10, 24, 24, 7];
  const row = (cells: string[]) => cells.map((x, i) => pad(x, widths[i])).join('');
  lines.push(`风声 AI evaluation — seed ${seed}, 标准版; games per comparison: ${games} at 5 players, ${otherGames} at other sizes`);
  lines.push('Win rate of the identity named, with 95% Wilson intervals (same seeds in both columns).');
  lines.push('');
  lines.push(row(['players', 'games', 'characters', 'identity', 'random vs random', 'strong vs random', 'gain']));
  let errors = 0;
  let firstError: string | null = null;
  let all = emptyResult({ table: 'faction', players: 0, seed, from: 0, to: 0 });
  const note = (r: JobResult) => {
    errors += r.errors;
    firstError ??= r.firstError;
  };
  for (const players of sizes) {
    for (const characters of modes(players)) {
      const c = tag(characters);
      const base = results.get(`${c}:${players}:baseline`)!;
      note(base);
      for (const identity of IDENTITIES) {
        const r = results.get(`${c}:${players}:${identity}`);
        if (!r) continue;
        note(r);
        all = mergeResults(all, r);
        const b = ci(base.wins[identity as Identity], base.games);
        const st = ci(r.wins[identity as Identity], r.games);
        lines.push(row([String(players), String(r.games), c, identity, b.text, st.text, `${st.rate >= b.rate ? '+' : ''}${pct(st.rate - b.rate)}`]));
        report.push({
          players,
          characters,
          identity,
          games: r.games,
          random: b,
          strong: st,
          strongDraws: r.draws,
          meanRounds: r.rounds / Math.max(1, r.games),
          cpuSeconds: { random: base.seconds, strong: r.seconds },
        });
      }
    }
  }
  const allStrong: Record<string, unknown>[] = [];
  for (const characters of modes(5)) {
    const st = results.get(`${tag(characters)}:5:allStrong`);
    if (!st) continue;
    note(st);
    all = mergeResults(all, st);
    const d = ci(st.draws, st.games);
    const wins = Object.fromEntries(IDENTITIES.map((id) => [id, ci(st.wins[id], st.games)]));
    allStrong.push({ characters, games: st.games, draws: d, wins, meanRounds: st.rounds / Math.max(1, st.games), cpuSeconds: st.seconds });
    lines.push('');
    lines.push(
      `All-strong table, 5 players, characters ${tag(characters)}, ${st.games} games: draws ${d.text}; wins ${IDENTITIES.map((id) => `${id} ${wins[id].text}`).join(', ')}; mean rounds ${(st.rounds / Math.max(1, st.games)).toFixed(2)}`,
    );
  }
  const timing = {
    decisions: all.decisions,
    meanMs: all.decisions ? all.decisionMs / all.decisions : 0,
    p50Ms: quantileMs(all.hist, 0.5),
    p99Ms: quantileMs(all.hist, 0.99),
    maxMs: all.maxDecisionMs,
  };
  lines.push('');
  lines.push(
    `Strong decision time over ${timing.decisions} decisions: mean ${timing.meanMs.toFixed(3)} ms, p50 ≤ ${timing.p50Ms.toFixed(2)} ms, p99 ≤ ${timing.p99Ms.toFixed(2)} ms (target ≤ 5 ms), max ${timing.maxMs.toFixed(1)} ms`,
  );
  lines.push(`Games with errors: ${errors}${firstError ? ` (first: ${firstError})` : ''}. ${seconds.toFixed(0)} s with ${workers} processes.`);
  if (args.json !== undefined) {
    process.stdout.write(JSON.stringify({ games, otherGames, seed, characters: chars, characterSet, comparisons: report, allStrong, timing, errors, firstError, seconds }) + '\n');
  } else process.stdout.write(lines.join('\n') + '\n');
  process.exit(errors ? 1 : 0);
}
