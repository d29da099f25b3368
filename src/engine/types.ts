// The engine's data. Everything here is plain JSON so a game can be stored and resumed
// between any two actions.

export type Color = '红' | '蓝' | '黑';
export type Mode = '密电' | '直达' | '文本';
export type Identity = '潜伏战线' | '军情处' | '打酱油的';
export type CardName =
  | '锁定' | '调虎离山' | '截获' | '退回' | '破译' | '烧毁' | '识破' | '试探' | '真伪莫辨'
  /** 千智风声 only (004_…). */
  | '转移' | '调包' | '增援' | '博弈' | '权衡';
/** 抽二 in the standard and promo editions, 抽一 in 千智风声. */
export type ProbeBranch = '抽二' | '抽一' | '弃一';
export type Edition = 'standard' | 'promo' | 'qianzhi';

/** A physical game card. Cards never change; the state refers to them by index (their id). */
export interface Card {
  name: CardName;
  color: Color;
  mode: Mode;
  /** 试探 only: the identity it bets on and what happens when the bet is right. */
  probe?: { identity: Identity; branch: ProbeBranch };
}

export interface Options {
  /** Rounds before the game ends in a draw (docs/rules.md §9). */
  roundLimit: number;
  /** 酱油同盟: one 打酱油 winning makes every 打酱油 win. */
  soySauceAlliance: boolean;
  /** Use the optional identity split of 000_… where the table size has one. */
  altSplit: boolean;
  /** Characters (角色): each player picks one of two dealt before the first turn (docs/rules.md §11). */
  characters: boolean;
  /**
   * Which characters are offered (docs/rules.md §11b): the 30 of 003_… (standard, the default) or the
   * 18 first-print characters of 000_… (classic). Absent means standard, so games stored before it
   * replay to the same state.
   */
  characterSet?: CharacterSet;
  /** The red / blue intel that makes 潜伏战线 / 军情处 win (000_… 调整胜利条件): 3 (absent) or 4. */
  victoryIntel?: 3 | 4;
}

export type CharacterSet = 'standard' | 'classic';

/** The characters the engine has (docs/rules.md §11: the 30 of 003_…, added a few at a time). */
export type CharacterName =
  | '老鬼' | '译电员' | '老枪' | '闪灵' | '黑玫瑰' | '峨嵋风' | '老金' | '浮萍' | '黄雀' | '钢铁特工R'
  | '情报处长' | '小马哥' | '怪盗九九' | '戴笠'
  | '职业杀手' | '柒佰' | '贝雷帽'
  | '黑手' | '易先生' | '蝮蛇' | '小白'
  | '礼服蒙面人' | '大美女' | '致命香水' | '千面女郎' | '无间行者'
  | '福尔摩斯' | '潮汐' | '六姐' | '刀锋'
  | ClassicName;

/**
 * The 18 first-print characters of 000_… (characterSet 'classic'), each named as printed with
 * 「·初版」 after it, since most share a name with a character of 003_….
 */
export type ClassicName =
  | '老鬼·初版' | '译电员·初版' | '老枪·初版' | '闪灵·初版' | '黑玫瑰·初版' | '峨嵋风·初版' | '老金·初版'
  | '情报处长·初版' | '职业杀手·初版' | '礼服蒙面人·初版' | '柒佰·初版' | '刀锋·初版' | '大美女·初版' | '六姐·初版'
  | '小马哥·初版' | '怪盗阿十·初版' | '贝雷帽·初版' | '小白·初版';

/** One seat's character and what the skills remember about it. */
export interface SeatChar {
  /** null while the player is still choosing. */
  name: CharacterName | null;
  faceUp: boolean;
  /** The two characters dealt to choose from (the owner alone sees them). */
  offers: CharacterName[];
  /**
   * The identity card is face up for everyone: the cost 翻开你的身份牌 (docs/rules.md §11), which the
   * framework pays for any skill that has it (ops.ts showIdentity). Like `faceUp`, the state of a card
   * on the table, not a character's record.
   */
  shown: boolean;
  /**
   * Death records, the one thing 机密任务 and skills that count deaths read (outcome.ts die() writes them,
   * undoDeath() removes them when the death is undone, docs/rules.md §11): who killed (亲手)
   * — -1 nobody —, true intel then, death order (1 = first).
   */
  killedBy?: number;
  trueAtDeath?: number;
  deathNo?: number;
  /** The character was female then (a face-up female character; 小白 counts): 黑手's 机密任务. */
  femaleAtDeath?: boolean;
  /**
   * What a character's skills remember between moments, by key: each character documents its own
   * keys (黑手's kills this turn, 老枪's 合谋, 老鬼's hand at death …); the core never names one.
   */
  mark?: Record<string, number>;
}

