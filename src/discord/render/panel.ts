// A player's private panel (ephemeral): identity, hand, what they know, and exactly the
// choices the engine lists as legal for them now.
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type APISelectMenuOption,
} from 'discord.js';
import { CHARACTERS, intelOwnerIn, printedName, type Action, type CharacterName, type GameView, type SeenCard } from '../../engine/index.js';
import { characterText } from '../../i18n/characters.js';
import { hasKey, t, type Locale, type MessageKey } from '../../i18n/index.js';
import { actionHash, encodeId } from '../custom-id.js';
import { cardText, identityText, pendingText, resultText, stepText } from './words.js';
import { clipGraphemes, nameText } from '../clip.js';

export interface PanelMessage {
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
}

/** A panel as Discord reads it (API JSON: sent as it is, in a click's response and in the edits of its token). */
export type PanelBody = Partial<PanelMessage> & { content?: string };

/** What a card used as itself asks for its target, where "choose a target" says too little. */
const TARGET_PROMPTS: Partial<Record<string, MessageKey>> = {
  烧毁: 'panel.pickIntel',
  识破: 'panel.pickCounter',
  转移: 'panel.pickTransfer',
  博弈: 'panel.pickGamble',
};

/** Which second step a panel is on: the card picked, waiting for its target; or one group of skill choices. */
export type PanelFocus = { verb: 'play' | 'send'; card: number } | { verb: 'group'; group: number; page: number };

/** Many character choices are offered a skill (or an answer's option and player) at a time. */
function groupOf(a: Action): string | null {
  if (a.kind === 'skill') return `skill:${a.skill}`;
  if (a.kind === 'decide') return `decide:${a.option ?? ''}:${a.target ?? ''}`;
  if (a.kind === 'pickCharacter') return 'pick';
  return null;
}

/** The groups of this legal list, in order (a group's index names it in a custom_id). */
export function groupKeys(legal: Action[]): string[] {
  const keys: string[] = [];
  for (const a of legal) {
    const g = groupOf(a);
    if (g !== null && !keys.includes(g)) keys.push(g);
  }
  return keys;
}

/** Target kinds carried in a play button's custom_id. */
export const TARGET = { player: 0, intel: 1, stack: 2 } as const;

const MAX_OPTIONS = 25;

type Style = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

function button(label: string, customId: string, style: Style = ButtonStyle.Secondary): APIButtonComponent {
  return { type: ComponentType.Button, style, label: clipGraphemes(label, 80), custom_id: customId };
}

function rowsOf(buttons: APIButtonComponent[]): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  const rows: APIActionRowComponent<APIComponentInMessageActionRow>[] = [];
  for (let i = 0; i < buttons.length && rows.length < 4; i += 5)
    rows.push({ type: ComponentType.ActionRow, components: buttons.slice(i, i + 5) });
  return rows;
}

function select(customId: string, placeholder: string, options: APISelectMenuOption[]): APIActionRowComponent<APIComponentInMessageActionRow> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.StringSelect,
        custom_id: customId,
        placeholder,
        options: options.slice(0, MAX_OPTIONS),
      },
    ],
  };
}

export interface PanelInput {
  gameId: number;
  view: GameView;
  legal: Action[];
  /** Private things this seat learned (already in words), oldest first. */
  secrets: string[];
  focus?: PanelFocus;
  /** How the bot paces this seat (docs/rules.md §8b); absent: no toggles shown. */
  pace?: {
    /** 本回合不再响应 is on. */
    quiet: boolean;
    respond: 'all' | 'concerned';
    /** The response clock, while a response window is open. */
    windowMs: number | null;
  };
  /** 提示 is allowed (the lobby's option): the panel offers it while the seat is in the game. */
  coach?: boolean;
}

