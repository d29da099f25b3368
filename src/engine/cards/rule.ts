// What every card's rule file provides. The core asks these; no card name appears in the core.
import type { Refusal } from '../refusals.js';
import type { Ctx } from '../state.js';
import type { Action, CardName, Edition, GameState, StackItem, Step } from '../types.js';

export type PlayAction = Extract<Action, { kind: 'play' }>;

export interface CardRule {
  name: CardName;
  /** What a use names besides the card: a player, an intel in front of someone, or a stack item. */
  needs: 'nothing' | 'player' | 'intel' | 'stackItem';
  /** Why `seat` may not use it now like this (the response window `step` is open), or null. */
  check(s: GameState, seat: number, step: Step, a: PlayAction): Refusal | null;
  /** Its effect, when it resolves without being negated. The card has already left the stack. */
  resolve(s: GameState, ctx: Ctx, item: StackItem): void;
  /**
   * A resolved card goes to the discard pile, or (试探) out of the game face down, or (调包) where its
   * effect put it: the effect then puts it somewhere itself, the discard pile when it did nothing.
   */
  resolvedTo?: 'removed' | 'placed';
  /** Whether the public may see the card's face while it is used (试探 is handed face down). */
  hidden?: boolean;
  /** The skill that lets this seat use it now where the card alone would not (敏锐), if any. */
  perkUsed?(s: GameState, seat: number): string | undefined;
  /**
   * Where an edition gives the card another timing or effect (千智风声, editions.ts): what it replaces.
   * The core looks cards up through `rulesOf(state)`, which applies these.
   */
  editions?: Partial<Record<Edition, Partial<Pick<CardRule, 'check' | 'resolve' | 'perkUsed'>>>>;
}
