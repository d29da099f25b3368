// What the engine tells (docs/rules.md, Event kinds): every event kind with its payload. Each event
// names who may see it (`to`). Renderers (src/discord/render/words.ts) and the AI's memory
// (src/ai/memory.ts) switch on `type` exhaustively: a new kind does not compile until both say what
// it means.
import type { CardName, CharacterName, Edition, Identity, Mode, Outcome, Pending } from './types.js';

/** Who may see an event: everyone, or the listed seats. */
export type Visibility = 'all' | number[];

interface Events {
  gameStart: { players: number; edition: Edition; first: number };
  /** (private) one's identity card; again for 临危受命's new identity. */
  identity: { seat: number; identity: Identity };
  /** (private) the characters offered to choose from. */
  characterOffer: { seat: number; characters: CharacterName[] };
  /** (private) the cards drawn. */
  drawCards: { seat: number; cards: number[] };
  draw: { seat: number; count: number };
  reshuffle: { deck: number };
  turnStart: { seat: number; round: number };
  turnEnd: { seat: number };
  cannotSend: { seat: number };
  /** `card` only when the intel travels face up (文本); `dir` -1 when a skill chose the other way. */
  send: { seat: number; mode: Mode; target?: number; dir: 1 | -1; card?: number };
  /** (private) the sender's own card. */
  sendCard: { seat: number; card: number };
  transmit: { from: number; toSeat: number };
  backToSender: { seat: number };
  /** The card only when it travelled face up. */
  intelDiscarded: { card?: number };
  arrive: { seat: number };
  refuse: { seat: number };
  take: { seat: number; card: number; forced: boolean };
  intel: { seat: number; card: number };
  death: { seat: number; by?: number };
  lose: { seat: number };
  /** The character and the identity of one who is gone; no identity when 临危受命 took the card. */
  reveal: { seat: number; identity?: Identity; character?: CharacterName };
  /** `mission` for a 机密任务 victory, `sole` for a sole victory, `failed` for one taken over. */
  declare: { seat: number; identity: Identity; mission?: CharacterName | null; sole?: true; failed?: true };
  overturn: { seat: number; of: number; mission: CharacterName | null };
  joins: { seat: number; of: number; mission: CharacterName | null };
  gameOver: Outcome & { identities: Identity[] };
  pass: { seat: number };
  /** `card` unless it is handed face down (试探); `skill` when a skill let the card be used so. */
  play: { seat: number; as: CardName; card?: number; skill?: string; target?: number; intel?: number; of?: number };
  /** (user and target) the 试探 card. */
  probeCard: { seat: number; target: number; card: number };
  resolve: { seat: number; as: string; target?: number; skill?: string };
  /** `card`: the negated card, where discards are face up (千智风声). */
  negated: { seat: number; as: string; card?: number };
  locked: { seat: number; by: number };
  away: { seat: number; by: number };
  intercept: { seat: number; card: number };
  returned: { seat: number };
  decoded: { seat: number };
  /** (private) the intel seen. */
  peek: { seat: number; card: number };
  burned: { seat: number; card: number };
  /** The negated card, unless it is a face-down 试探. */
  negate: { seat: number; card?: number; as: string };
  /** `count`: how many the target draws (抽二 2, 千智's 抽一 1). */
  probeResult: { seat: number; by: number; result: 'deny' | 'draw' | 'discard' | 'discardNone'; says?: string; count?: number };
  /** `cards` when the discard is shown (揭露). */
  discard: { seat: number; count: number; cards?: number[] };
  /** (private) the cards discarded. */
  discardCards: { seat: number; cards: number[] };
  timeout: { pending: Pending['kind'] };
  // ---- with characters
  characterPicked: { seat: number };
  /** (private) the character one chose. */
  character: { seat: number; character: CharacterName };
  characterUp: { seat: number; character: CharacterName };
  characterDown: { seat: number; character: CharacterName };
  /** An active skill used (it goes on the stack). */
  skill: { seat: number; skill: string; target?: number; intel?: number; cards?: number[]; of?: number };
  /** A triggered skill or a perk used, or a skill that made a difference; with what it names. */
  skillUsed: { seat: number; skill: string | undefined; target?: number; count?: number; of?: number; user?: number; option?: string };
  /** 黑玫瑰's top card shown. */
  shown: { seat: number; card: number };
  /** (private) an identity seen. */
  identitySeen: { seat: number; identity: Identity };
  identityShown: { seat: number; identity: Identity };
  handTaken: { seat: number; from: number; count: number };
  /** (user and target) the cards taken. */
  handTakenCards: { seat: number; from: number; cards: number[] };
  /** 救美 */
  saved: { seat: number; by: number };
  cardGiven: { seat: number; target: number; count: number; skill: string };
  /** (giver and receiver) the card given. */
  cardGivenCards: { seat: number; target: number; cards: number[] };
  handGiven: { seat: number; target: number; count: number };
  /** (giver and receiver: 收买) the cards given. */
  handGivenCards: { seat: number; target: number; cards: number[] };
  /** (private) a hand seen. */
  handSeen: { seat: number; cards: number[] };
  intelToDeck: { seat: number; card?: number; skill?: string };
  intelMoved: { from: number; seat: number; card?: number };
  toDeckTop: { seat: number; count: number; skill?: string };
  /** 偷龙转凤: the cards only when the intel travels face up. */
  intelSwapped: { seat: number; faceUp: boolean; card?: number; old?: number };
  /** 揭露: the intel in transit turned face up. */
  intelRevealed: { seat: number; card: number };
  /** (private) 真相's look at a 试探. */
  probeSeen: { seat: number; user: number; target?: number; card: number };
  /** 时差, 偷天: an intel into a hand. */
  intelToHand: { from: number; seat: number; card?: number };
  /** 调包 (千智): the user's card took the place of the intel in transit, face up; `old` went to the discard pile. */
  intelReplaced: { seat: number; card: number; old: number };
  /** 转移 (千智): the intel that reached `seat` goes to `target`, who gains it. */
  intelTransferred: { seat: number; target: number; card: number };
}

