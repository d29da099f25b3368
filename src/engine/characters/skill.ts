// What every character file provides. The core rules call hooks by timing point; no character
// name appears in the core.
import type { Refusal } from '../refusals.js';
import type { Ctx } from '../state.js';
import type { Action, CardName, CharacterName, DecisionData, GameState, Pending, StackItem, Step } from '../types.js';

export type SkillAction = Extract<Action, { kind: 'skill' }>;
export type DecideAction = Extract<Action, { kind: 'decide' }>;
export type Decide = Extract<Pending, { kind: 'decide' }>;
/**
 * A decision whose skill always puts data of this shape there (its trigger's `when`, `askNext`,
 * `askInline`): its Decision reads it without checking (`Decision<DecideWith<{ from: number }>>`).
 */
export type DecideWith<D extends DecisionData> = Decide & { readonly data: D };
/**
 * An answer with these fields: the check accepts only one of the decision's choices, so an answer
 * whose choices all have them has them (`answer(s, ctx, d, a: AnswerWith<'card'>)`).
 */
export type AnswerWith<K extends keyof DecideAction> = DecideAction & Required<Pick<DecideAction, K>>;
/**
 * A decision asked at several stages, each with data of its own shape: a union of these, which
 * `d.stage` tells apart (`Decision<DecideAt<'pick'> | DecideAt<'to', { card: number }>>`).
 */
export type DecideAt<S extends string, D extends DecisionData | undefined = undefined> = Decide & { readonly stage: S } &
  (D extends DecisionData ? { readonly data: D } : unknown);
/**
 * An answer that is either the option word `O` with none of the fields `K`, or one with all of them
 * (`a: AnswerOr<'no', 'card' | 'target'>`): checking one of the fields (`a.card === undefined`) tells which.
 */
export type AnswerOr<O extends string, K extends keyof DecideAction> =
  | (DecideAction & { readonly option: O } & { readonly [P in K]?: undefined })
  | AnswerWith<K>;
/**
 * A stack item of an active skill whose check accepts only uses naming these (the use's target,
 * intel and cards are copied to its item): its `resolve(s, ctx, item: ItemWith<'target'>)` reads them.
 */
export type ItemWith<K extends keyof StackItem> = StackItem & Required<Pick<StackItem, K>>;

/** An active skill: used by a 'skill' action in a response window; it goes on the stack. */
export interface ActiveSkill {
  name: string;
  /** A "翻开此角色牌" skill: usable face down only; using it turns the character face up. */
  reveal?: boolean;
  /** Usable on either side (弹药无限 "在盖伏状态下也能使用"); with `reveal` it turns a face-down one up. */
  anyFace?: boolean;
  /** A "盖伏此角色牌，然后…" skill: using it turns the character face down (the cost, before any answer). */
  conceal?: boolean;
  /**
   * A "翻开你的身份牌，然后…" skill (爱情): usable only while the identity card is face down; using it
   * shows the card (the cost, before any answer). The framework checks and pays it (docs/rules.md §11).
   */
  showsIdentity?: boolean;
  /** Acts as this card (截上 as 截获, 警觉 as 识破); it is still no card. */
  as?: CardName;
  /** Every way the owner could use it now (each is then checked). */
  candidates(s: GameState, seat: number): SkillAction[];
  /** Why not now / not like this, or null. Face state and the window are checked by the core. */
  check(s: GameState, seat: number, step: Step, a: SkillAction): Refusal | null;
  /** Its effect (default: the effect of the card named by `as`). */
  resolve?(s: GameState, ctx: Ctx, item: StackItem): void;
}

/** Information a timing point passes to the hooks. */
export interface HookInfo {
  /** The player concerned (the target, the one who gained intel, the one who died …). */
  seat: number;
  item?: StackItem;
  card?: number;
  /** The sender when intel was gained from a sending (截获 included); else -1. */
  sender?: number;
  /** Who is credited (亲手) with what happened; -1 nobody. */
  by?: number;
}

/**
 * Timing points the core calls. Each hook runs for a character's owner in seat order from the
 * current player; `owner` is that seat. A hook either applies a mandatory effect at once or queues
 * a Trigger to ask its owner (optional skills), never a callback.
 */
export type HookPoint =
  | 'turnStart'
  | 'draw'
  | 'cardUsed'
  /** A card (or a card-like skill) on the stack is about to take effect: 就计. */
  | 'beforeResolve'
  /** A card or skill took effect. */
  | 'resolved'
  /** A card used by `seat` was negated (识破 or 警觉): 弃卒保帅. */
  | 'negated'
  | 'transmit'
  | 'arrive'
  | 'receive'
  /** `seat` gained the intel `card`: 计中计, 釜底抽薪. */
  | 'intel'
  /** `seat` died (its own skills too, before its clean-up): 遗志, 后着, 黄雀在后. */
  | 'death'
  /** The turn of `seat` ends (冷血). */
  | 'turnEnd'
  /** `seat` declared victory (风度): the hook may ask its owner a choice before the game ends. */
  | 'victory';