/** What every part of a panel reads: the input, the seat's view, and how its cards and choices are named. */
interface Kit {
  l: Locale;
  x: PanelInput;
  v: GameView;
  me: number;
  names: string[];
  hand: SeenCard[];
  byId: Map<number, SeenCard>;
  /** A card in words, as this seat sees it. */
  label: (id: number) => string;
  /** A custom_id of this panel (made for the decision open now). */
  id: (verb: string, ...args: number[]) => string;
  /** A character's choice in words. */
  otherLabel: (a: Action) => string;
  /** The pace toggles, unless the game is over. */
  pace: PanelInput['pace'];
}

function kitOf(l: Locale, x: PanelInput): Kit {
  const v = x.view;
  const me = v.you ?? 0;
  // As typed: they label buttons and menu options, which Discord shows as plain text.
  const names = v.players.map((p) => p.name);
  const hand = v.hand ?? [];
  const byId = new Map<number, SeenCard>();
  for (const c of hand) byId.set(c.id, c);
  for (const p of v.players) for (const c of p.intel) byId.set(c.id, c);
  // Cards a decision lets its decider see (后着: the other's hand).
  for (const c of v.pending?.cards ?? []) byId.set(c.id, c);
  const mine = new Set(hand.map((c) => c.id));
  const label = (id: number) => {
    const c = byId.get(id);
    return c ? cardText(l, c, mine.has(id)) : t(l, 'card.secret');
  };
  const opened = v.pending?.opened ?? v.version;
  const asked: Asked = { skill: v.pending?.skill, stage: v.pending?.stage };
  return {
    l,
    x,
    v,
    me,
    names,
    hand,
    byId,
    label,
    id: (verb, ...args) => encodeId(x.gameId, opened, verb, ...args),
    otherLabel: (a) => actionLabel(l, a, names, label, asked),
    pace: v.result ? undefined : x.pace,
  };
}

export function renderPanel(l: Locale, x: PanelInput): PanelMessage {
  const k = kitOf(l, x);
  const embed: APIEmbed = { title: t(l, 'panel.title', { name: nameText(k.names[k.me]) }), description: panelLines(k).join('\n\n'), color: 0x2c3e50 };
  const step = x.focus?.verb === 'group' ? groupStep(k, x.focus) : x.focus ? targetStep(k, x.focus) : { components: choices(k) };
  if ('prompt' in step) embed.description += '\n\n' + step.prompt;
  // The description is cut once, after every line is in: at most 4,096 characters, between characters.
  return { embeds: [{ ...embed, description: clipGraphemes(embed.description ?? '', 4096) }], components: step.components };
}

/** A panel whose token is about to run out: it stops updating, and 我的信息 opens a fresh one. */
export function closedPanel(l: Locale, gameId: number): PanelMessage {
  return {
    embeds: [{ description: t(l, 'panel.closed'), color: 0x7f8c8d }],
    components: [{ type: ComponentType.ActionRow, components: [button(t(l, 'btn.info'), encodeId(gameId, 0, 'info'), ButtonStyle.Primary)] }],
  };
}

