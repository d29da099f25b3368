// /fengsheng rules: a private guide in pages — a turn walked through with the buttons to press,
// the cards, the identities for each table size, the 千智风声 edition, the characters (which start face down, which are
// women), and the rulebook's 摩尔密码表 — with ◀ ▶ to turn the pages.
import { ButtonStyle, ComponentType, MessageFlags, type APIActionRowComponent, type APIButtonComponent, type APIEmbed, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { CHARACTERS, CHARACTER_NAMES, EDITIONS, hasAltSplit, identitiesFor } from '../engine/index.js';
import { characterText } from '../i18n/characters.js';
import { t, type Locale, type MessageKey } from '../i18n/index.js';
import { encodeId } from './custom-id.js';
import { identityText } from './render/words.js';
import { clipGraphemes } from './clip.js';

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

function characterPage(l: Locale, page: number): string {
  const names = CHARACTER_NAMES.slice(page * CHARACTERS_PER_PAGE, (page + 1) * CHARACTERS_PER_PAGE);
  return names
    .map((name) => {
      const d = CHARACTERS[name];
      const text = characterText(l, name);
      const kind = t(l, 'panel.offerKind', { side: t(l, d.hidden ? 'panel.startsDown' : 'panel.startsUp'), gender: t(l, `gender.${d.gender}` as MessageKey) });
      return `**${name}**${kind}\n${text?.skills ?? ''}`;
    })
    .join('\n');
}

/** The pages, each a title and a text. */
export function rulesPages(l: Locale): { title: string; text: string }[] {
  const characterPages = Math.ceil(CHARACTER_NAMES.length / CHARACTERS_PER_PAGE);
  return [
    { title: t(l, 'rules.pageTurn'), text: t(l, 'rules.turn') },
    { title: t(l, 'rules.pageCards'), text: t(l, 'rules.body') },
    { title: t(l, 'rules.pageIdentities'), text: identitiesPage(l) },
    { title: t(l, 'rules.pageQianzhi'), text: qianzhiPage(l) },
    ...Array.from({ length: characterPages }, (_, k) => ({
      title: t(l, 'rules.pageCharacters', { page: k + 1, pages: characterPages }),
      text: clipGraphemes(`${t(l, 'rules.charactersIntro')}\n\n${characterPage(l, k)}`, 4096),
    })),
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

/** The first page, privately. */
export async function showRules(i: ChatInputCommandInteraction, l: Locale): Promise<void> {
  if (!i.deferred && !i.replied) await i.deferReply({ flags: MessageFlags.Ephemeral });
  await i.editReply(rulesMessage(l, 0));
}

/** ◀ ▶: the same private message turns to the page the button names. */
export async function turnRulesPage(i: ButtonInteraction, l: Locale, page: number): Promise<void> {
  await i.deferUpdate();
  await i.editReply(rulesMessage(l, page));
}