/**
 * What a timing point always passes besides `seat` (fire's callers are checked against it): the card
 * or skill on the stack at the points of the stack, the intel and its sender (-1 none) at 'intel'.
 */
export interface HookInfos {
  cardUsed: { item: StackItem };
  beforeResolve: { item: StackItem };
  resolved: { item: StackItem };
  negated: { item: StackItem };
  intel: { card: number; sender: number };
}

/** What the timing point `P` passes to its hooks (`info.item` at 'beforeResolve', `info.card` at 'intel' …). */
export type InfoAt<P extends HookPoint> = HookInfo & (P extends keyof HookInfos ? HookInfos[P] : unknown);

export type Hook<P extends HookPoint = HookPoint> = (s: GameState, ctx: Ctx, owner: number, info: InfoAt<P>) => void;

/** Hooks by timing point, each reading what its point passes. */
export type Hooks = { [P in HookPoint]?: Hook<P> };

/** Who uses a triggered skill, and what its moment left for it (a Decide is one). */
export interface SkillUse {
  seat: number;
  data?: DecisionData;
}

/** The use of a triggered skill whose `when` always gives data of this shape (`TriggerSkill<UseWith<{ from: number }>>`). */
export interface UseWith<D extends DecisionData> {
  seat: number;
  readonly data: D;
}

/**
 * A triggered skill, declared (docs/rules.md §11): its timing point, the side it works from, whether
 * it is asked, when it triggers, and its effect. The framework (src/engine/triggers.ts) does the rest:
 * it checks the side and that the owner is in the game (when it triggers and again when it is asked),
 * asks an optional skill as yes/no, turns a 翻开此角色 skill face up, announces the use (skillUsed)
 * and then runs the effect. One of these for each timing point: a character declares a TriggerSkill.
 */
export interface TriggerSkillAt<U extends SkillUse, P extends HookPoint> {
  skill: string;
  on: P;
  /** 'up' (the default): only face up. 'down': a "翻开此角色" skill: only face down, and using it turns the character face up. */
  face?: 'up' | 'down';
  /** Asked yes/no (the default), or false: it happens at once ("当…时，你抽…"), announced. */
  optional?: boolean;
  /** Whom the moment must concern (HookInfo.seat): the owner ("当你…") or another player ("当一位其他玩家…"). */
  about?: 'self' | 'other';
  /**
   * A skill of its owner's own death ("当你死亡时": 遗志, 后着; with on 'death' and about 'self'): it
   * triggers and is asked although the owner is no longer in the game.
   */
  ownDeath?: boolean;
  /** Not announced when used: what it then asks says it (精明 asks for a card to put back). */
  silent?: boolean;
  /** The stage name of its first question (default 'use'); part of the stored state. */
  stage?: string;
  /**
   * Whether it triggers for its owner at this moment (side, owner in the game and `about` checked
   * already): false, true, or the data its question keeps. Absent: it does.
   */
  when?(s: GameState, ctx: Ctx, owner: number, info: InfoAt<P>): boolean | NonNullable<U['data']>;
  /** Whether it can still be used when asked (side and owner are checked again by the framework). */
  still?(s: GameState, d: Decide & U): boolean;
  /**
   * The answers when it asks more than yes or no (side and owner checked): the first is the
   * default on timeout and is the answer option 'no'; any other answer uses the skill.
   */
  choices?(s: GameState, d: Decide & U): DecideAction[];
  /** The cost 翻开你的身份牌 (Decision.showsIdentity). */
  showsIdentity?: boolean;
  /** What the announcement names besides the skill (`a`: the answer that used it, if asked). */
  names?(s: GameState, u: U, a?: DecideAction): { target?: number; count?: number; user?: number };
  /** The effect of its use, after it was announced (`a`: the answer that used it, if asked). */
  effect(s: GameState, ctx: Ctx, u: U, a?: DecideAction): void;
  /** Its later questions (stages other than 'use', asked by the effect through askNext). */
  then?: Decision;
}

/**
 * A triggered skill at any timing point: its `on` tells which, and its `when` reads what that point
 * passes (`info.card` of an 'intel' trigger).
 */
export type TriggerSkill<U extends SkillUse = SkillUse, P extends HookPoint = HookPoint> = P extends HookPoint ? TriggerSkillAt<U, P> : never;

