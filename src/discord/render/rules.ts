// The pages of /fengsheng rules (handlers/rules.ts): a private guide in pages — a turn walked through with the buttons to press,
// the cards, the identities for each table size, the 千智风声 edition, the characters (which start face down, which are
// women), and the rulebook's 摩尔密码表 — with ◀ ▶ to turn the pages.
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent, type APIEmbed } from 'discord.js';
import { CHARACTER_SETS, CHARACTERS, EDITIONS, hasAltSplit, identitiesFor, printedName, type CharacterName, type CharacterSet } from '../../engine/index.js';
import { characterText } from '../../i18n/characters.js';
import { t, type Locale, type MessageKey } from '../../i18n/index.js';
import { encodeId } from '../custom-id.js';
import { identityText } from './words.js';
import { clipGraphemes } from '../clip.js';

/** 摩尔密码表 as 000_… (the 2009 rulebook) prints it: letters, digits and its code words. */
const MORSE = `A .—      B —...    C —.—.    D —..     E .
F ..—.    G — —.    H ....    I ..      J .— — —
K —.—     L .—..    M — —     N —.      O — — —
P .— —.   Q — —.—   R .—.     S ...     T —
U ..—     V ...—    W .— —    X —..—    Y —.— —
Z — —..
1 .— — — —   2 ..— — —   3 ...— —   4 ....—   5 .....
6 —....      7 — —...    8 — — —..  9 — — — —.  0 — — — — —
可送 — —     可待 .— —...     了解 ...—.
终了 ...—.—   始信 —.—.—
I LOVE YOU .. .—..— — —...—.—.— — — — —..—`;

const CHARACTERS_PER_PAGE = 10;

function identitiesPage(l: Locale): string {
  const split = (n: number, alt: boolean) => {
    const ids = identitiesFor(n, alt);
    return (['潜伏战线', '军情处', '打酱油的'] as const).map((id) => `${identityText(l, id)} ${ids.filter((x) => x === id).length}`).join(' · ');
  };
  const rows: string[] = [];
  for (let n = 3; n <= 9; n++) rows.push(t(l, 'rules.split', { n, split: split(n, false), alt: hasAltSplit(n) ? t(l, 'rules.altSplit', { split: split(n, true) }) : '' }));
  return `${t(l, 'rules.identitiesIntro')}\n\n${rows.join('\n')}`;
}

/** 千智风声 (docs/rules.md §12): what differs, then its 108 cards as the edition's table lists them. */
function qianzhiPage(l: Locale): string {
  const deck = EDITIONS.qianzhi.deck
    .map(([name, red, blue, black, mode]) => `${name} ${red}/${blue}/${black} ${t(l, `mode.${mode}`)}`)
    .join(' · ');
  return clipGraphemes(`${t(l, 'rules.qianzhi')}\n\n${t(l, 'rules.qianzhiDeck', { deck })}`, 4096);
}

function characterPage(l: Locale, all: readonly CharacterName[], page: number): string {
  const names = all.slice(page * CHARACTERS_PER_PAGE, (page + 1) * CHARACTERS_PER_PAGE);
  return names
    .map((name) => {
      const d = CHARACTERS[name];
      const text = characterText(l, name);
      const kind = t(l, 'panel.offerKind', { side: t(l, d.hidden ? 'panel.startsDown' : 'panel.startsUp'), gender: t(l, `gender.${d.gender}` as MessageKey) });
      return `**${printedName(name)}**${kind}\n${text?.skills ?? ''}\n${t(l, 'rules.mission', { mission: text?.mission ?? '' })}`;
    })
    .join('\n');
}

/** The pages, each a title and a text. */
/** A character set's pages: 标准版 (003_…) or 初版 (000_…), each with its intro. */
function setPages(l: Locale, set: CharacterSet): { title: string; text: string }[] {
  const names = CHARACTER_SETS[set];
  const pages = Math.ceil(names.length / CHARACTERS_PER_PAGE);
  const [title, intro] = set === 'classic' ? (['rules.pageClassic', 'rules.classicIntro'] as const) : (['rules.pageCharacters', 'rules.charactersIntro'] as const);
  return Array.from({ length: pages }, (_, k) => ({
    title: t(l, title, { page: k + 1, pages }),
    text: clipGraphemes(`${t(l, intro)}\n\n${characterPage(l, names, k)}`, 4096),
  }));
}

export function rulesPages(l: Locale): { title: string; text: string }[] {
  return [
    { title: t(l, 'rules.pageTurn'), text: t(l, 'rules.turn') },
    { title: t(l, 'rules.pageCards'), text: t(l, 'rules.body') },
    { title: t(l, 'rules.pageIdentities'), text: identitiesPage(l) },
    { title: t(l, 'rules.pageQianzhi'), text: qianzhiPage(l) },
    ...setPages(l, 'standard'),
    ...setPages(l, 'classic'),
    { title: t(l, 'rules.pageMorse'), text: `${t(l, 'rules.morseIntro')}\n\`\`\`\n${MORSE}\n\`\`\`` },
  ];
}

export function rulesMessage(l: Locale, page: number): { embeds: APIEmbed[]; components: APIActionRowComponent<APIButtonComponent>[] } {
  const pages = rulesPages(l);
  const k = Math.min(Math.max(0, page), pages.length - 1);
  const nav = (to: number, label: string, disabled: boolean): APIButtonComponent => ({
    type: ComponentType.Button,
    style: ButtonStyle.Secondary,
    label,
    custom_id: encodeId(0, 0, 'rules', to),
    disabled,
  });
  return {
    embeds: [{ title: `${t(l, 'rules.title')} · ${pages[k].title}`, description: pages[k].text, color: 0xc0392b, footer: { text: t(l, 'rules.pageOf', { page: k + 1, pages: pages.length }) } }],
    components: [{ type: ComponentType.ActionRow, components: [nav(k - 1, '◀', k === 0), nav(k + 1, '▶', k === pages.length - 1)] }],
  };
}
