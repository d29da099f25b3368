// npm run ai:eval's face (contracts §5): its JSON keys, a policy loaded from a file, exit 2 for bad options.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ai-eval.ts', ...args], { encoding: 'utf8', timeout: 120_000 });

describe('ai:eval', () => {
  it('pits a policy from a file against a registered one and prints exactly the contract keys', () => {
    const r = run('--json', '--a', 'test/ai/fixtures/first-legal.mjs', '--b', 'baseline', '--mode', 'seat', '--players', '5', '--games', '6', '--seed', '3', '--workers', '1');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['games', 'a', 'b', 'mode', 'winRateA', 'winRateBaseline', 'diff', 'ci95', 'decisionP99Ms']);
    expect(out).toMatchObject({ games: 6, a: 'test/ai/fixtures/first-legal.mjs', b: 'baseline', mode: 'seat' });
    expect(out.diff).toBeCloseTo(out.winRateA - out.winRateBaseline, 12);
    expect(out.ci95[0]).toBeLessThanOrEqual(out.diff);
    expect(out.ci95[1]).toBeGreaterThanOrEqual(out.diff);
  }, 120_000);

  it('plays the variant asked for: --character-set classic --victory-intel 4 reach every game', () => {
    const r = run('--json', '--a', 'test/ai/fixtures/first-legal-classic-four.mjs', '--b', 'test/ai/fixtures/first-legal-classic-four.mjs', '--mode', 'seat', '--players', '7', '--character-set', 'classic', '--victory-intel', '4', '--games', '4', '--workers', '1');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).games).toBe(4);
    // Without --victory-intel 4 the same policy refuses to play (the games fail: exit 1).
    expect(run('--json', '--a', 'test/ai/fixtures/first-legal-classic-four.mjs', '--mode', 'seat', '--players', '7', '--character-set', 'classic', '--games', '2', '--workers', '1').status).toBe(1);
  }, 120_000);

  it('exits 2 for bad options', () => {
    for (const bad of [['--mode', 'table'], ['--a', 'nobody.mjs'], ['--players', '12'], ['--identity', '路人'], ['--games', '0'], ['--budget-ms', 'x'], ['--colour', 'red'], ['--victory-intel', '5'], ['--character-set', 'classic', '--characters', 'off'], ['--edition', 'qianzhi', '--players', '7']]) {
      const r = run('--json', ...bad);
      expect(r.status, bad.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
    }
  }, 120_000);
});
