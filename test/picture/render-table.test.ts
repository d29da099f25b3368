// npm run --silent render-table (contracts.md §4): its output line, the picture it writes, and
// exit 2 for bad options.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply, decider, newGame, view, type Action } from '../../src/engine/index.js';
import { describeTable } from '../../src/picture/describe.js';
import { pictureInput } from '../../src/picture/input.js';
import { momentInput, seededMoment } from '../../src/picture/moments.js';
import { drawTablePicture } from '../../src/picture/table.js';
import { seedRng } from '../../src/engine/rng.js';
import { randomAction } from '../../src/sim/random-play.js';

const ROOT = path.join(import.meta.dirname, '..', '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-table-'));
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/render-table.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

describe('render-table', () => {
  it('renders a seeded random game N actions in and prints out, width, height, bytes, ms, description', () => {
    const out = path.join(dir, 'seeded.png');
    const r = run('--seed', '6', '--players', '9', '--actions', '391', '--locale', 'en', '--out', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const line = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(['out', 'width', 'height', 'bytes', 'ms', 'description']);
    // The alt text as the bot attaches it: the same moment's input, in words.
    const input = momentInput(seededMoment({ seed: 6, players: 9, actions: 391, characters: true, edition: 'standard' }), 'en');
    expect(line.description).toBe(describeTable(input));
    expect(line).toMatchObject({ out, width: 1000, height: 800, bytes: fs.statSync(out).size });
    expect(fs.readFileSync(out).subarray(1, 4).toString()).toBe('PNG');
    expect(line.ms).toBeGreaterThan(0);
  });

  it('renders an exported game after its N-th action, the same picture as that moment drawn in-process', () => {
    // A record in the shape `npm run export` writes, of a game played with the simulator's random play.
    const setup = { seed: 5, players: ['A', 'B', 'C', 'D', 'E'], edition: 'standard' as const, options: { characters: true } };
    let state = newGame(setup).state;
    const rng = seedRng(5);
    const actions = [];
    let at100 = state;
    for (let k = 0; k < 120 && !state.result; k++) {
      const action: Action = randomAction(state, rng);
      const r = apply(state, action);
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
      if (k === 99) at100 = state;
      actions.push({ version: state.version, seat: (action as { seat?: number }).seat ?? null, at: 1000 + k, action, events: [] });
    }
    const record = {
      format: 'fengsheng-game',
      formatVersion: 1,
      game: { id: 1, decisionMs: null, createdAt: 1000 },
      setup,
      options: {},
      seats: setup.players.map((name, seat) => ({ seat, name, userId: seat === 1 ? null : `u${seat}`, ai: seat === 1 })),
      start: { at: 1000, events: [] },
      actions,
      result: null,
      final: state,
    };
    const file = path.join(dir, 'game.json');
    fs.writeFileSync(file, JSON.stringify(record));
    const out = path.join(dir, 'export.png');
    const r = run('--export', file, '--at', '100', '--out', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ out, width: 1000, height: 800 });
    const expected = drawTablePicture(pictureInput('zh-CN', view(at100, null), { ai: [1], autopilot: [], decider: decider(at100) })).png;
    expect(fs.readFileSync(out).equals(expected)).toBe(true);
    const past = run('--export', file, '--at', '121', '--out', out);
    expect(past.status).toBe(2);
    expect(past.stderr).toMatch(/past its end/);
  });

  it.each([
    [['--seed', '1', '--players', '5', '--actions', '3'], /--out/],
    [['--seed', '1', '--players', '10', '--actions', '3', '--out', 'x.png'], /--players/],
    [['--seed', 'x', '--players', '5', '--actions', '3', '--out', 'x.png'], /--seed/],
    [['--seed', '1', '--players', '5', '--actions', '-1', '--out', 'x.png'], /--actions/],
    [['--seed', '1', '--players', '5', '--actions', '3', '--locale', 'fr', '--out', 'x.png'], /--locale/],
    [['--seed', '1', '--players', '5', '--actions', '3', '--edition', 'gold', '--out', 'x.png'], /--edition/],
    [['--seed', '1', '--players', '5', '--actions', '3', '--characters', 'maybe', '--out', 'x.png'], /--characters/],
    [['--seed', '1', '--players', '5', '--actions', '3', '--colour', 'red', '--out', 'x.png'], /unknown option --colour/],
    [['--export', '/nonexistent.json', '--at', '3', '--out', 'x.png'], /cannot read/],
    [['--export', 'package.json', '--players', '5', '--at', '3', '--out', 'x.png'], /does not go with --export/],
  ])('exits 2 with a message for bad options: %j', (args, message) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });
});