/** What the seat is and holds, what it learned, and what it is asked now. */
function panelLines({ l, x, v, me, hand, pace }: Kit): string[] {
  // While characters are being chosen the identity cards are not dealt yet (003 游戏流程).
  const lines = v.identity ? [t(l, 'panel.identity', { identity: identityText(l, v.identity) })] : [];
  const mineChar = v.players[me].character;
  if (mineChar) lines.push(characterLine(l, mineChar, v.players[me].faceUp ?? true, v.identity === '打酱油的'));
  // The offers matter only until one is chosen.
  if (!mineChar) for (const offer of v.offers ?? []) lines.push(characterLine(l, offer, null, v.identity === '打酱油的'));
  // Each card with what it does, where the choice is made.
  lines.push(hand.length ? t(l, 'panel.hand', { count: hand.length, cards: hand.map((c) => `· ${t(l, 'panel.handCard', { card: cardText(l, c, true), hint: t(l, `hint.${c.name}` as MessageKey) })}`).join('\n') }) : t(l, 'panel.handEmpty'));
  if (x.secrets.length) lines.push(t(l, 'panel.secrets', { lines: x.secrets.slice(-10).map((s) => `· ${s}`).join('\n') }));
  const waited = v.pending?.waitingOn.includes(me) ?? false;
  // One's own 出牌阶段 is a window too, but on one's decision timer: 「过」 ends it, and its timer running out counts as a timeout.
  const step = v.pending?.step;
  const ownPlay = waited && v.pending?.kind === 'window' && v.current === me && (step === 'play1' || step === 'play2') && v.stack.length === 0;
  const deadline = v.pending?.deadline;
  if (v.result) lines.push(resultText(l, v, me));
  else if (ownPlay) lines.push(t(l, 'panel.ownPlay', { step: stepText(l, v), deadline: deadline !== undefined ? t(l, 'table.deadline', { at: Math.floor(deadline / 1000) }) : '' }));
  else if (waited) lines.push(t(l, 'panel.now', { what: pendingText(l, v) }));
  // Passed or not asked, one line: a window opening and closing (each card played) changes no one's words.
  else lines.push(t(l, 'panel.nothing'));
  // The last card used in 出牌阶段(1) leaves nothing to send: say so before it is played.
  if (v.pending?.kind === 'window' && v.pending.step === 'play1' && v.current === me && hand.length === 1 && x.legal.some((a) => a.kind === 'play'))
    lines.push(t(l, 'panel.lastCard'));
  if (x.legal.some((a) => a.kind === 'take')) lines.push(stakes(l, v, me));
  // Where the intel is chosen, how it will travel: each card's mode decides (docs/rules.md §6).
  if (x.legal.some((a) => a.kind === 'send')) lines.push(t(l, 'panel.modes'));
  if (pace?.windowMs && waited) lines.push(t(l, 'panel.clock', { seconds: Math.round(pace.windowMs / 1000) }));
  if (pace?.quiet) lines.push(t(l, 'panel.quiet'));
  if (pace?.respond === 'concerned') lines.push(t(l, 'panel.respondConcerned'));
  return lines;
}

/**
 * What taking the intel at you would do, as far as you can see: a third black intel kills you; your
 * side's colour reaching 胜利情报数 wins; a face-down one is a colour you cannot see (with two black
 * already, it may kill you).
 */
function stakes(l: Locale, v: GameView, me: number): string {
  const intel = v.players[me].intel;
  const black = intel.filter((c) => c.color === '黑').length;
  const card = v.transit?.card;
  if (!card) return t(l, black >= 2 ? 'panel.stakesHiddenDeath' : 'panel.stakesHidden');
  const count = intel.filter((c) => c.color === card.color).length + 1;
  if (card.color === '黑' && count >= 3) return t(l, 'panel.stakesDeath');
  const side = v.identity === '潜伏战线' ? '红' : v.identity === '军情处' ? '蓝' : null;
  if (card.color === side && count >= (v.victoryIntel ?? 3)) return t(l, 'panel.stakesWin', { count, color: t(l, `color.${card.color}`) });
  return t(l, 'panel.stakesColor', { count, color: t(l, `color.${card.color}`) });
}

type Step = { prompt: string; components: PanelMessage['components'] };

