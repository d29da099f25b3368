// Every refusal the engine can give has words in both languages, with the same parameters.
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { zhCN } from '../src/i18n/zh-CN.js';
import { refuse, explain, type RefusalCode } from '../src/engine/refusals.js';
import { readFileSync } from 'node:fs';

const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('en and zh-CN have the same keys and the same parameters', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zhCN).sort());
    for (const k of Object.keys(zhCN) as (keyof typeof zhCN)[]) expect(params(en[k]), k).toEqual(params(zhCN[k]));
  });

  it('every engine refusal code has a translation', () => {
    const src = readFileSync('src/engine/refusals.ts', 'utf8');
    const codes = [...src.slice(src.indexOf('const TEXT'), src.indexOf('} as const')).matchAll(/^  (\w+):/gm)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(20);
    for (const c of codes) {
      expect(zhCN, c).toHaveProperty(`refusal.${c}`);
      expect(explain(refuse(c as RefusalCode, {})).reason.length).toBeGreaterThan(5);
    }
  });
});
