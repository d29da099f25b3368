// Seat names are cut as people see characters: never inside an emoji or a letter with its marks.
import { describe, expect, it } from 'vitest';
import { clipGraphemes } from '../../src/discord/clip.js';

describe('seat names', () => {
  it('are cut by grapheme, never splitting a surrogate pair or a joined emoji', () => {
    const name = 'a'.repeat(31) + '👨‍👩‍👧' + 'b';
    const cut = clipGraphemes(name, 32);
    expect(cut).toBe('a'.repeat(31));
    expect(() => encodeURIComponent(cut)).not.toThrow();
    const flags = '🇨🇳'.repeat(20);
    const c2 = clipGraphemes(flags, 32);
    expect(c2).toBe('🇨🇳'.repeat(16));
    expect(clipGraphemes('风声', 32)).toBe('风声');
    // A UTF-16 slice would have left a lone surrogate here.
    const emoji = 'x'.repeat(31) + '😀';
    expect(emoji.slice(0, 32)).not.toBe(clipGraphemes(emoji, 32));
    expect(() => encodeURIComponent(clipGraphemes(emoji, 32))).not.toThrow();
  });
});
