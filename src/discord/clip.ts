// Cutting text to Discord's limits without breaking characters; players' names made plain text.
import { escapeMarkdown } from 'discord.js';

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

/** Marks that reorder the text around them (right-to-left embeddings, overrides, isolates). */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A player's name as the bot writes it into Discord's markdown: its markdown escaped (no bold, no
 * masked link such as [免费领取](https://…), no heading or list) and its direction marks removed, so
 * a name cannot shape the line it stands in. Names stay as typed in the stored game and in the picture.
 */
export function nameText(name: string): string {
  let out = escaped.get(name);
  if (out === undefined) {
    // Names recur in every render of every game: each is escaped once (the map is emptied if it grows large).
    if (escaped.size >= 10_000) escaped.clear();
    out = escapeMarkdown(name.replace(BIDI, ''), { heading: true, bulletedList: true, numberedList: true, maskedLink: true });
    escaped.set(name, out);
  }
  return out;
}
const escaped = new Map<string, string>();
