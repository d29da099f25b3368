// The registry: the one place where the core meets the content. Cards (cards/index.ts) and
// characters (characters/index.ts) register here when the engine is loaded (src/engine/index.ts
// loads them first); the core looks them up by name and never imports a card or a character.
// Also here: what a seat's character is and does as the rules ask it (face, gender, perks) and
// the calling of timing points (fire), and what characters' records say of identity cards.
import type { CardRule } from './cards/rule.js';
import type { ActiveSkill, CharacterDef, Decide, Hook, HookPoint, IdentityRecords, InfoAt, Perks } from './characters/skill.js';
import { over, type Ctx } from './state.js';
import { compileTriggers } from './triggers.js';
import { EDITION_NAMES } from './editions.js';
import type { CardName, CharacterName, CharacterSet, CharState, Edition, GameState } from './types.js';

/** Card rules by card name. */
export const RULES = {} as Record<CardName, CardRule>;
/** Characters by name, of every set. */
export const CHARACTERS = {} as Record<CharacterName, CharacterDef>;
/**
 * Each character set's names, in the order they were registered: the deal shuffles that order, so
 * it is part of every seed (docs/rules.md §11b). The sets share no name.
 */
export const CHARACTER_SETS: Record<CharacterSet, CharacterName[]> = { standard: [], classic: [] };
/** The standard set (003_…): the characters offered unless the lobby chose another set. */
export const CHARACTER_NAMES = CHARACTER_SETS.standard;
/**
 * Active skills by name, for listing them. A name may belong to several characters (狙击 of 003_…
 * and of 000_…): a skill in play is always looked up through its user's character (activeSkill).
 */
export const SKILLS: Record<string, ActiveSkill> = {};

/**
 * The same characters in a Map, and each timing point's hooks by character: looked up on every
 * action (charOf, fire), where a Map is several times faster than CHARACTERS (an object in
 * dictionary mode) and its per-character `on` objects of many shapes.
 */
const DEFS = new Map<CharacterName, CharacterDef>();
const HOOKS = new Map<HookPoint, Map<CharacterName, Hook>>();
/** The characters that can lose the game by themselves (CharacterDef.loses: 小白's 败露), few: compared, not looked up. */
const LOSERS: { name: CharacterName; loses: NonNullable<CharacterDef['loses']> }[] = [];

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
export function registerCharacter(declared: CharacterDef, set: CharacterSet = 'standard'): void {
  const def = compileTriggers(declared);
  if (CHARACTERS[def.name]) throw new Error(`character ${def.name} registered twice`);
  CHARACTERS[def.name] = def;
  DEFS.set(def.name, def);
  if (def.loses) LOSERS.push({ name: def.name, loses: def.loses });
  // Each hook is kept under its own point, and fire calls a point's hooks with what that point passes (InfoAt).
  for (const [point, h] of Object.entries(def.on) as [HookPoint, Hook | undefined][]) {
    if (!h) continue;
    let at = HOOKS.get(point);
    if (!at) HOOKS.set(point, (at = new Map()));
    at.set(def.name, h);
  }
  CHARACTER_SETS[set].push(def.name);
  for (const k of def.active) {
    if (def.active.filter((x) => x.name === k.name).length > 1) throw new Error(`${def.name}: skill ${k.name} twice`);
    SKILLS[k.name] ??= k;
  }
}

/** The characters a game offers (Options.characterSet). */
export const characterSetOf = (s: Pick<GameState, 'options'>): CharacterSet => s.options.characterSet ?? 'standard';

/** A character of a set by the name its card prints (老鬼 → 老鬼·初版 in the classic set), or undefined. */
export function characterByPrintedName(set: CharacterSet, printed: string): CharacterName | undefined {
  return CHARACTER_SETS[set].find((n) => n === printed || printedName(n) === printed);
}

/** The name a character's card prints: its name without the set's 「·初版」. */
export const printedName = (n: CharacterName): string => n.replace(/·初版$/, '');

/** An active skill of `seat`'s character by name. */
export const activeSkill = (s: GameState, seat: number, name: string): ActiveSkill | undefined =>
  charOf(s, seat)?.active.find((k) => k.name === name);

// ---- a seat's character ------------------------------------------------------------------------

export function charOf(s: GameState, seat: number): CharacterDef | undefined {
  const n = s.chars?.seats[seat]?.name;
  return n ? DEFS.get(n) : undefined;
}

/** `seat`'s character's loss condition (CharacterDef.loses), if it has one. */
export function lossOf(s: GameState, seat: number): CharacterDef['loses'] {
  const n = s.chars?.seats[seat]?.name;
  if (n) for (let i = 0; i < LOSERS.length; i++) if (LOSERS[i].name === n) return LOSERS[i].loses;
  return undefined;
}

/** The seats whose character can lose by itself (lossOf), as a mask: checkEnd asks after every action. */
export function loserSeats(c: CharState): number {
  const seats = c.seats;
  let m = 0;
  for (let i = 0; i < seats.length; i++) {
    const n = seats[i].name;
    if (n !== null) for (let j = 0; j < LOSERS.length; j++) if (LOSERS[j].name === n) m |= 1 << i;
  }
  return m;
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
export function fire<P extends HookPoint>(s: GameState, ctx: Ctx, point: P, info: InfoAt<P>): void {
  // No character has a hook here: nothing to call (most points of most actions).
  const hooks = HOOKS.get(point);
  if (!hooks) return;
  const c = s.chars!;
  const n = c.seats.length;
  for (let k = 0; k < n; k++) {
    const seat = (s.current + k) % n;
    const name = c.seats[seat].name;
    if (!name) continue;
    const h = hooks.get(name);
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