export type EventKind = keyof Events;

/** One event of kind K. */
export type EventOf<K extends EventKind> = { to: Visibility; type: K } & Events[K];

export type GameEvent = { [K in EventKind]: EventOf<K> }[EventKind];

/** Every kind, for checks that want the list (the docs, the renderers' tests). */
export const EVENT_KINDS = [
  'gameStart', 'identity', 'characterOffer', 'drawCards', 'draw', 'reshuffle', 'turnStart', 'turnEnd', 'cannotSend',
  'send', 'sendCard', 'transmit', 'backToSender', 'intelDiscarded', 'arrive', 'refuse', 'take', 'intel', 'death',
  'lose', 'reveal', 'declare', 'overturn', 'joins', 'gameOver', 'pass', 'play', 'probeCard', 'resolve', 'negated',
  'locked', 'away', 'intercept', 'returned', 'decoded', 'peek', 'burned', 'negate', 'probeResult', 'discard',
  'discardCards', 'timeout', 'characterPicked', 'character', 'characterUp', 'characterDown', 'skill', 'skillUsed',
  'shown', 'identitySeen', 'identityShown', 'handTaken', 'handTakenCards', 'saved', 'cardGiven', 'cardGivenCards',
  'handGiven', 'handGivenCards', 'handSeen', 'intelToDeck', 'intelMoved', 'toDeckTop', 'intelSwapped',
  'intelRevealed', 'probeSeen', 'intelToHand', 'intelReplaced', 'intelTransferred',
] as const satisfies readonly EventKind[];

/** Fails to compile when EVENT_KINDS misses a kind. */
type Missing = Exclude<EventKind, (typeof EVENT_KINDS)[number]>;
const _complete: Missing extends never ? true : Missing = true;
void _complete;
