// The picture's words: every fixed string it draws (locale files, card, character and skill
// names) has its glyphs in the common font set, so it is drawn the same without the fallback
// list (and never from a system font); players' names, drawn with the list, may use any
// character of Noto Sans SC. The stack's "→" is drawn with the list too.
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { CHARACTERS, SKILLS } from '../../src/engine/characters/index.js';
import { en } from '../../src/i18n/en.js';
import { zhCN } from '../../src/i18n/zh-CN.js';
import { ensureFonts, FAMILIES, FAMILY, fontFiles } from '../../src/picture/fonts.js';

const CARDS = ['锁定', '调虎离山', '截获', '退回', '破译', '烧毁', '识破', '试探', '真伪莫辨'];
const PREFIXES = ['picture.', 'identity.', 'color.', 'mode.', 'step.', 'pending.', 'reason.', 'table.winners', 'table.draw', 'table.declarer'];

function pixels(text: string, family: string): Buffer {
  const c = createCanvas(900, 40);
  const g = c.getContext('2d', { alpha: false });
  g.fillStyle = '#000';
  g.fillRect(0, 0, 900, 40);
  g.fillStyle = '#fff';
  g.font = `bold 20px ${family}`;
  g.fillText(text, 4, 28);
  return Buffer.from(g.getImageData(0, 0, 900, 40).data);
}

describe('the picture font', () => {
  it('installs with npm: regular and bold, the common set and the fallback slices', () => {
    const files = fontFiles();
    expect(files.filter(([, f]) => f === FAMILY).length).toBe(6);
    expect(files.filter(([, f]) => f !== FAMILY).length).toBeGreaterThan(150);
    expect(ensureFonts()).toBe(files.length);
  });

  it('has every fixed word of the picture in its common set', () => {
    ensureFonts();
    const words = new Set<string>([...CARDS, ...Object.keys(CHARACTERS), ...Object.keys(SKILLS), '×：、·…+0123456789']);
    for (const table of [zhCN, en] as Record<string, string>[])
      for (const [k, v] of Object.entries(table)) if (PREFIXES.some((p) => k.startsWith(p))) words.add(v.replace(/\{\w+\}/g, ''));
    const missing = [...words].filter((w) => !pixels(w, FAMILY).equals(pixels(w, FAMILIES)));
    expect(missing).toEqual([]);
  });

  it('draws characters outside the common set through the fallback (a rare name)', () => {
    ensureFonts();
    const rare = '龘𠀀';
    const blank = pixels('', FAMILIES);
    expect(pixels(rare, FAMILIES).equals(blank)).toBe(false);
    expect(pixels('龘', FAMILIES).equals(pixels('𠀀', FAMILIES))).toBe(false);
  });
});
