// The learned evaluation (src/ai/learned.ts): its fit, its features, its value's scale.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_KINDS } from '../../src/ai/beliefs.js';
import {
  beliefFit,
  chance,
  CHARACTER_PRIOR_GAMES,
  characterWin,
  characterWins,
  features,
  FEATURES,
  fitLogistic,
  kindName,
  kindOfState,
  kindOfView,
  learnedValue,
  logLoss,
  modelFor,
  type TableKind,
} from '../../src/ai/learned.js';
import { positions } from '../../src/ai/positions.js';
import { legalActions, newGame, view, waitingOn } from '../../src/engine/index.js';
import { seedRng, randInt } from '../../src/engine/rng.js';

describe('learned evaluation', () => {
  it('fitLogistic recovers the weights that made the data', () => {
    const rng = seedRng(7);
    const truth = [-0.5, 1.5, -2];
    const xs: Float64Array[] = [];
    const ys: number[] = [];
    for (let n = 0; n < 20_000; n++) {
      const x = Float64Array.from([1, randInt(rng, 1000) / 500 - 1, randInt(rng, 2)]);
      xs.push(x);
      ys.push(randInt(rng, 1_000_000) / 1_000_000 < chance(truth, x) ? 1 : 0);
    }
    const w = fitLogistic(xs, ys, 0);
    w.forEach((x, i) => expect(Math.abs(x - truth[i])).toBeLessThan(0.1));
    expect(logLoss(w, xs, ys)).toBeLessThan(logLoss([0, 0, 0], xs, ys));
  });

  it('reads a position from the seat it is asked for', () => {
    const s = newGame({ seed: 3, players: ['A', 'B', 'C', 'D', 'E'] }).state;
    const me = s.players.findIndex((p) => p.identity === '潜伏战线');
    const ally = s.players.findIndex((p, i) => i !== me && p.identity === '潜伏战线');
    const enemy = s.players.findIndex((p) => p.identity === '军情处');
    const red = s.cards.findIndex((c) => c.color === '红');
    const blue = s.cards.flatMap((c, id) => (c.color === '蓝' ? [id] : []));
    const at = (f: string) => FEATURES.indexOf(f as (typeof FEATURES)[number]);
    const x0 = features(s, me, 20);
    expect(x0.length).toBe(FEATURES.length);
    expect(x0[at('currency/100')]).toBe(0.2);
    expect(x0[at('ally best = need−1')]).toBe(0);
    const t = newGame({ seed: 3, players: ['A', 'B', 'C', 'D', 'E'] }).state;
    t.players[ally].intel = [red, red];
    t.players[enemy].intel = [blue[0], blue[1]];
    t.players[enemy].alive = false;
    const x = features(t, me, 0);
    expect(x[at('ally best = need−1')]).toBe(1);
    expect(x[at('allies at need−1')]).toBe(1);
    // A dead enemy counts as dead, not as a threat.
    expect(x[at('enemies dead')]).toBe(1);
    expect(x[at('enemy best = need−1')]).toBe(0);
    // The same position from the enemy's seat: the roles turn round.
    const y = features(t, enemy, 0);
    expect(y[at('me dead')]).toBe(1);
    expect(y[at('enemy best = need−1')]).toBe(1);
    expect(y[at('enemies at need−1')]).toBe(1);
    expect(y[at('ally best = need−1')]).toBe(0);
  });

  it('values on the look-ahead scale, a win +100 and a loss −100 at the extremes', () => {
    const s = newGame({ seed: 3, players: ['A', 'B', 'C', 'D', 'E'] }).state;
    const steep = FEATURES.map((_, i) => (i === 1 ? 50 : 0));
    const w = [{ players: 5, faction: steep, soy: steep }];
    expect(learnedValue(s, 0, 100, w)).toBeCloseTo(100, 5);
    expect(learnedValue(s, 0, -100, w)).toBeCloseTo(-100, 5);
    expect(learnedValue(s, 0, 0, w)).toBeCloseTo(0, 5);
  });

  it('character win rates: shrunk toward the mean by CHARACTER_PRIOR_GAMES, read at the nearest table size', () => {
    const picks = [
      ...Array.from({ length: 50 }, (_, i) => ({ character: 'A', y: i < 40 ? 1 : 0 })),
      ...Array.from({ length: 150 }, () => ({ character: 'B', y: 0 })),
    ];
    const mean = 40 / 200;
    const w = characterWins(picks);
    expect(w.A).toBeCloseTo((40 + CHARACTER_PRIOR_GAMES * mean) / (50 + CHARACTER_PRIOR_GAMES), 4);
    expect(w.B).toBeCloseTo((0 + CHARACTER_PRIOR_GAMES * mean) / (150 + CHARACTER_PRIOR_GAMES), 4);
    const tables = [
      { players: 5, games: 1, wins: { A: 0.5 } },
      { players: 9, games: 1, wins: { A: 0.2 } },
    ];
    expect([4, 6, 8].map((n) => characterWin({ players: n }, 'A', tables))).toEqual([0.5, 0.5, 0.2]);
    expect(characterWin({ players: 5 }, 'C', tables)).toBeUndefined();
  });

  it('takes the model of the nearest table size', () => {
    const m = (players: number) => ({ players, faction: [players], soy: [players] });
    const models = [m(5), m(7), m(9)];
    expect([3, 5, 6, 8, 9].map((n) => modelFor({ players: n }, models).players)).toEqual([5, 5, 5, 7, 9]);
  });

  it('takes the model of its variant of the rules (edition, 角色版本, 胜利情报数), the standard one where its variant was never fitted', () => {
    const models = [
      { players: 5, faction: [1], soy: [1] },
      { players: 9, faction: [2], soy: [2] },
      { players: 5, edition: 'qianzhi' as const, faction: [3], soy: [3] },
      { players: 6, edition: 'qianzhi' as const, faction: [4], soy: [4] },
      { players: 7, characterSet: 'classic' as const, victoryIntel: 4 as const, faction: [5], soy: [5] },
    ];
    const tag = (k: TableKind) => modelFor(k, models).faction[0];
    expect(tag({ players: 6, edition: 'qianzhi' })).toBe(4);
    expect(tag({ players: 5, edition: 'qianzhi' })).toBe(3);
    expect(tag({ players: 9, characterSet: 'classic', victoryIntel: 4 })).toBe(5);
    // 初版 at 3 intel, the promo edition: never fitted, so the standard variant's nearest size.
    expect(tag({ players: 9, characterSet: 'classic' })).toBe(2);
    expect(tag({ players: 6, edition: 'promo' })).toBe(1);
    // A belief fit is for its size alone: of its variant, else the standard one's.
    const fits = models.map((m) => ({ ...m, strategicPrior: m.faction[0], weights: {} }));
    expect(beliefFit({ players: 7, characterSet: 'classic', victoryIntel: 4 }, fits)?.strategicPrior).toBe(5);
    expect(beliefFit({ players: 7 }, fits)).toBeUndefined();
    expect(beliefFit({ players: 9, edition: 'qianzhi' }, fits)?.strategicPrior).toBe(2);
  });

  it('reads the kind of table from a state and from a view (the character set from the characters in sight or offered)', () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    const s = newGame({ seed: 3, players: names, options: { characters: true, characterSet: 'classic', victoryIntel: 4 } }).state;
    expect(kindOfState(s)).toEqual({ players: 7, characterSet: 'classic', victoryIntel: 4 });
    const seat = waitingOn(s)[0];
    const offered = legalActions(s, seat).flatMap((a) => (a.kind === 'pickCharacter' ? [a.character] : []));
    expect(kindOfView(view(s, seat), offered)).toEqual({ players: 7, characterSet: 'classic', victoryIntel: 4 });
    const q = newGame({ seed: 3, players: names.slice(0, 6), edition: 'qianzhi', options: { characters: false } }).state;
    expect(kindOfView(view(q, 0))).toEqual({ players: 6, edition: 'qianzhi' });
    expect(kindName(kindOfState(s))).toBe('7 classic 4');
  });

  it('positions: every seat at every turn of finished games, labelled by who won', () => {
    const { positions: ps, picks } = positions({ players: 5, characters: true, seed: 4, from: 0, to: 3 });
    // Every seat's character and result, labelled as that seat's positions are (a game's first turn lists seats 0..4 in order).
    expect(picks).toHaveLength(15);
    for (let g = 0; g < 3; g++)
      expect(picks.slice(g * 5, g * 5 + 5).map((p) => p.y)).toEqual(ps.filter((p) => p.game === g).slice(0, 5).map((p) => p.y));
    expect(new Set(picks.map((p) => p.character)).size).toBeGreaterThan(5);
    expect(ps.length).toBeGreaterThan(30);
    expect(ps.length % 5).toBe(0);
    for (const p of ps) {
      expect(p.x.length).toBe(FEATURES.length);
      expect(p.players).toBe(5);
      expect([0, 0.5, 1]).toContain(p.y);
    }
    // In each game some seat won (or all drew).
    for (let g = 0; g < 3; g++) expect(ps.some((p) => p.game === g && p.y > 0)).toBe(true);
  });
});