/**
 * What a skill's decision carries from the moment that triggered it to the answer; each skill
 * documents what it puts here. Part of the stored state (see GameState). Read-only: states share
 * it (cloneState copies the decision, not its data), so a later stage gets a new one (askNext).
 */
export interface DecisionData {
  /** The player the moment was about: who gained the intel (计中计, 笑里藏刀 …). */
  readonly seat?: number;
  /** The player the skill acts on. */
  readonly target?: number;
  /** The player a card or intel comes from. */
  readonly from?: number;
  /** The player who died (滥杀, 搜取). */
  readonly dead?: number;
  readonly card?: number;
  /** A stack index: the card being answered (城府, 血染玫瑰). */
  readonly item?: number;
  /** Cards handed out so far, hand cards of a stage that repeats. */
  readonly given?: readonly number[];
  readonly done?: readonly number[];
  /** At most this many. */
  readonly max?: number;
}

/** A triggered skill waiting for its owner's decision (or a dead player's deferred clean-up). */
export interface Trigger {
  seat: number;
  /** The seat whose character asks (default `seat`): 情仇 is 易先生's, answered by his killer. */
  of?: number;
  skill: string;
  stage: string;
  data?: DecisionData;
}

export interface CharState {
  seats: SeatChar[];
  /** Triggered skills of one moment, in seat order from the current player (docs/rules.md §8). */
  queue: Trigger[];
  /** While the queue is asked: the decision it interrupted (null = the stack's resolution). */
  holding: boolean;
  held: Pending | null;
  /** Deaths so far. */
  deaths: number;
  /** A declaration waiting on its declarer's choice (风度) before the game ends. */
  declaring?: Outcome;
}

export interface Player {
  name: string;
  identity: Identity;
  alive: boolean;
  /** Lost without dying (could not send intel). */
  out: boolean;
  hand: number[];
  /** Intel in front of the player, face up, in the order received. */
  intel: number[];
}

export type Step = 'play1' | 'play2' | 'transmit' | 'arrive';

/** A card being used, waiting on the stack to resolve. */
export interface StackItem {
  /** The card used; -1 for a skill, which is no card (识破 cannot answer it). */
  card: number;
  /** The function it is used as (a skill may later make a card act as another). */
  as: CardName | string;
  /** A responsive skill on the stack (狙击, 截上 …): its name. */
  skill?: string;
  /** 狙击 and the like: the cards it names. */
  cards?: number[];
  user: number;
  target?: number;
  /** 烧毁: the intel card to burn. */
  intel?: number;
  /** 识破: index in the stack of the item it negates. */
  of?: number;
  negated?: boolean;
  /** Its effect has run (it may wait on a decision before leaving the stack). */
  resolved?: boolean;
  /** Its "before it resolves" triggers (就计) have been asked. */
  hooked?: boolean;
}

/** Intel on its way. */
export interface Transit {
  card: number;
  sender: number;
  mode: Mode;
  faceUp: boolean;
  /** +1 = to the next seat, -1 = to the previous seat. */
  dir: 1 | -1;
  /** The seat it last left (the sender at first). */
  from: number;
  /** Where it is heading (transmit step) or where it is (arrive/receive). */
  at: number;
  /** 直达 target. */
  target?: number;
  /** Seats 调虎离山'd out of this passing (bitmask). */
  away: number;
  /** Seats that know its face (bitmask): the sender, a 破译 user. */
  known: number;
  /** Set by a resolved 退回: leave this seat in the new direction without a receive decision. */
  returned?: boolean;
}

/**
 * What the game waits for; null when the game is over. `opened` is the version at which this
 * decision was put (a window's passes reset by a new card count as a new decision): buttons
 * made for an older decision are stale. `deadline` is absolute ms, supplied from outside.
 */
export type Pending = (
  | { kind: 'window'; step: Step; passed: number }
  | { kind: 'send'; seat: number }
  | { kind: 'receive'; seat: number }
  /** `thenDraw`: who then draws how many (千智's right 试探: its user draws one after the target discards). */
  | { kind: 'discard'; seat: number; reason: '试探'; thenDraw?: { seat: number; count: number } }
  /** Everyone picks a character at once before the first turn; `picked` is a bitmask. */
  | { kind: 'chooseCharacter'; picked: number }
  /**
   * A skill asks its owner: whether to use an optional triggered skill, or what to pick for one.
   * `inline`: asked in the middle of a card's effect (城府, 血染玫瑰), which goes on afterwards.
   */
  | { kind: 'decide'; seat: number; of?: number; skill: string; stage: string; data?: DecisionData; inline?: boolean }
) & { opened: number; deadline?: number };

