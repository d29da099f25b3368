// Every `npm run` command of the README on node:util's parseArgs (issue 32): --help prints the options and
// exits 0; an unknown option or a bad value is one sentence on stderr and exit 2, before any work starts.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { helpText, parseCommandLine } from '../src/cli/args.js';

/** Each command's script, as package.json runs it. */
const COMMANDS: Record<string, string> = {
  scenario: 'src/cli/scenario.ts',
  sim: 'src/cli/sim.ts',
  'ai:eval': 'src/cli/ai-eval.ts',
  'ai:forks': 'src/cli/ai-forks.ts',
  'ai:fit': 'src/cli/ai-fit.ts',
  bench: 'src/cli/bench.ts',
  'deploy-commands': 'src/cli/deploy-commands.ts',
  export: 'src/cli/export.ts',
  'render-table': 'src/cli/render-table.ts',
  backup: 'src/cli/backup.ts',
  health: 'src/cli/health.ts',
  build: 'src/cli/build.ts',
  'discord:local': 'test/support/discord/cli.ts',
};

const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH }, timeout: 60_000 });

describe('command lines', () => {
  it('package.json runs exactly these scripts', async () => {
    const pkg = (await import('../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    for (const [name, script] of Object.entries(COMMANDS)) expect(pkg.scripts[name], name).toContain(script);
  });

  it('the bot runs with the same node options from npm start, npm run start:sharded and the Docker image', async () => {
    const pkg = (await import('../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    const start = pkg.scripts.start;
    expect(start).toMatch(/^node .*--heap-growing-percent=\d+ lib\/main\.js$/);
    // Built first, each way (lib/ is compiled from src/ by npm run build; the Docker image builds it once).
    expect(pkg.scripts.prestart).toBe('npm run --silent build');
    expect(pkg.scripts['prestart:sharded']).toBe('npm run --silent build');
    expect(readFileSync('Dockerfile', 'utf8')).toMatch(/^RUN npm run build$/m);
    expect(pkg.scripts['start:sharded']).toBe(`SHARDS=\${SHARDS:-auto} ${start}`);
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect((JSON.parse(cmd ?? '[]') as string[]).join(' ')).toBe(start);
  });

  for (const [name, script] of Object.entries(COMMANDS)) {
    it(`${name}: --help prints its options and exits 0; an unknown option exits 2 with one sentence`, () => {
      const help = run(script, '--help');
      expect(help.status, help.stderr).toBe(0);
      expect(help.stdout).toMatch(/^usage: npm run/);
      expect(help.stdout).toMatch(/--help +print this and exit/);
      const bad = run(script, '--no-such-option');
      expect(bad.status).toBe(2);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toBe(`${name}: unknown option --no-such-option. Run it with --help for its options.\n`);
    });
  }

  it('values are checked against their kind: whole numbers, ranges, choices, a missing value, a stray argument', () => {
    const command = {
      usage: 'npm run --silent t --',
      summary: 's',
      options: {
        games: { type: 'string', int: [1, 10], default: '3', help: 'g' },
        edition: { type: 'string', choices: ['standard', 'promo'], help: 'e' },
        json: { type: 'boolean', help: 'j' },
      },
    } as const;
    expect(parseCommandLine(command, [])).toEqual({ values: { games: 3, edition: undefined, json: false }, positionals: [] });
    expect(parseCommandLine(command, ['--games=7', '--json', '--edition', 'promo'])).toEqual({ values: { games: 7, edition: 'promo', json: true }, positionals: [] });
    expect(parseCommandLine(command, ['--games', '0'])).toEqual({ error: '--games must be a whole number from 1 to 10, not "0"' });
    expect(parseCommandLine(command, ['--games', '2.5'])).toEqual({ error: '--games must be a whole number from 1 to 10, not "2.5"' });
    expect(parseCommandLine(command, ['--edition', 'gold'])).toEqual({ error: '--edition must be standard, promo, not "gold"' });
    expect(parseCommandLine(command, ['--games'])).toEqual({ error: '--games needs a value' });
    expect(parseCommandLine(command, ['--json=yes'])).toEqual({ error: '--json takes no value' });
    expect(parseCommandLine(command, ['stray'])).toEqual({ error: 'unexpected argument "stray"' });
    expect(parseCommandLine(command, ['--help', '--games', '0'])).toBe('help');
    expect(helpText(command)).toContain('--games VALUE');
  });
});
