// What the strong policy knows about characters, by character and by skill: each character's
// knowledge lives in src/ai/characters/<pinyin>.ts (the character's own path under src/engine) and
// is taught here; the policy (strong.ts) asks this registry and never names a skill or a character itself.
import type { SeenCard } from '../engine/index.js';
import type { Action } from '../engine/types.js';
import { colorIndex } from './cards.js';
import type { CurrentFlight, Mission, Table, Vec3 } from './strong-table.js';

export type SkillAct = Extract<Action, { kind: 'skill' }>;
export type DecideAct = Extract<Action, { kind: 'decide' }>;

/** What an active skill's use is judged with (strong.ts window). */
export interface GainCtx {
  tb: Table;
  /** The intel now in transit, as this seat sees it. */
  cf: CurrentFlight | null;
  /** What negating stack item `of` is worth (as a 识破 would). */
  counterGain(of: number): number;
  /** What a 调虎离山 on `target` is worth now; null when it would change nothing. */
  lureGain(target: number | undefined): number | null;
}

/** What a skill's question (pending decide) is answered with. */
export interface DecideCtx {
  tb: Table;
  legal: readonly DecideAct[];
  skill: string | undefined;
  stage: string | undefined;
  hand: readonly SeenCard[];
  handById: Map<number, SeenCard>;
  /** The legal choice with the highest score (the first of equals). */
  by(score: (a: DecideAct) => number): Action;
  /** Colour counts of the cards `ids`. */
  colorsOf(ids: readonly number[] | undefined): Vec3;
}

export interface SkillKnowledge {
  /**
   * Worth of keeping an active skill for later (a 翻开 skill is used once, then the character is
   * face up); Infinity or absent: never used by this policy.
   */
  keep?: number;
  /** The net worth of using it like this now, the worth of keeping it (`keep`) taken off. */
  gain?(c: GainCtx, a: SkillAct, keep: number): number;
  /** The answer to its question; without it the engine's default (the first choice). */
  decide?(c: DecideCtx): Action;
}

export interface CharacterKnowledge {
  /** As an 打酱油的: its 机密任务, as the policy plays for it. */
  mission?: Mission;
  /** Where it ranks when characters are chosen (0 = first choice); unranked ones come last. */
  rank?: number;
  /** Its skills by name (a skill two characters share is taught once, by either). */
  skills?: Record<string, SkillKnowledge>;
  /**
   * Its own version of a skill another character has taught under the same name (000's 速译 is a
   * trigger, 003's an active skill): asked before the shared knowledge, for this character only.
   */
  own?: Record<string, SkillKnowledge>;
}

const CHARACTERS = new Map<string, CharacterKnowledge>();
const SKILLS = new Map<string, SkillKnowledge>();
/** Knowledge one character has of its own version of a skill, by `character:skill`. */
const OWN = new Map<string, SkillKnowledge>();

/** Teaches the policy a character (by name), or skills shared by several (character null). */
export function teach(character: string | null, k: CharacterKnowledge): void {
  if (character !== null) {
    if (CHARACTERS.has(character)) throw new Error(`strong: ${character} taught twice`);
    CHARACTERS.set(character, k);
  }
  for (const [name, sk] of Object.entries(k.own ?? {})) OWN.set(`${character}:${name}`, sk);
  for (const [name, sk] of Object.entries(k.skills ?? {})) {
    if (SKILLS.has(name)) throw new Error(`strong: skill ${name} taught twice`);
    SKILLS.set(name, sk);
  }
}

export function missionOf(character: string | undefined): Mission {
  return (character === undefined ? undefined : CHARACTERS.get(character)?.mission) ?? null;
}

export function characterRank(character: string | undefined): number {
  return (character === undefined ? undefined : CHARACTERS.get(character)?.rank) ?? Infinity;
}

/** What the policy knows of a skill, as `character` (the user's, when known) has it. */
export const skillKnowledge = (skill: string | undefined, character?: string): SkillKnowledge | undefined =>
  skill === undefined ? undefined : (OWN.get(`${character}:${skill}`) ?? SKILLS.get(skill));

/** The DecideCtx of one decision. */
export function decideCtx(tb: Table, legal: readonly DecideAct[]): DecideCtx {
  const v = tb.v;
  const hand = v.hand ?? [];
  return {
    tb,
    legal,
    skill: v.pending?.skill,
    stage: v.pending?.stage,
    hand,
    handById: new Map(hand.map((c) => [c.id, c])),
    by(score) {
      let best: Action = legal[0];
      let bestS = score(legal[0]);
      for (const a of legal) {
        const sc = score(a);
        if (sc > bestS) {
          bestS = sc;
          best = a;
        }
      }
      return best;
    },
    colorsOf(ids) {
      const c: Vec3 = [0, 0, 0];
      for (const id of ids ?? []) c[colorIndex(tb.m.cards[id].color)]++;
      return c;
    },
  };
}
