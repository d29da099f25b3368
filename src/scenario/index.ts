import { readFileSync } from 'node:fs';
import { loadScenario, ScenarioError } from './load.js';
import { runScenario, type ScenarioResult } from './run.js';

export { scenarioFiles } from './files.js';
export { ScenarioError } from './load.js';
export type { ScenarioResult } from './run.js';

/** Reads and runs one file; a ScenarioError means the file is not a valid scenario. */
export function runScenarioFile(file: string): ScenarioResult {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ScenarioError(file, '(file)', `not readable JSON: ${(e as Error).message}`);
  }
  return runScenario(loadScenario(raw, file));
}