/** One group of skill choices, a page at a time: as buttons when few, else a menu. */
function groupStep({ l, x, names, id, otherLabel }: Kit, f: Extract<PanelFocus, { verb: 'group' }>): Step {
  const components: PanelMessage['components'] = [];
  const keys = groupKeys(x.legal);
  const key = keys[f.group] ?? '';
  const members = x.legal.map((a, k) => ({ a, k })).filter(({ a }) => groupOf(a) === key);
  const pages = Math.max(1, Math.ceil(members.length / MAX_OPTIONS));
  const page = Math.min(Math.max(0, f.page), pages - 1);
  const prompt = t(l, 'panel.pickChoice', { group: groupLabel(l, key, members[0]?.a, names.map(nameText)), page: page + 1, pages });
  if (members.length <= 20) {
    components.push(...rowsOf(members.map(({ a, k }) => button(otherLabel(a), id('act', k, actionHash(a)), ButtonStyle.Primary))));
  } else {
    const slice = members.slice(page * MAX_OPTIONS, (page + 1) * MAX_OPTIONS);
    components.push(select(id('act'), t(l, 'select.skill'), slice.map(({ a, k }) => ({ label: clipGraphemes(otherLabel(a), 100), value: `${k}.${actionHash(a)}` }))));
  }
  const nav: APIButtonComponent[] = [];
  if (page > 0) nav.push(button(t(l, 'btn.prevPage'), id('group', f.group, page - 1, actionHash(key))));
  if (page < pages - 1 && members.length > 20) nav.push(button(t(l, 'btn.nextPage'), id('group', f.group, page + 1, actionHash(key))));
  nav.push(button(t(l, 'btn.back'), id('back')));
  components.push({ type: ComponentType.ActionRow, components: nav });
  return { prompt, components };
}

/** The button a legal action of the focused card gets in its target step, or null for none. */
function targetButton({ l, v, names, label, id }: Kit, f: Extract<PanelFocus, { verb: 'play' | 'send' }>, a: Action, k: number): APIButtonComponent | null {
  if ((a.kind !== 'play' && a.kind !== 'send') || a.kind !== f.verb || a.card !== f.card) return null;
  // Through a skill (a card used as another, 加密, 逢缘): one legal action per button.
  if (viaSkill(a)) return button(actionLabel(l, a, names, label), id('act', k, actionHash(a)), ButtonStyle.Primary);
  if (a.kind === 'send') {
    if (a.target === undefined) return button(t(l, 'act.sendPlain'), id('act', k, actionHash(a)), ButtonStyle.Primary);
    return button(t(l, 'target.direct', { name: names[a.target] }), id('send', a.card, a.target), ButtonStyle.Primary);
  }
  // The card as itself, where a skill also offers it as another card (真伪莫辨 or 锁定 …).
  if (a.target === undefined && a.intel === undefined && a.of === undefined) return button(t(l, 'act.playPlain', { card: label(a.card) }), id('act', k, actionHash(a)), ButtonStyle.Primary);
  if (a.target !== undefined) return button(names[a.target], id('play', a.card, TARGET.player, a.target), ButtonStyle.Primary);
  if (a.intel !== undefined) return button(t(l, 'target.intel', { owner: names[intelOwnerIn(v, a.intel)], card: label(a.intel) }), id('play', a.card, TARGET.intel, a.intel), ButtonStyle.Primary);
  if (a.of !== undefined) {
    const it = v.stack[a.of];
    return button(t(l, 'target.stack', { user: names[it.user], as: it.as }), id('play', a.card, TARGET.stack, a.of), ButtonStyle.Primary);
  }
  return null;
}

/** A card picked from a menu: where it goes (a send), or what it is used on (a play). */
function targetStep(kit: Kit, f: Extract<PanelFocus, { verb: 'play' | 'send' }>): Step {
  const { l, x, byId, label, id } = kit;
  const buttons = x.legal.flatMap((a, k) => targetButton(kit, f, a, k) ?? []);
  const card = byId.get(f.card);
  const plain = !x.legal.some((a) => (a.kind === 'play' || a.kind === 'send') && a.card === f.card && viaSkill(a));
  // Sending a card as intel asks where it goes, whatever the card would do when used.
  const own = plain && card ? TARGET_PROMPTS[card.name] : undefined;
  const prompt =
    f.verb === 'send'
      ? t(l, 'panel.pickDirect', { card: label(f.card) })
      : own
        ? t(l, own)
        : t(l, 'panel.pickTarget', { card: label(f.card) });
  return { prompt, components: [...rowsOf(buttons.slice(0, 20)), { type: ComponentType.ActionRow, components: [button(t(l, 'btn.back'), id('back'))] }] };
}

