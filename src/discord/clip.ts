// Cutting text to Discord's limits without breaking characters.

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * At most `max` characters (code points, as Discord counts them), cut between characters as people
 * see them: never inside an emoji, a flag or a letter with its marks. A UTF-16 slice split a
 * surrogate pair and sent invalid text to Discord.
 */
export function clipGraphemes(text: string, max: number): string {
  if ([...text].length <= max) return text;
  let out = '';
  let n = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = [...segment].length;
    if (n + size > max) break;
    out += segment;
    n += size;
  }
  return out;
}

/** The end of `text`, at most `max` characters (code points), cut between characters as people see them. */
export function clipGraphemesEnd(text: string, max: number): string {
  if ([...text].length <= max) return text;
  const parts = Array.from(graphemes.segment(text), (s) => s.segment);
  let out = '';
  let n = 0;
  for (let k = parts.length - 1; k >= 0; k--) {
    const size = [...parts[k]].length;
    if (n + size > max) break;
    out = parts[k] + out;
    n += size;
  }
  return out;
}
