// What the game waits for next: a decision (Pending), and the queue of triggered skills that are
// asked before it (CharState.queue; asked one by one by queue.ts). Content puts decisions and
// triggers here; the turn machine (turn.ts, queue.ts) takes them.
import type { Ctx } from './state.js';
import type { GameState, Pending, Step, Trigger } from './types.js';

type NewPending = Pending extends infer P ? (P extends Pending ? Omit<P, 'opened' | 'deadline'> : never) : never;
type TriggerData = Trigger['data'];

/** A new decision; apply() stamps it with the new version (and a deadline when given a clock). */
export function setPending(s: GameState, ctx: Ctx, p: NewPending | null): void {
  s.pending = p ? ({ ...p, opened: s.version } as Pending) : null;
  if (p) ctx.newDecision = true;
}

export function openWindow(s: GameState, ctx: Ctx, step: Step): void {
  setPending(s, ctx, { kind: 'window', step, passed: 0 });
}

/** Queues a triggered skill's decision for its owner (asked after what is queued already). */
export function enqueue(s: GameState, seat: number, skill: string, stage = 'use', data?: TriggerData): void {
  s.chars!.queue.push({ seat, skill, stage, data });
}

/** Queues a decision that `owner`'s character defines but another seat answers (情仇). */
export function enqueueFor(s: GameState, owner: number, seat: number, skill: string, stage = 'use', data?: TriggerData): void {
  s.chars!.queue.push({ seat, of: owner, skill, stage, data });
}

/** The next stage of the skill being decided: asked before anything else queued. */
export function askNext(s: GameState, seat: number, skill: string, stage: string, data?: TriggerData): void {
  s.chars!.queue.unshift({ seat, skill, stage, data });
}

/** Asks an inline decision in the middle of a card's effect (the stack pauses, then goes on). */
export function askInline(s: GameState, ctx: Ctx, seat: number, skill: string, stage: string, data?: TriggerData): void {
  setPending(s, ctx, { kind: 'decide', seat, skill, stage, data, inline: true });
}