/** The first step: menus of cards to play, send or discard, the characters' choices, and the buttons. */
function choices(kit: Kit): PanelMessage['components'] {
  const { l, x, label, id, byId } = kit;
  const components: PanelMessage['components'] = [];
  const playable = unique(x.legal.flatMap((a) => (a.kind === 'play' ? [a.card] : [])));
  const sendable = unique(x.legal.flatMap((a) => (a.kind === 'send' ? [a.card] : [])));
  const choosable = unique(x.legal.flatMap((a) => (a.kind === 'choose' ? [a.card] : [])));
  // Identical cards in hand are one choice (five 识破（黑·直达） are one option, ×5), not five alike.
  const options = (cards: number[]): APISelectMenuOption[] => {
    const byFace = new Map<string, number[]>();
    for (const c of cards) {
      const face = label(c);
      byFace.set(face, [...(byFace.get(face) ?? []), c]);
    }
    return [...byFace].map(([face, ids]) => {
      const name = byId.get(ids[0])?.name;
      return {
        label: clipGraphemes(ids.length > 1 ? t(l, 'select.copies', { card: face, n: ids.length }) : face, 100),
        // What the card does, under its name.
        ...(name ? { description: clipGraphemes(t(l, `hint.${name}` as MessageKey), 100) } : {}),
        value: String(ids[0]),
      };
    });
  };
  if (playable.length) components.push(select(id('play'), t(l, 'select.play'), options(playable)));
  if (sendable.length) components.push(select(id('send'), t(l, 'select.send'), options(sendable)));
  if (choosable.length) components.push(select(id('choose'), t(l, 'select.discard'), options(choosable)));
  const { menus, buttons } = characterChoices(kit);
  components.push(...menus);
  buttons.push(...answerButtons(kit));
  components.push(...rowsOf(buttons).slice(0, 5 - components.length));
  return components;
}

/**
 * Characters' choices (pick a character, use a skill, answer a skill's question): each is one legal
 * action, named by its place in the list and a check of its content. Buttons when few and short,
 * else menus.
 */
function characterChoices({ l, x, names, id, otherLabel }: Kit): { menus: PanelMessage['components']; buttons: APIButtonComponent[] } {
  const menus: PanelMessage['components'] = [];
  const buttons: APIButtonComponent[] = [];
  const other = x.legal.map((a, k) => ({ a, k })).filter(({ a }) => groupOf(a) !== null);
  if (other.length > 10) {
    // Too many for buttons: pick the skill (or the answer's option and player) first.
    const groups = groupKeys(x.legal).map((key, g) => {
      const first = other.find(({ a }) => groupOf(a) === key)?.a;
      return { label: clipGraphemes(groupLabel(l, key, first, names), 100), value: `${g}.0.${actionHash(key)}` };
    });
    menus.push(select(id('group'), t(l, 'select.skill'), groups));
    return { menus, buttons };
  }
  // A choice too long for a button (80 characters) makes them all a menu, whose options say it in full.
  const long = other.some(({ a }) => [...otherLabel(a)].length > 80);
  if (!long) {
    for (const { a, k } of other) buttons.push(button(otherLabel(a), id('act', k, actionHash(a)), ButtonStyle.Primary));
    return { menus, buttons };
  }
  const options = other.map(({ a, k }) => {
    const text = otherLabel(a);
    const label = clipGraphemes(text, 100);
    const rest = clipGraphemes(text.slice(label.length), 100);
    return { label, ...(rest ? { description: rest } : {}), value: `${k}.${actionHash(a)}` };
  });
  menus.push(select(id('act'), t(l, 'select.skill'), options));
  return { menus, buttons };
}

