// The shape of the engine (issue 14): the core never imports the content, there is no cycle of
// value imports in src/engine, and no source file grows past 500 lines.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, tsFiles } from '../support/imports.js';

const ROOT = resolve(__dirname, '../..');
const ENGINE = join(ROOT, 'src/engine');

/** The modules a file imports for their values (`import type`, `export type` and all-`type` lists left out). */
export function valueImports(file: string): string[] {
  const src = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*'([^']+)'|^\s*import\s+'([^']+)'/gm;
  for (const m of src.matchAll(re)) {
    if (m[5]) {
      out.push(m[5]);
      continue;
    }
    if (m[2]) continue;
    const what = m[3];
    const list = /^\{([\s\S]*)\}$/.exec(what.trim());
    if (list) {
      const names = list[1].split(',').map((x) => x.trim()).filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    }
    out.push(m[4]);
  }
  return out.filter((p) => p.startsWith('.')).map((p) => resolve(dirname(file), p.replace(/\.js$/, '.ts')));
}

const rel = (f: string) => relative(ENGINE, f);
const isContent = (f: string) => /^(cards|characters)\//.test(rel(f));
/** The engine's entry points load the content; they are neither core nor content. */
const isEntry = (f: string) => rel(f) === 'index.ts' || rel(f) === 'content.ts';

describe('the engine imports', () => {
  const files = tsFiles(ENGINE);
  const graph = new Map(files.map((f) => [f, valueImports(f).filter((g) => g.startsWith(ENGINE))]));

  it('the parser sees value imports and skips type imports', () => {
    const apply = graph.get(join(ENGINE, 'apply.ts'))!.map(rel);
    expect(apply).toContain('registry.ts');
    expect(apply).not.toContain('types.ts');
  });

  it('has no cycle of value imports in src/engine', () => {
    expect(cycles(graph).map((c) => c.map(rel))).toEqual([]);
  });

  it('no file in src/engine imports src/ai, not even a type (the AI reads the engine, never the reverse)', () => {
    const AI = join(ROOT, 'src/ai');
    const bad: string[] = [];
    for (const f of files) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/\bfrom\s*'(\.[^']+)'|^\s*import\s+'(\.[^']+)'/gm)) {
        const to = resolve(dirname(f), m[1] ?? m[2]);
        if (to.startsWith(AI)) bad.push(`${rel(f)} -> ${relative(ROOT, to)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("the playouts' fast paths (playout.ts) sit beside the core: only the entry imports them", () => {
    const playout = join(ENGINE, 'playout.ts');
    const bad = [...graph].filter(([f, deps]) => !isEntry(f) && deps.includes(playout)).map(([f]) => rel(f));
    expect(bad).toEqual([]);
  });

  it('the core never imports a card or a character for its value (they register into registry.ts)', () => {
    const bad: string[] = [];
    for (const [f, deps] of graph) {
      if (isContent(f) || isEntry(f)) continue;
      for (const d of deps) if (isContent(d)) bad.push(`${rel(f)} -> ${rel(d)}`);
    }
    expect(bad).toEqual([]);
  });
});

describe('the sources', () => {
  // The two locale dictionaries are tables of strings, one key a line in sections, not code: they grow
  // with every word the bot says and stay as easy to search at any length.
  const DICTIONARIES = new Set(['src/i18n/zh-CN.ts', 'src/i18n/en.ts']);
  it('has no file over 500 lines in src/ (the locale dictionaries aside)', () => {
    const long = tsFiles(join(ROOT, 'src'))
      .map((f) => ({ f: relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((x) => x.lines > 500 && !DICTIONARIES.has(x.f));
    expect(long).toEqual([]);
  });
});

describe('the event kinds', () => {
  it('docs/rules.md names every kind src/engine/events.ts has', async () => {
    const { EVENT_KINDS } = await import('../../src/engine/events.js');
    const doc = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Event kinds'));
    const words = new Set(section.match(/\b[a-z][A-Za-z]+\b/g));
    expect(EVENT_KINDS.filter((k) => !words.has(k))).toEqual([]);
  });
});
