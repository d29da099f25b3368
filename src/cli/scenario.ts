// npm run --silent scenario -- PATH...   (docs/scenarios.md)
// One JSON line per scenario; exit 0 all passed, 1 some failed, 2 some file is not a scenario.
import { runScenarioFile, ScenarioError, scenarioFiles } from '../scenario/index.js';
import { parseCommand, usageError } from './args.js';

const command = {
  usage: 'npm run --silent scenario --',
  summary: 'Runs rules scenarios (files, or every *.json below a folder; docs/scenarios.md): one JSON line each; exit 0 all passed, 1 some failed, 2 some file is not a scenario.',
  options: {},
  positionals: 'PATH...',
} as const;
const paths = parseCommand(command).positionals;
if (paths.length === 0) usageError(command, 'name at least one scenario file or folder');
let files: string[];
try {
  files = scenarioFiles(paths);
} catch (e) {
  process.stderr.write(`scenario: ${(e as Error).message}\n`);
  process.exit(2);
}
let failed = false;
let invalid = false;
for (const file of files) {
  try {
    const r = runScenarioFile(file);
    failed ||= !r.ok;
    process.stdout.write(JSON.stringify(r) + '\n');
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    invalid = true;
    process.stderr.write(`scenario: invalid scenario: ${e.message}\n`);
  }
}
process.exit(invalid ? 2 : failed ? 1 : 0);