/** A decision a skill asks: its choices (the first is the default on timeout) and its answer. */
export interface Decision<Q extends Decide = Decide> {
  /**
   * The skill's cost is 翻开你的身份牌 (救美, 黄雀在后): it is asked only while the owner's identity card
   * is face down, and the framework shows the card before an answer with option 'yes' takes effect
   * (docs/rules.md §11).
   */
  showsIdentity?: boolean;
  choices(s: GameState, d: Q): DecideAction[];
  answer(s: GameState, ctx: Ctx, d: Q, a: DecideAction): void;
  /** Whose hand the deciding player looks at while deciding (后着); the view shows it with the decision. */
  sees?(s: GameState, d: Q): number | undefined;
}

/** A victory being declared (003 宣告胜利): who, and the intel that made it, if any. */
export interface Declaration {
  seat: number;
  /** The sender of the intel whose gain made this declaration (潮汐, 无间行者); -1 none. */
  sender: number;
}

/** What a character changes about the ordinary rules while face up, each named by its skill. */
export interface Perks {
  /** 锁定 also in others' turns (敏锐). */
  lockAnyTurn?: string;
  /** Chooses the direction of one's non-直达 intel (逢缘). */
  chooseDirection?: string;
  /** 文本 intel may be sent as 密电 (加密). */
  textAsCipher?: string;
  /** Counts as both genders (乔装; with gender '男女'): named when that decides something. */
  bothGenders?: string;
  /** One's 锁定 cannot be answered by 识破 (铁血). */
  lockUncounterable?: string;
  /** The draw phase draws this many (精明, 贪婪). */
  drawCount?: { n: number; skill: string };
}

/**
 * What a character's skills did to identity cards, for the rules that show them (view.ts, a death's
 * reveal). Each answers from its own records (its seat's `mark`); `owner` is its seat.
 */
export interface IdentityRecords {
  /** `viewer` has seen `seat`'s identity card through this character's skill (合谋). */
  told?(s: GameState, owner: number, viewer: number, seat: number): boolean;
  /** `seat`'s identity card was taken away by this character's skill (临危受命): it shows none any more. */
  gone?(s: GameState, owner: number, seat: number): boolean;
  /** `seat` holds another identity card now: what was seen of the old one tells nothing of it. */
  changed?(s: GameState, owner: number, seat: number): void;
}

export interface CharacterDef {
  name: CharacterName;
  /** '男女': counts as both (小白's 乔装). */
  gender: '男' | '女' | '男女';
  /** Starts face down (潜伏角色). */
  hidden: boolean;
  /** Every skill the card prints, by name (the random-play sim reports those never used). */
  skills: string[];
  perks?: Perks;
  /** Hand cards that may be used as another card, and the skill that allows it (预谋, 洞察). */
  playsAs?(s: GameState, seat: number, card: number): { as: CardName; skill: string }[];
  active: ActiveSkill[];
  /** Triggered skills, declared: the framework asks, announces and guards them. */
  triggers?: TriggerSkill[];
  /**
   * Hooks by timing point, for what a declared trigger cannot say (bookkeeping, skills of one's own
   * death …); their checks are their own. A point's hook runs before its declared triggers.
   */
  on: Hooks;
  /** Decisions by skill name. */
  decide: Record<string, Decision>;
  /**
   * 城府: answers a 试探 in place of its normal effect; true when it took the 试探 over (it may
   * pause the card with an inline decision).
   */
  probed?(s: GameState, ctx: Ctx, owner: number, item: StackItem): boolean;
  /**
   * What the character notes of itself at the moment of its death (老鬼: the red cards in hand), by key
   * in its seat's `mark`; removed again with the other death records when the death is undone.
   */
  notesAtDeath?: Record<string, (s: GameState, seat: number) => number>;
  /** What its skills did to identity cards (合谋, 临危受命). */
  identities?: IdentityRecords;
  /** The 机密任务 (an 打酱油 player's victory condition). */
  mission(s: GameState, seat: number): boolean;
  /** The mission is about one's own death: it can hold for a dead player (老鬼, 浮萍). */
  missionWhenDead?: boolean;
  /** 机密任务 "你的胜利会导致他的宣告失败": this declaration by another player becomes ours. */
  overturns?(s: GameState, seat: number, d: Declaration): boolean;
  /** 机密任务 met by another's declaration (礼服蒙面人, 大美女): one wins with the declarer. */
  joins?(s: GameState, seat: number, d: Declaration): boolean;
  /** Loses the game now (小白's 败露): checked before any declaration. A skill name is shown as used. */
  loses?(s: GameState, seat: number): boolean | string;
}
