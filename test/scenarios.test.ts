// Every scenario file under test/scenarios runs as one test (the same runner as `npm run scenario`).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenarioFile, scenarioFiles } from '../src/scenario/index.js';
import { loadScenario } from '../src/scenario/load.js';
import { runScenario } from '../src/scenario/run.js';

const files = scenarioFiles(['test/scenarios']);

describe('rule scenarios', () => {
  it('has at least 60 scenarios', () => {
    expect(files.length).toBeGreaterThanOrEqual(60);
  });
  for (const file of files) {
    it(file.replace('test/scenarios/', ''), () => {
      const r = runScenarioFile(file);
      expect(r.failures).toEqual([]);
      expect(r.ok).toBe(true);
    });
  }
});

describe('the runner', () => {
  const decodePeek = JSON.parse(readFileSync('test/scenarios/cards/decode-peek.json', 'utf8'));
  const withAt = (at: string) => {
    const raw = structuredClone(decodePeek);
    raw.steps[1].at = at;
    return runScenario(loadScenario(raw, 'decode-peek (at)'));
  };

  it('"at" passes a step that lands where it says', () => {
    expect(withAt('arrive').failures).toEqual([]);
  });

  it('"at" fails a step that lands in another window, with where it landed', () => {
    const r = withAt('transmit');
    expect(r.ok).toBe(false);
    expect(r.failures).toEqual(['step 2 (B play 破译): landed in arrive, not in transmit']);
  });

  it('"at" must name a window or a decision', () => {
    expect(() => withAt('later')).toThrow(/steps\[1\]\.at.*must be one of/);
  });
});
