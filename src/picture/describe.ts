// The picture in words: its alt text (Discord's attachment `description`, at most 1,024 characters),
// for screen readers and for whoever cannot load the image. Made from the same PictureInput as the
// picture, so it says nothing the picture does not show.
import { t, type Locale } from '../i18n/index.js';
import { pictureTitle, type PictureCard, type PictureInput } from './input.js';

/** Discord refuses an attachment description longer than this. */
export const DESCRIPTION_MAX = 1024;

const cardWords = (l: Locale, c: PictureCard) => `${t(l, `color.${c.color}`)}${c.name}（${t(l, `mode.${c.mode}`)}）`;

/** What the corner panel says the game waits for: its title, the words, and whose decision it is (rulings §7b: a window names nobody). */
export function pendingWords(p: PictureInput): { title: string; what: string; who: string } | null {
  const q = p.pending;
  if (!q) return null;
  const l = p.locale;
  const step = q.step ? t(l, `step.${q.step as 'play1'}`) : '';
  const pending = () => t(l, `pending.${q.kind}` as 'pending.send');
  const what =
    q.decider !== null
      ? q.kind === 'window'
        ? step
        : pending()
      : q.kind === 'window'
        ? t(l, 'picture.windowBody', { step })
        : t(l, 'table.everyone', { what: pending(), deadline: '' });
  return {
    title: t(l, q.decider === null && q.kind === 'window' ? 'picture.window' : 'picture.waiting'),
    what,
    who: q.decider !== null ? p.seats[q.decider].name : '',
  };
}

/** The alt text of the table picture, at most DESCRIPTION_MAX characters. */
export function describeTable(p: PictureInput): string {
  const l = p.locale;
  const names = p.seats.map((s) => s.name);
  const sep = l === 'en' ? '; ' : '；';
  const parts: string[] = [];
  parts.push(pictureTitle(p));
  if (p.result) parts.push(p.result.draw ? t(l, 'alt.draw') : t(l, 'alt.winners', { names: p.result.winners.map((w) => names[w]).join('、') }));
  const w = pendingWords(p);
  if (w) parts.push(`${w.title}${l === 'en' ? ': ' : '：'}${w.what}${w.who ? ` ${w.who}` : ''}`);
  if (p.transit) {
    const tr = p.transit;
    parts.push(
      t(l, 'alt.transit', {
        from: names[tr.sender],
        mode: t(l, `mode.${tr.mode}`),
        at: names[tr.at],
        face: tr.card && !tr.hidden ? t(l, 'alt.faceUp', { card: cardWords(l, tr.card) }) : t(l, 'alt.faceDown'),
      }),
    );
  }
  if (p.stack.length)
    parts.push(t(l, 'alt.stack', { items: p.stack.map((it) => `${names[it.user]}${l === 'en' ? ': ' : '：'}${it.as}${it.target !== undefined ? ` → ${names[it.target]}` : ''}`).join('、') }));
  const seats = p.seats.map((s, i) => {
    const count = (c: PictureCard['color']) => s.intel.filter((x) => x.color === c).length;
    const bits = [
      t(l, 'alt.seat', { n: i + 1, name: s.name }) + (i === p.current && !p.result && !p.aborted ? '▶' : ''),
      ...(s.character !== undefined ? [s.character ?? t(l, 'picture.characterDown')] : []),
      ...(s.identity ? [t(l, `picture.identity.${s.identity}`)] : []),
      t(l, 'alt.hand', { count: s.hand }),
      t(l, 'alt.intel', { red: count('红'), blue: count('蓝'), black: count('黑') }),
      ...(s.locked ? [t(l, 'alt.locked')] : []),
      ...(p.transit?.away.includes(i) ? [t(l, 'picture.away')] : []),
      ...(!s.alive ? [t(l, 'picture.dead')] : s.out ? [t(l, 'picture.out')] : []),
      ...(s.ai ? [t(l, 'picture.ai')] : s.auto ? [t(l, 'picture.auto')] : []),
    ];
    return bits.join(l === 'en' ? ', ' : '，');
  });
  parts.push(...seats, t(l, 'alt.piles', { deck: p.deck, discard: p.discard, removed: p.removed }));
  const text = parts.join(sep);
  // A 9-player table with long names can pass the limit: cut, with an ellipsis, never inside a character.
  const chars = [...text];
  return chars.length <= DESCRIPTION_MAX ? text : `${chars.slice(0, DESCRIPTION_MAX - 1).join('')}…`;
}
