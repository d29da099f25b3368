// The registry: the one place where the core meets the content. Cards (cards/index.ts) and
// characters (characters/index.ts) register here when the engine is loaded (src/engine/index.ts
// loads them first); the core looks them up by name and never imports a card or a character.
// Also here: what a seat's character is and does as the rules ask it (face, gender, perks) and
// the calling of timing points (fire), and what characters' records say of identity cards.
import type { CardRule } from './cards/rule.js';
import type { ActiveSkill, CharacterDef, Decide, HookInfo, HookPoint, IdentityRecords, Perks } from './characters/skill.js';
import { over, type Ctx } from './state.js';
import { compileTriggers } from './triggers.js';
import { EDITION_NAMES } from './editions.js';
import type { CardName, CharacterName, Edition, GameState } from './types.js';

/** Card rules by card name. */
export const RULES = {} as Record<CardName, CardRule>;
/** Characters by name, in the order they were registered (the deal shuffles that order). */
export const CHARACTERS = {} as Record<CharacterName, CharacterDef>;
export const CHARACTER_NAMES: CharacterName[] = [];
/** Active skills by name (each name belongs to one character). */
export const SKILLS: Record<string, ActiveSkill> = {};

/** Card rules by edition, each edition's variants (CardRule.editions) applied. */
const BY_EDITION = Object.fromEntries(EDITION_NAMES.map((e) => [e, {}])) as Record<Edition, Record<CardName, CardRule>>;

export function registerCard(rule: CardRule): void {
  if (RULES[rule.name]) throw new Error(`card ${rule.name} registered twice`);
  RULES[rule.name] = rule;
  for (const e of EDITION_NAMES) BY_EDITION[e][rule.name] = { ...rule, ...rule.editions?.[e] };
}

/** The card rules of this game's edition. */
export const rulesOf = (s: GameState): Record<CardName, CardRule> => BY_EDITION[s.edition];

/** Registers a character, its declared triggers made into hooks and questions (triggers.ts). */
export function registerCharacter(declared: CharacterDef): void {
  const def = compileTriggers(declared);
  if (CHARACTERS[def.name]) throw new Error(`character ${def.name} registered twice`);
  CHARACTERS[def.name] = def;
  CHARACTER_NAMES.push(def.name);
  for (const k of def.active) {
    if (SKILLS[k.name]) throw new Error(`skill ${k.name} registered twice`);
    SKILLS[k.name] = k;
  }
}

// ---- a seat's character ------------------------------------------------------------------------

export function charOf(s: GameState, seat: number): CharacterDef | undefined {
  const n = s.chars?.seats[seat]?.name;
  return n ? CHARACTERS[n] : undefined;
}

export function faceUp(s: GameState, seat: number): boolean {
  return s.chars?.seats[seat]?.faceUp ?? false;
}

/** A face-down character has no gender (003 游戏术语); docs/rules.md §11: only the character's counts. */
export function genderOf(s: GameState, seat: number): CharacterDef['gender'] | undefined {
  const d = charOf(s, seat);
  return d && faceUp(s, seat) ? d.gender : undefined;
}

export const isFemale = (s: GameState, seat: number): boolean => genderOf(s, seat)?.includes('女') ?? false;
export const isMale = (s: GameState, seat: number): boolean => genderOf(s, seat)?.includes('男') ?? false;

/**
 * Whether `seat` counts as this gender where a skill's effect depends on it; a character that
 * counts as both (乔装) is shown to have made the difference.
 */
export function countsAs(s: GameState, ctx: Ctx, seat: number, g: '男' | '女'): boolean {
  if (!genderOf(s, seat)?.includes(g)) return false;
  const k = perk(s, seat, 'bothGenders');
  if (k) ctx.ev.push({ to: 'all', type: 'skillUsed', seat, skill: k });
  return true;
}

/** The skill name of a perk this seat's face-up character has, or undefined. */
export function perk<K extends keyof Perks>(s: GameState, seat: number, k: K): Perks[K] | undefined {
  if (!s.chars || !faceUp(s, seat)) return undefined;
  return charOf(s, seat)?.perks?.[k];
}

/** The cards a hand card may be used as through the seat's face-up character. */
export function playsAs(s: GameState, seat: number, card: number): { as: CardName; skill: string }[] {
  if (!s.chars || !faceUp(s, seat)) return [];
  return charOf(s, seat)?.playsAs?.(s, seat, card) ?? [];
}

/** Calls a timing point's hooks, in seat order from the current player (docs/rules.md §8). */
export function fire(s: GameState, ctx: Ctx, point: HookPoint, info: HookInfo): void {
  const c = s.chars!;
  const n = c.seats.length;
  for (let k = 0; k < n; k++) {
    const seat = (s.current + k) % n;
    const name = c.seats[seat].name;
    if (!name) continue;
    const h = CHARACTERS[name].on[point];
    if (h) h(s, ctx, seat, info);
    // During a declaration the game already counts as over: every seat's 'victory' hook still runs.
    if (point === 'victory' ? s.result !== null : over(s)) return;
  }
}

// ---- what characters' records say ---------------------------------------------------------------

/** A seat's mark (CharacterDef records by key), made when first written. */
export const markOf = (s: GameState, seat: number): Record<string, number> => (s.chars!.seats[seat].mark ??= {});

function anyRecord(s: GameState, ask: (r: IdentityRecords, owner: number) => boolean | undefined): boolean {
  const c = s.chars;
  if (!c) return false;
  for (let owner = 0; owner < c.seats.length; owner++) {
    const r = charOf(s, owner)?.identities;
    if (r && ask(r, owner)) return true;
  }
  return false;
}

/** `viewer` has seen `seat`'s identity card through a skill (合谋). */
export const identityTold = (s: GameState, viewer: number, seat: number): boolean =>
  anyRecord(s, (r, owner) => r.told?.(s, owner, viewer, seat));

/** `seat`'s identity card was taken away (临危受命): its clean-up and the views show none. */
export const identityGone = (s: GameState, seat: number): boolean => anyRecord(s, (r, owner) => r.gone?.(s, owner, seat));

/** `seat` holds another identity card now: every record of the old one forgets it. */
export function identityChanged(s: GameState, seat: number): void {
  anyRecord(s, (r, owner) => void r.changed?.(s, owner, seat));
}

/** The decision a pending 'decide' is answered by (its character's, `of` when another's asks). */
export const decisionFor = (s: GameState, d: Decide) => charOf(s, d.of ?? d.seat)?.decide[d.skill];

/** Whose hand the deciding player looks at while deciding, if any (后着). */
export const handSeenBy = (s: GameState, d: Decide): number | undefined => decisionFor(s, d)?.sees?.(s, d);