describe('npm run ai:fit', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ai-fit.ts', ...args], { encoding: 'utf8', timeout: 120_000 });
  it('fits a model a table size and prints the held-out log loss of each (without --write it writes nothing)', () => {
    const r = run('--games', '20', '--players', '5', '--workers', '1');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.players).toEqual([5]);
    expect(out.positions).toBeGreaterThan(100);
    for (const model of ['faction', 'soy']) {
      const m = out.players5[model];
      expect(m.train).toBeGreaterThan(0);
      expect(Object.keys(m.logLoss)).toEqual(['constant', 'currency', 'learned']);
      expect(Object.keys(m.weights)).toEqual([...FEATURES]);
    }
    const wins = out.players5.characterWins;
    expect(Object.keys(wins).length).toBeGreaterThan(10);
    for (const w of Object.values(wins) as number[]) expect(w).toBeGreaterThanOrEqual(0);
    // How the beliefs read the evidence: fitted on every tenth game (games 0 and 10; game 0 held out).
    const b = out.players5.beliefs;
    expect(b.games).toBe(2);
    expect(b.moments).toBeGreaterThan(0);
    expect(Object.keys(b.logLikelihood)).toEqual(['asStrongReads', 'fitted']);
    expect(Object.keys(b.weights)).toEqual([...EVIDENCE_KINDS]);
    expect(b.strategicPrior).toBeGreaterThan(0);
  });
  it('fits the variant asked for: 千智风声 at 6 players, with its own characters\' win rates', () => {
    const r = run('--games', '10', '--players', '6', '--edition', 'qianzhi', '--workers', '1');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.variant).toBe('qianzhi/standard/3');
    expect(out.players6.faction.train).toBeGreaterThan(0);
    const c = JSON.parse(run('--games', '10', '--players', '5', '--character-set', 'classic', '--victory-intel', '4', '--workers', '1').stdout);
    expect(c.variant).toBe('standard/classic/4');
    expect(Object.keys(c.players5.characterWins).every((name) => name.endsWith('·初版'))).toBe(true);
  });
  it('exits 2 for bad options', () => {
    expect(run('--games', 'x').status).toBe(2);
    expect(run('--players', '12').status).toBe(2);
    expect(run('--edition', 'qianzhi', '--players', '7').status).toBe(2);
    expect(run('--victory-intel', '5').status).toBe(2);
    expect(run('--nope').status).toBe(2);
  });
});