/** 过, 接收, 拒绝, and the private toggles of docs/rules.md §8b: one for this turn, one that stays. */
/**
 * The panel's buttons that answer no decision: the player's own choices (本回合不再响应, 只在与我有关时询问)
 * and 提示. Their ids carry no decision version and stay the same from one decision to the next: a
 * panel whose decision's buttons did not change waits its turn to show new words (panels.ts).
 */
export const TOGGLES = ['quiet', 'respond', 'coach'] as const;
type Toggle = (typeof TOGGLES)[number];

function answerButtons({ l, x, v, me, id, pace }: Kit): APIButtonComponent[] {
  const toggle = (verb: Toggle, ...args: number[]) => encodeId(x.gameId, 0, verb, ...args);
  const buttons: APIButtonComponent[] = [];
  if (x.legal.some((a) => a.kind === 'pass')) buttons.push(button(t(l, 'btn.pass'), id('pass')));
  if (x.legal.some((a) => a.kind === 'take')) buttons.push(button(t(l, 'btn.take'), id('take'), ButtonStyle.Success));
  if (x.legal.some((a) => a.kind === 'refuse')) buttons.push(button(t(l, 'btn.refuse'), id('refuse'), ButtonStyle.Danger));
  const inGame = v.players[me].alive && !v.players[me].out;
  if (pace && inGame) {
    // 本回合不再响应 is for the rest of the turn, pressed in a window or between two: offered all through
    // the turns (characters chosen), so a window opening or closing changes no one's buttons.
    if ((v.pending && v.pending.kind !== 'chooseCharacter') || pace.quiet) buttons.push(pace.quiet ? button(t(l, 'btn.quietOff'), toggle('quiet', 0)) : button(t(l, 'btn.quiet'), toggle('quiet', 1)));
    buttons.push(pace.respond === 'concerned' ? button(t(l, 'btn.respondAll'), toggle('respond', 0)) : button(t(l, 'btn.respondConcerned'), toggle('respond', 1)));
  }
  // 提示: the expert's move, privately (handlers/game.ts), for whatever is asked now; with nothing asked, it says so.
  if (x.coach && inGame && !v.result) buttons.push(button(t(l, 'btn.coach'), toggle('coach')));
  return buttons;
}

function characterLine(l: Locale, name: string, faceUp: boolean | null, mission: boolean): string {
  const text = characterText(l, name);
  // An offer says how the character starts and its gender: 黑手, 易先生, 大美女, 礼服蒙面人, 柒佰 … depend on it.
  const def = CHARACTERS[name as CharacterName];
  const kind = def ? t(l, 'panel.offerKind', { side: t(l, def.hidden ? 'panel.startsDown' : 'panel.startsUp'), gender: t(l, `gender.${def.gender}` as MessageKey) }) : '';
  const shown = printedName(name as CharacterName);
  const head = faceUp === null ? t(l, 'panel.offer', { name: shown }) + kind : t(l, faceUp ? 'panel.charUp' : 'panel.charDown', { name: shown });
  if (!text) return head;
  return `${head}\n${text.skills}${mission ? `\n${t(l, 'panel.mission', { mission: text.mission })}` : ''}`;
}

/** A group of choices in words: the skill's name, or the answer's option and player. */
function groupLabel(l: Locale, key: string, first: Action | undefined, names: string[]): string {
  if (first?.kind === 'skill') return first.skill;
  if (first?.kind === 'pickCharacter') return t(l, 'select.skill');
  if (first?.kind === 'decide') {
    const parts: string[] = [];
    if (first.option !== undefined) parts.push(hasKey(`opt.${first.option}`) ? t(l, `opt.${first.option}` as MessageKey) : first.option);
    if (first.target !== undefined) parts.push(names[first.target]);
    return parts.join(' ') || t(l, 'act.ok');
  }
  return key;
}

