// npm run build (npm start runs it first): the bot compiled into lib/, file by file where src/ has it, so
// that what a module finds from its own place (migrations/, web/activity/dist, its threads' scripts) is
// found the same from either. esbuild strips the types as tsx does when it runs src/ itself, without what
// running through tsx costs the bot: a module-loader thread in the process and one more in each helper
// thread that registers it (tsx adds 45 MiB to a Node process that does nothing), and the name
// each function is given again each time it is made (tsx's keepNames: about 2.5% of the event loop at
// 150 live games; docs/performance.md, 2026-12-07). The tests and the command-line tools run src/.
// lib/ keeps the hash of what it was built from: when src/ has not changed, nothing is written (a
// restart starts at once, and a bot run by a user who may not write the folder starts from the lib/
// its owner built).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, version } from 'esbuild';
import { parseCommand } from './args.js';

parseCommand({
  usage: 'npm run build --',
  summary: 'Compiles the bot into lib/ for npm start (which runs this first): src/ file by file, the types stripped.',
  options: {},
});

/** The project's folder, where npm runs its scripts (not this file's real path: src/ may be a link). */
const ROOT = process.cwd();
const SRC = join(ROOT, 'src');
/** Run from src/ only: the bench measures the bot with what test/ holds (the stand-in, the players). */
const SOURCE_ONLY = new Set(['cli/bench.ts']);

/** What lib/ is made of: every module of src/, and each .mjs that is plain JavaScript (not a boot of the .ts beside it). */
const entries = (readdirSync(SRC, { recursive: true }) as string[])
  .map((f) => f.split('\\').join('/'))
  .filter((f) => (f.endsWith('.ts') && !f.endsWith('.d.ts')) || (f.endsWith('.mjs') && !existsSync(join(SRC, f.replace(/\.mjs$/, '.ts')))))
  .filter((f) => !SOURCE_ONLY.has(f))
  .sort();

/** What lib/ is built from: every entry's path and bytes, tsconfig.json (which esbuild reads) and esbuild's version. */
const hash = createHash('sha256').update(version).update(readFileSync(join(ROOT, 'tsconfig.json')));
for (const f of entries) hash.update(`\0${f}\0`).update(readFileSync(join(SRC, f)));
const source = hash.digest('hex');
const lib = join(ROOT, 'lib');
const STAMP = '.built-from';
if (existsSync(join(lib, STAMP)) && readFileSync(join(lib, STAMP), 'utf8') === source) {
  console.log('npm run build: lib/ is up to date with src/');
  process.exit(0);
}

const next = join(ROOT, 'lib.next');
rmSync(next, { recursive: true, force: true });
await build({
  entryPoints: entries.map((f) => join(SRC, f)),
  outdir: next,
  outbase: SRC,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  charset: 'utf8',
  logLevel: 'warning',
});
writeFileSync(join(next, STAMP), source);
// Swapped in whole: a process started meanwhile finds the old lib/ or the new one, never half of one.
const old = join(ROOT, 'lib.old');
rmSync(old, { recursive: true, force: true });
if (existsSync(lib)) renameSync(lib, old);
renameSync(next, lib);
rmSync(old, { recursive: true, force: true });
console.log(`npm run build: ${entries.length} files compiled into lib/`);
