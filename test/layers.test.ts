// The shape of the Discord layer and the store (issue 33): no import cycle, value or type, inside
// src/discord, inside src/store, or between them (the store never imports the bot), and no file of
// theirs past 500 lines. The engine's own shape is test/engine/structure.test.ts.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, tsFiles } from './support/imports.js';

const ROOT = resolve(__dirname, '..');
const LAYERS = ['src/discord', 'src/store', 'src/lobby', 'src/activity'].map((d) => join(ROOT, d));
/** The two locale dictionaries: tables of strings, one key a line, allowed any length. */
const DICTIONARIES = new Set(['src/i18n/zh-CN.ts', 'src/i18n/en.ts']);

/** Every module a file imports or re-exports, for its values or its types, and every dynamic import. */
function allImports(file: string): string[] {
  const src = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const out: string[] = [];
  for (const m of src.matchAll(/^\s*(?:import|export)\s[\s\S]*?from\s*'([^']+)'|^\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm)) out.push(m[1] ?? m[2] ?? m[3]);
  return out.filter((p) => p.startsWith('.')).map((p) => resolve(dirname(file), p.replace(/\.js$/, '.ts')));
}

describe('src/discord and src/store', () => {
  const files = LAYERS.flatMap(tsFiles);
  const inside = new Set(files);
  const graph = new Map(files.map((f) => [f, allImports(f).filter((g) => inside.has(g))]));
  const rel = (f: string) => relative(ROOT, f);

  it('the parser sees type imports and re-exports as well as value imports', () => {
    const bot = (graph.get(join(ROOT, 'src/discord/bot.ts')) ?? []).map(rel);
    expect(bot).toContain('src/discord/router.ts');
    expect(bot).toContain('src/discord/context.ts');
    const index = (graph.get(join(ROOT, 'src/store/index.ts')) ?? []).map(rel);
    expect(index).toContain('src/store/backend.ts');
  });

  it('have no import cycle, value or type, inside either or between them', () => {
    expect(cycles(graph).map((c) => c.map((f) => relative(ROOT, f)))).toEqual([]);
  });

  it('the store never imports the Discord layer', () => {
    const bad = [...graph].flatMap(([f, deps]) => (rel(f).startsWith('src/store/') || rel(f).startsWith('src/lobby/') ? deps.filter((d) => rel(d).startsWith('src/discord/')).map((d) => `${rel(f)} -> ${rel(d)}`) : []));
    expect(bad).toEqual([]);
  });

  it('the Activity (src/activity) sits above the Discord layer: nothing below imports it', () => {
    const bad = [...graph].flatMap(([f, deps]) => (!rel(f).startsWith('src/activity/') ? deps.filter((d) => rel(d).startsWith('src/activity/')).map((d) => `${rel(f)} -> ${rel(d)}`) : []));
    expect(bad).toEqual([]);
  });

  it('no handler imports the Bot: they are given a Context', () => {
    const bad = [...graph].flatMap(([f, deps]) => (rel(f) !== 'src/discord/bot.ts' && deps.some((d) => rel(d) === 'src/discord/bot.ts') ? [rel(f)] : []));
    expect(bad).toEqual([]);
  });

  it('no file over 500 lines (the two locale dictionaries aside, which are not in these layers)', () => {
    const long = [...files, ...tsFiles(join(ROOT, 'src/i18n'))]
      .map((f) => ({ f: rel(f), lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((x) => x.lines > 500 && !DICTIONARIES.has(x.f));
    expect(long).toEqual([]);
  });
});
