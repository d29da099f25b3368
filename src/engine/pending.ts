// What the game waits for next: a decision (Pending), and the queue of triggered skills that are
// asked before it (CharState.queue; asked one by one by queue.ts). Content puts decisions and
// triggers here; the turn machine (turn.ts, queue.ts) takes them.
import type { Ctx } from './state.js';
import type { GameState, Pending, Step, Trigger } from './types.js';

type NewPending = Pending extends infer P ? (P extends Pending ? Omit<P, 'opened' | 'deadline'> : never) : never;
type TriggerData = Trigger['data'];

/** A new decision; apply() stamps it with the new version (and a deadline when given a clock). */
export function setPending(s: GameState, ctx: Ctx, p: NewPending | null): void {
  // Every caller passes a new object: it becomes the decision (no copy; `opened` goes last, as a spread put it).
  if (p) (p as Pending).opened = s.version;
  s.pending = p as Pending | null;
  if (p) ctx.newDecision = true;
}

export function openWindow(s: GameState, ctx: Ctx, step: Step): void {
  // setPending spelled out for the most frequent decision (a spread is slow here).
  s.pending = { kind: 'window', step, passed: 0, opened: s.version };
  ctx.newDecision = true;
}

/**
 * Two steps of the rules wait in the trigger queue behind the skills of a moment (queue.ts runs
 * them when their turn comes; their names are stored like skill names, so they stay as they are):
 * CLEANUP, a dead player's hand and intel going to the discard pile once the death's skills are
 * decided (outcome.ts die: 遗志, 搜取, 救美 need them still there); NEXT_TURN, the next turn starting
 * once the skills of a turn's end are decided (turn.ts endTurn: 冷血).
 */
export const CLEANUP = '#cleanup';
export const NEXT_TURN = '#nextTurn';
/**
 * END_TURN: in an edition without 出牌阶段(2) (千智风声), the end of the turn once the skills of the
 * moment the intel was taken are decided (turn.ts endPassing).
 */
export const END_TURN = '#endTurn';

export function queueCleanup(s: GameState, seat: number): void {
  s.chars!.queue.push({ seat, skill: CLEANUP, stage: 'cleanup' });
}

export function queueEndTurn(s: GameState, seat: number): void {
  s.chars!.queue.push({ seat, skill: END_TURN, stage: 'end' });
}

export function queueNextTurn(s: GameState, seat: number): void {
  s.chars!.queue.push({ seat, skill: NEXT_TURN, stage: 'next' });
}

/** Whether a dead player's clean-up (of `seat`, or anyone's) still waits on the death's skills. */
export function cleanupWaiting(s: GameState, seat?: number): boolean {
  const q = s.chars?.queue;
  if (q) for (const t of q) if (t.skill === CLEANUP && (seat === undefined || t.seat === seat)) return true;
  return false;
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
