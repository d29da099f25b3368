// Why an action was refused. The code is stable (locale files translate it, with the same
// parameters); the English text is for logs, tests and the scenario runner.

const TEXT = {
  malformed: 'Malformed action: {detail}.',
  unknownAction: 'Unknown action kind "{kind}".',
  stale: 'This action was made against version {given}, but the game is at version {version}.',
  gameOver: 'The game is over.',
  noSuchSeat: 'There is no seat {seat}.',
  notInGame: 'Seat {seat} is no longer in the game.',
  notYourDecision: 'Nobody is waiting on seat {seat} now.',
  alreadyPassed: 'Seat {seat} has already passed in this window.',
  notYourTurn: 'Only the current player may do that.',
  notInHand: 'That card is not in your hand.',
  wrongMoment: '{card} cannot be used now: {rule}.',
  badTarget: '{card} needs a target: {rule}.',
  nothingToCounter: 'There is no card being used to answer with 识破.',
  badCounterTarget: '识破 must name a card on the stack.',
  noBlackIntel: '烧毁 needs a black intel in front of a live player.',
  notSendPhase: 'It is not time to send intel.',
  directNeedsTarget: '直达 intel needs another live player as its target.',
  notReceiving: 'No intel is waiting for your decision.',
  mustTake: 'You are locked (锁定): you must take this intel.',
  notDiscarding: 'Nothing is asking you to discard.',
  timeoutNotDue: 'There is no decision to time out.',
  notDeciding: 'No skill is asking you to decide.',
  notAChoice: 'That is not one of the choices {skill} offers now.',
  noSuchSkill: 'Your character has no skill "{skill}".',
  skillFace: '{skill} cannot be used with your character on this side (a 翻开 skill only face down, the others only face up).',
  skillNotNow: '{skill} cannot be used now: {rule}.',
  skillPending: '{skill} is already waiting to resolve.',
  notChoosingCharacter: 'Nobody is asking you to choose a character.',
  notOffered: '{character} was not offered to you.',
  cannotPlayAs: 'This card cannot be used as {as} now.',
  cannotSendAs: 'This intel cannot be sent like that: {rule}.',
} as const;

export type RefusalCode = keyof typeof TEXT;

export interface Refusal {
  ok: false;
  code: RefusalCode;
  params: Record<string, string | number>;
  /** Filled in by apply(); rules only name the code, because legal-action listing makes many. */
  reason?: string;
}

export function refuse(code: RefusalCode, params: Record<string, string | number> = {}): Refusal {
  return { ok: false, code, params };
}

export function explain(r: Refusal): Refusal & { reason: string } {
  const reason = TEXT[r.code].replace(/\{(\w+)\}/g, (_, k: string) => String(r.params[k] ?? `{${k}}`));
  return { ...r, reason };
}
