// The coach's answer (提示, issue 38 §3) in words: the move the expert would make now, one line why,
// and a button that makes it. Everything named comes from the asking seat's view (its hand, the faces
// it sees, the players' names) and its beliefs (src/ai/coach.ts), never the state.
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent } from 'discord.js';
import type { Action, GameView, SeenCard } from '../../engine/index.js';
import { t, type Locale, type MessageKey } from '../../i18n/index.js';
import type { Read, Why } from '../../ai/coach.js';
import { actionHash, encodeId } from '../custom-id.js';
import { nameText } from '../clip.js';
import { actionLabel } from './panel.js';
import { cardText, identityText } from './words.js';

/** What the coach found for a seat: null `move` when nothing is asked of it now. */
export interface Advice {
  view: GameView;
  move: { action: Action; /** its place in the seat's legal actions */ index: number; why: Why } | null;
}

export interface CoachMessage {
  content: string;
  components: APIActionRowComponent<APIButtonComponent>[];
}

/** The cards this seat sees the faces of: its hand, intel in front of players, the intel in flight, the stack, a decision's cards. */
function faces(v: GameView): Map<number, SeenCard> {
  const byId = new Map<number, SeenCard>();
  for (const c of v.hand ?? []) byId.set(c.id, c);
  for (const p of v.players) for (const c of p.intel) byId.set(c.id, c);
  if (v.transit?.card) byId.set(v.transit.card.id, v.transit.card);
  for (const s of v.stack) for (const c of [s.card, s.intel, ...(s.cards ?? [])]) if (c) byId.set(c.id, c);
  for (const c of v.pending?.cards ?? []) byId.set(c.id, c);
  return byId;
}

/** "AI-2 很可能是军情处（约七成）"; below six in ten, "可能是". */
function readText(l: Locale, r: Read, names: string[]): string {
  return t(l, r.tenths >= 6 ? 'coach.read' : 'coach.readMaybe', { name: names[r.seat], identity: identityText(l, r.identity), share: t(l, `coach.tenths.${r.tenths}` as MessageKey) });
}

/** The move in words, as the panel names it. */
export function moveText(l: Locale, v: GameView, a: Action, names: string[]): string {
  const seen = faces(v);
  // A 试探 by its face alone, as the table names it: the hint names no identity but as a guess.
  const card = (id: number) => {
    const c = seen.get(id);
    return c ? cardText(l, c) : t(l, 'card.secret');
  };
  const asked = { skill: v.pending?.skill, stage: v.pending?.stage };
  switch (a.kind) {
    case 'take':
      return t(l, 'btn.take');
    case 'refuse':
      return t(l, 'btn.refuse');
    case 'pass':
      return t(l, 'coach.do.pass');
    case 'choose':
      return t(l, 'coach.do.discard', { card: card(a.card) });
    case 'send': {
      // 传出 <the card> and the rest as the panel says it (加密, 反向, →target).
      const head = t(l, 'act.sendPlain');
      const label = actionLabel(l, a, names, card, asked);
      return `${head} ${card(a.card)}${label.startsWith(head) ? label.slice(head.length) : ` ${label}`}`;
    }
    case 'play':
      return t(l, 'coach.do.play', { what: actionLabel(l, a, names, card, asked) });
    default:
      return actionLabel(l, a, names, card, asked);
  }
}

/** Why, in one line of the game's words. */
export function whyText(l: Locale, why: Why, names: string[]): string {
  const color = (c: string) => t(l, `color.${c}` as MessageKey);
  switch (why.kind) {
    case 'takeWins':
      return t(l, 'coach.why.takeWins', { color: color(why.color), count: why.count });
    case 'takeOwn':
    case 'refuseTheirs':
    case 'send':
      return t(l, `coach.why.${why.kind}`, { color: color(why.color) });
    case 'blackToEnemy':
      return t(l, 'coach.why.blackToEnemy', { read: readText(l, why.read, names) });
    case 'avoid':
      return t(l, 'coach.why.avoid', { read: readText(l, why.read, names), color: color(why.color) });
    case 'ownToAlly':
      return t(l, 'coach.why.ownToAlly', { name: names[why.seat], share: t(l, `coach.tenths.${why.tenths}` as MessageKey), color: color(why.color) });
    case 'card': {
      const line = t(l, `coach.card.${why.card}` as MessageKey);
      return why.read ? t(l, 'coach.why.withRead', { line, read: readText(l, why.read, names) }) : line;
    }
    case 'skill': {
      const line = t(l, 'coach.why.skill', { skill: why.skill });
      return why.read ? t(l, 'coach.why.withRead', { line, read: readText(l, why.read, names) }) : line;
    }
    default:
      return t(l, `coach.why.${why.kind}`);
  }
}

/** The coach's private answer: the move, why, and 照做 (the move itself, for the decision open now). */
export function renderAdvice(l: Locale, gameId: number, advice: Advice): CoachMessage {
  const { view: v, move } = advice;
  if (!move || !v.pending) return { content: t(l, 'coach.idle'), components: [] };
  // Escaped: the names are read in the hint's markdown text.
  const names = v.players.map((p) => nameText(p.name));
  const content = t(l, 'coach.answer', { move: moveText(l, v, move.action, names), why: whyText(l, move.why, names) });
  const follow: APIButtonComponent = {
    type: ComponentType.Button,
    style: ButtonStyle.Primary,
    label: t(l, 'coach.follow'),
    custom_id: encodeId(gameId, v.pending.opened, 'act', move.index, actionHash(move.action)),
  };
  return { content, components: [{ type: ComponentType.ActionRow, components: [follow] }] };
}
