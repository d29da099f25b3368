// Where the bot's memory goes per live game (issue 34): the bot as it ships, in a process of its own
// with test/load/mem-probe.cjs preloaded, against the stand-in with Discord's limits (fleet.ts). It
// holds each number of live games of `--steps` in turn (a finished game is replaced at once) and, at
// the end of each hold, has the bot collect garbage and report process.memoryUsage() and its RSS
// (with a V8 heap snapshot at the steps of --snapshots; with --no-gc, the memory as it stands under
// load, which is what the bench's rssBytesPerLiveGame reads, with V8's spaces). Not part of `npm test` nor of `npm run bench`:
//
//   npx tsx test/load/memory.ts --steps 0,20,60 --hold 60 --snapshots 60
//
// Prints a line of JSON per step (stderr) and, per step after the first, the bytes per live game
// against the step before (stdout). Reports and snapshots go to /tmp/fengsheng-mem-<pid>-<step>.json(.heapsnapshot).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCommand } from '../../src/cli/args.js';
import { Fleet } from '../bench/live/fleet.js';

const { values } = parseCommand({
  usage: 'npx tsx test/load/memory.ts',
  summary: "Holds steps of live games on the bot (its own process) and reports its memory per step, with heap snapshots when asked.",
  options: {
    steps: { type: 'string', help: 'live games of each step, comma-separated', value: 'N,N,…', default: '0,20,60' },
    hold: { type: 'string', help: 'seconds each step is held after its games are open', value: 'S', default: '60', int: [1, 3600] },
    'no-gc': { type: 'boolean', help: 'read the memory as it stands under load (no collection first)' },
    snapshots: { type: 'string', help: 'the steps to write a V8 heap snapshot at (after reading the memory; a snapshot grows the RSS of the steps after it)', value: 'N,N,…', default: '' },
  } as const,
});

const steps = values.steps.split(',').map(Number);
const probe = resolve(import.meta.dirname, 'mem-probe.cjs');
const fleet = await Fleet.start(1, ['--expose-gc', '--require', probe]);

/** What mem-probe.cjs writes. */
interface Probe {
  usage: NodeJS.MemoryUsage;
  rssAnon: number;
  threads: number;
  mappings: Record<string, number>;
  spaces: Record<string, { used: number; size: number }>;
  snapshot: string | null;
}

const snapshotAt = new Set(values.snapshots.split(',').filter(Boolean).map(Number));

async function read(name: string, snapshot: boolean): Promise<Probe> {
  const out = `/tmp/fengsheng-mem-${process.pid}-${name}.json`;
  rmSync(out, { force: true });
  writeFileSync(`/tmp/mem-probe-${fleet.bot.pid}.json`, JSON.stringify({ out, snapshot, gc: !values['no-gc'] }));
  process.kill(fleet.bot.pid, 'SIGUSR2');
  const until = Date.now() + 120_000;
  while (!existsSync(out) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  await new Promise((r) => setTimeout(r, 200));
  return JSON.parse(readFileSync(out, 'utf8'));
}

const rows: { games: number; live: number; r: Probe }[] = [];
try {
  for (const target of steps) {
    fleet.keep = target || null;
    if (target > fleet.live()) await fleet.open(target - fleet.live(), 16, Date.now() + 60_000);
    const live: number[] = [];
    const end = Date.now() + values.hold * 1000;
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, 1000));
      live.push(fleet.live());
      fleet.prune();
    }
    const r = await read(String(target), snapshotAt.has(target));
    const mean = live.reduce((a, b) => a + b, 0) / Math.max(1, live.length);
    rows.push({ games: target, live: fleet.live(), r });
    process.stderr.write(`${JSON.stringify({ games: target, liveNow: fleet.live(), liveMean: Math.round(mean), rss: r.usage.rss, heapTotal: r.usage.heapTotal, heapUsed: r.usage.heapUsed, external: r.usage.external, arrayBuffers: r.usage.arrayBuffers, rssAnon: r.rssAnon, threads: r.threads, mappings: r.mappings, spaces: values['no-gc'] ? r.spaces : undefined, snapshot: r.snapshot })}\n`);
  }
} finally {
  await fleet.close();
}
for (let i = 1; i < rows.length; i++) {
  const a = rows[i - 1];
  const b = rows[i];
  const n = Math.max(1, b.live - a.live);
  const per = (k: (r: Probe) => number) => Math.round((k(b.r) - k(a.r)) / n);
  process.stdout.write(
    `${JSON.stringify({ from: a.live, to: b.live, perGame: { rss: per((r) => r.usage.rss), heapTotal: per((r) => r.usage.heapTotal), heapUsed: per((r) => r.usage.heapUsed), external: per((r) => r.usage.external), arrayBuffers: per((r) => r.usage.arrayBuffers), rssAnon: per((r) => r.rssAnon) } })}\n`,
  );
}