export interface Outcome {
  winners: number[];
  declarer: number | null;
  draw: boolean;
  reason: 'faction' | 'mission' | 'sole' | 'lastSurvivor' | 'roundLimit' | 'allGone';
  /** Players who win through the declarer's 风度 alone (their faction does not). */
  alongside?: number[];
}

/**
 * The state of a game. Its JSON (less the cards) is also the storage format: stored games are
 * replayed from their log at start-up and must give the stored snapshot's values again
 * (src/store/recovery.ts). Adding, removing or renaming a field here, or anywhere under it, makes
 * every unfinished game replay to another state: bump ENGINE_VERSION (version.ts) with it, and add
 * the upgrade of older snapshots to the new shape (src/store/upgrade.ts). The order of keys
 * (cloneState's) is not part of the format.
 */
export interface GameState {
  /** Goes up by one with every accepted action. */
  version: number;
  edition: Edition;
  options: Options;
  /** Seeded generator state (sfc32). */
  rng: [number, number, number, number];
  /** The edition's deck by card id (deck.ts's deckOf): one array for every game of the edition, never changed. */
  cards: readonly Card[];
  players: Player[];
  /** Draw pile, top of the deck = last element. */
  deck: number[];
  discard: number[];
  /** Resolved 试探, face down, out of the game. */
  removed: number[];
  current: number;
  /** The first player: a new round starts each time the turn comes back to this seat. */
  first: number;
  round: number;
  /** Seats locked (锁定) this turn (bitmask). */
  locked: number;
  /** The current player had no card to send in 传递情报阶段 and will lose at turn end. */
  failedToSend: boolean;
  stack: StackItem[];
  /** While a decision pauses the stack's resolution: the step of the window it belongs to. */
  resolving: Step | null;
  transit: Transit | null;
  pending: Pending | null;
  /** Seats in the order they died or were out. */
  gone: number[];
  result: Outcome | null;
  /** Characters; absent when the game is played without them. */
  chars?: CharState;
}

export type Action =
  | { kind: 'pass'; seat: number; version?: number }
  | {
      kind: 'play';
      seat: number;
      card: number;
      target?: number;
      /** 烧毁: the intel card. */
      intel?: number;
      /** 识破: stack index to negate (default: the newest item). */
      of?: number;
      /** Used as another card through a skill (预谋: 调虎离山 as 锁定). */
      as?: CardName;
      version?: number;
    }
  | {
      kind: 'send';
      seat: number;
      card: number;
      target?: number;
      /** A skill chooses the other direction (逢缘): to the previous seat. */
      dir?: -1;
      /** A skill sends it in another mode (加密: 文本 as 密电). */
      via?: Mode;
      version?: number;
    }
  | { kind: 'take'; seat: number; version?: number }
  | { kind: 'refuse'; seat: number; version?: number }
  | { kind: 'choose'; seat: number; card: number; version?: number }
  /** Picks one of the two characters offered (pending chooseCharacter). */
  | { kind: 'pickCharacter'; seat: number; character: CharacterName; version?: number }
  /** Uses an active skill of one's character in a response window. */
  | {
      kind: 'skill';
      seat: number;
      skill: string;
      target?: number;
      /** An intel card in front of someone (潜藏伏击, 掩护). */
      intel?: number;
      /** Cards the skill names: intel to burn (狙击), a hand card (合谋). */
      cards?: number[];
      /** 警觉: stack index of the card it negates. */
      of?: number;
      version?: number;
    }
  /** Answers a pending 'decide': an option word, a player, a card, cards. */
  | { kind: 'decide'; seat: number; option?: string; target?: number; card?: number; cards?: number[]; version?: number }
  /** The decision's deadline passed: apply docs/rules.md §10's default for whoever is waited on. */
  | { kind: 'timeout'; version?: number }
  /**
   * The host held the game and lets it go on (the bot could not post in its channel, so nobody saw
   * the table): the pending decision's clock starts again. Nothing else changes.
   */
  | { kind: 'resume'; version?: number };

import type { GameEvent } from './events.js';
export type { EventKind, EventOf, GameEvent, Visibility } from './events.js';

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; code: string; reason: string; params?: Record<string, string | number> };

/** Supplied from outside when deadlines are wanted: new decisions get now + decisionMs. */
export interface Clock {
  now: number;
  decisionMs: number;
  /**
   * The response clock of response windows (docs/rules.md §8b); without it a window gets the
   * decision timer too, as games stored before the response clock did.
   */
  windowMs?: number;
}