/** A character's choice in words, for its button. */
export function actionLabel(l: Locale, a: Action, names: string[], card: (id: number) => string, asked?: Asked): string {
  switch (a.kind) {
    case 'pickCharacter':
      return t(l, 'act.pick', { name: printedName(a.character) });
    case 'skill': {
      const parts = [a.skill];
      if (a.target !== undefined) parts.push(`→${names[a.target]}`);
      if (a.intel !== undefined) parts.push(card(a.intel));
      if (a.cards?.length) parts.push(a.cards.map(card).join('、'));
      if (a.of !== undefined) parts.push(`#${a.of + 1}`);
      return parts.join(' ');
    }
    case 'play':
    case 'send': {
      const parts = [a.kind === 'play' ? (a.as ? t(l, 'act.playAs', { as: a.as }) : card(a.card)) : t(l, 'act.sendPlain')];
      if (a.kind === 'send' && a.via) parts.push(t(l, 'act.sendVia', { mode: t(l, `mode.${a.via}`) }));
      if (a.kind === 'send' && a.dir === -1) parts.push(t(l, 'act.sendBack'));
      if (a.target !== undefined) parts.push(`→${names[a.target]}`);
      if (a.kind === 'play' && a.intel !== undefined) parts.push(card(a.intel));
      return parts.join(' ');
    }
    case 'decide':
      return decideLabel(l, a, names, card, asked);
    default:
      return a.kind;
  }
}

/** The skill question a decision answers (the decider's view carries it). */
export interface Asked {
  skill?: string;
  stage?: string;
}

/**
 * An answer to a skill's question as a sentence: 发动【救美】 / 不发动【救美】, 把X交给Y, 把X放在Y面前,
 * 把X放回牌库顶 … by what the question's stage does with the card and the player it names.
 */
function decideLabel(l: Locale, a: Extract<Action, { kind: 'decide' }>, names: string[], card: (id: number) => string, asked: Asked = {}): string {
  const skill = asked.skill ?? '';
  const stage = asked.stage ?? '';
  const cards = a.cards?.length ? a.cards.map(card).join('、') : a.card !== undefined ? card(a.card) : undefined;
  const name = a.target !== undefined ? names[a.target] : undefined;
  const bare = cards === undefined && name === undefined;
  if (a.option === 'no') return stage === 'use' || stage === 'answer' ? t(l, 'say.no', { skill }) : t(l, 'say.skip');
  if (a.option === 'yes' && bare) return t(l, 'say.yes', { skill });
  const what = (): string | null => {
    if (cards === undefined && name !== undefined) return t(l, stage === 'who' ? 'say.look' : 'say.player', { name });
    if (cards === undefined) return null;
    if (stage === 'give') return name !== undefined ? t(l, 'say.give', { card: cards, name }) : t(l, 'say.giveOnly', { card: cards });
    if (stage.startsWith('back')) return t(l, 'say.back', { card: cards });
    if (stage === 'black') return t(l, 'say.self', { card: cards });
    if (name !== undefined) return t(l, stage === 'place' || a.option === 'place' || a.option === 'yes' ? 'say.place' : 'say.cardTo', { card: cards, name });
    return t(l, 'say.card', { card: cards });
  };
  const word = a.option !== undefined && a.option !== 'yes' && hasKey(`opt.${a.option}`) ? t(l, `opt.${a.option}` as MessageKey) : a.option !== undefined && a.option !== 'yes' ? t(l, 'act.option', { option: a.option }) : null;
  const sentence = what();
  return [word, sentence].filter((x): x is string => x !== null).join(' · ') || t(l, 'act.ok');
}

/** A play or send that only a skill allows (used as another card, 加密, 逢缘). */
function viaSkill(a: Action): boolean {
  return (a.kind === 'play' && a.as !== undefined) || (a.kind === 'send' && (a.via !== undefined || a.dir !== undefined));
}

function unique(xs: number[]): number[] {
  return [...new Set(xs)];
}
