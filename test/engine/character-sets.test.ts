// Character sets (docs/rules.md §11b) and 调整胜利条件 (§9b): which characters a game deals, that the
// standard set's seeds are untouched, that both options stay out of a game that does not choose them,
// and the lobby's suggestion of four.
import { describe, expect, it } from 'vitest';
import { CHARACTER_SETS, CHARACTERS, characterByPrintedName, newGame, printedName } from '../../src/engine/index.js';
import { loadScenario, ScenarioError } from '../../src/scenario/load.js';
import { suggestsFourIntel, type Lobby } from '../../src/lobby/model.js';
import { rulesPages } from '../../src/discord/render/rules.js';
import { characterText } from '../../src/i18n/characters.js';

const names = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));

describe('character sets', () => {
  it('has the 30 of 003 and the 18 of 000, sharing no name', () => {
    expect(CHARACTER_SETS.standard).toHaveLength(30);
    expect(CHARACTER_SETS.classic).toHaveLength(18);
    expect(CHARACTER_SETS.classic.filter((n) => CHARACTER_SETS.standard.includes(n))).toEqual([]);
    expect(CHARACTER_SETS.classic.map(printedName)).toEqual([
      '老鬼', '译电员', '老枪', '闪灵', '黑玫瑰', '峨嵋风', '老金',
      '情报处长', '职业杀手', '礼服蒙面人', '柒佰', '刀锋', '大美女', '六姐', '小马哥', '怪盗阿十', '贝雷帽', '小白',
    ]);
    const hidden = CHARACTER_SETS.classic.filter((n) => CHARACTERS[n].hidden).map(printedName);
    expect(hidden).toEqual(['老鬼', '译电员', '老枪', '闪灵', '黑玫瑰', '峨嵋风', '老金']);
  });

  it('deals only the chosen set, every one of the 18 at nine players', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const std = newGame({ seed, players: names(7), options: { characters: true } }).state;
      for (const x of std.chars!.seats) for (const c of x.offers) expect(CHARACTER_SETS.standard).toContain(c);
      const cl = newGame({ seed, players: names(9), options: { characters: true, characterSet: 'classic' } }).state;
      const offered = cl.chars!.seats.flatMap((x) => x.offers);
      expect(new Set(offered)).toEqual(new Set(CHARACTER_SETS.classic));
    }
  });

  it('leaves a game that chooses neither option as it was: no option in its state, the same deal', () => {
    const a = newGame({ seed: 11, players: names(5), options: { characters: true } }).state;
    const b = newGame({ seed: 11, players: names(5), options: { characters: true, characterSet: 'standard' } }).state;
    expect('characterSet' in a.options).toBe(false);
    expect('victoryIntel' in a.options).toBe(false);
    expect(b.chars!.seats.map((x) => x.offers)).toEqual(a.chars!.seats.map((x) => x.offers));
    // The deal of seed 11 as the engine dealt it before the classic set existed (main at 8133911).
    expect(a.chars!.seats.map((x) => x.offers)).toEqual([
      ['戴笠', '钢铁特工R'], ['小白', '怪盗九九'], ['六姐', '老鬼'], ['刀锋', '潮汐'], ['致命香水', '峨嵋风'],
    ]);
  });

  it('names a scenario character as printed, in the scenario\'s set', () => {
    expect(characterByPrintedName('classic', '老鬼')).toBe('老鬼·初版');
    expect(characterByPrintedName('standard', '老鬼')).toBe('老鬼');
    expect(characterByPrintedName('classic', '黄雀')).toBeUndefined();
    const sc = (character: string, options: Record<string, unknown>) =>
      ({ title: 't', options, players: [{ name: 'A', identity: '潜伏战线', character }, { name: 'B', identity: '军情处' }, { name: 'C', identity: '打酱油的' }] });
    expect(loadScenario(sc('怪盗阿十', { characterSet: 'classic' }), 'x').state.chars!.seats[0].name).toBe('怪盗阿十·初版');
    expect(() => loadScenario(sc('黄雀', { characterSet: 'classic' }), 'x')).toThrow(ScenarioError);
    expect(() => loadScenario(sc('怪盗阿十', {}), 'x')).toThrow(ScenarioError);
    expect(() => loadScenario(sc('老鬼', { characterSet: 'first' }), 'x')).toThrow(/characterSet/);
    expect(() => loadScenario(sc('老鬼', { victoryIntel: 5 }), 'x')).toThrow(/victoryIntel/);
  });

  it('has words for every character of both sets, in both languages', () => {
    for (const n of Object.keys(CHARACTERS))
      for (const l of ['zh-CN', 'en'] as const) {
        const text = characterText(l, n);
        expect(text?.skills, `${n} ${l}`).toBeTruthy();
        for (const k of CHARACTERS[n as keyof typeof CHARACTERS].skills) expect(text!.skills, `${n} ${l} ${k}`).toContain(k);
      }
  });

  it('lists the 初版 characters in /fengsheng rules', () => {
    for (const l of ['zh-CN', 'en'] as const) {
      const pages = rulesPages(l);
      const classic = pages.filter((p) => p.title.includes(l === 'en' ? 'First-print' : '初版'));
      expect(classic).toHaveLength(2);
      const text = classic.map((p) => p.text).join('\n');
      for (const n of CHARACTER_SETS.classic) expect(text).toContain(`**${printedName(n)}**`);
      expect(text).toContain('怪盗阿十');
      for (const p of pages) expect([...p.text].length).toBeLessThanOrEqual(4096);
    }
  });
});

describe('胜利情报数: the lobby suggests four', () => {
  const lobby = (n: number, altSplit = false): Lobby => ({
    id: 1,
    guildId: 'g',
    channelId: 'c',
    hostId: 'h',
    options: { edition: 'standard', characters: true, altSplit, soySauceAlliance: false, timer: 60, roundLimit: 60 },
    seats: Array.from({ length: n }, (_, i) => ({ userId: String(i), name: String(i) })),
    messageId: null,
    gameId: null,
  });
  it('when both factions have three players (7, 8, 9; 6 with the optional split)', () => {
    expect([3, 4, 5, 6, 7, 8, 9].filter((n) => suggestsFourIntel(lobby(n)))).toEqual([7, 8, 9]);
    expect(suggestsFourIntel(lobby(6, true))).toBe(true);
    expect(suggestsFourIntel(lobby(7, true))).toBe(false);
  });
});
