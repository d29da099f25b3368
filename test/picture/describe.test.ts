// The table picture's alt text (src/picture/describe.ts): within Discord's 1,024 characters on the
// largest tables, made from the public picture input only, so it names no secret.
import { describe, expect, it } from 'vitest';
import { decider, newGame, view } from '../../src/engine/index.js';
import { describeTable, DESCRIPTION_MAX } from '../../src/picture/describe.js';
import { pictureInput } from '../../src/picture/input.js';
import { seededMoment, momentInput } from '../../src/picture/moments.js';

describe('the picture in words', () => {
  it('stays within 1,024 characters at 9 players with 32-character names; a longer text is cut with an ellipsis', () => {
    const names = Array.from({ length: 9 }, (_, i) => `${'长'.repeat(31)}${i}`);
    const s = newGame({ seed: 3, players: names, edition: 'standard', options: { characters: true } }).state;
    const input = pictureInput('zh-CN', view(s, null), { ai: [], autopilot: [], decider: decider(s) });
    const text = describeTable(input);
    expect([...text].length).toBeLessThan(DESCRIPTION_MAX);
    expect(text.endsWith('…')).toBe(false);
    // Twelve cards waiting on the stack, each naming two such players: past the limit.
    const long = describeTable({ ...input, stack: Array.from({ length: 12 }, (_, k) => ({ user: k % 9, as: '截获', target: (k + 1) % 9 })) });
    expect([...long].length).toBe(DESCRIPTION_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('a stopped game (/fengsheng abort) is drawn as it stood: 已中止 in its title, nothing in motion', () => {
    for (let actions = 5; actions < 400; actions += 37) {
      const m = seededMoment({ seed: 11, players: 7, actions, characters: true, edition: 'standard' });
      if (m.state.result) continue;
      const live = momentInput(m, 'zh-CN');
      const v = view(m.state, null);
      const stopped = pictureInput('zh-CN', v, { ai: [], autopilot: [], decider: decider(m.state) }, true);
      expect(stopped).toEqual({ ...live, transit: null, stack: [], pending: null, aborted: true });
      const text = describeTable(stopped);
      expect(text.startsWith('风声 · 游戏已中止')).toBe(true);
      expect(text).not.toMatch(/等待|传递中|响应窗口|▶/);
      expect(describeTable({ ...stopped, locale: 'en' }).startsWith('风声 · Game stopped')).toBe(true);
    }
  });

  it('says what the picture shows, in the table language, and nothing hidden', () => {
    for (let actions = 0; actions < 400; actions += 37) {
      const m = seededMoment({ seed: 11, players: 7, actions, characters: true, edition: 'standard' });
      for (const locale of ['zh-CN', 'en'] as const) {
        const input = momentInput(m, locale);
        const text = describeTable(input);
        expect([...text].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
        // Every seat by name and number; the piles' counts.
        for (const [i, seat] of input.seats.entries()) expect(text).toContain(locale === 'en' ? `seat ${i + 1} ${seat.name}` : `${i + 1}号${seat.name}`);
        expect(text).toContain(String(input.deck));
        // An identity appears only where the picture shows it (a dead or revealed seat).
        const shown = new Set(input.seats.flatMap((s) => (s.identity ? [s.identity] : [])));
        for (const id of ['潜伏战线', '军情处', '打酱油的'] as const) if (!shown.has(id)) expect(text).not.toContain(locale === 'en' ? ({ 潜伏战线: 'Undercover', 军情处: 'MI', 打酱油的: 'Bystander' } as const)[id] : id);
        // A face-down intel in transit is never named.
        if (input.transit && !input.transit.card) expect(text).toMatch(locale === 'en' ? /face down/ : /背面朝上/);
      }
    }
  });
});
