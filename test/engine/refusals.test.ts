// Bad input of every kind is refused with a readable reason and leaves the state as it was.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, waitingOn } from '../../src/engine/index.js';
import type { Action, GameState } from '../../src/engine/types.js';

function fresh(): GameState {
  return newGame({ seed: 7, players: ['A', 'B', 'C', 'D', 'E'] }).state;
}

/** Passes the play-1 window for everyone so the current player must send. */
function toSendPhase(s: GameState): GameState {
  while (s.pending?.kind === 'window') {
    const r = apply(s, { kind: 'pass', seat: waitingOn(s)[0] });
    if (!r.ok) throw new Error(r.reason);
    s = r.state;
  }
  return s;
}

function refused(s: GameState, a: unknown, code: string) {
  const before = JSON.stringify(s);
  const r = apply(s, a as Action);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.code).toBe(code);
  expect(r.reason.length).toBeGreaterThan(5);
  expect(r.reason).not.toMatch(/\{\w+\}/);
  expect(JSON.stringify(s)).toBe(before);
}

describe('refused actions', () => {
  const s = fresh();
  const cur = s.current;
  const other = (cur + 1) % 5;

  it('malformed payloads', () => {
    refused(s, null, 'malformed');
    refused(s, 'pass', 'malformed');
    refused(s, { seat: cur }, 'malformed');
    refused(s, { kind: 'pass', seat: 'A' }, 'malformed');
    refused(s, { kind: 'play', seat: cur, card: 'x' }, 'malformed');
  });

  it('unknown action kind', () => refused(s, { kind: 'dance', seat: cur }, 'unknownAction'));

  it('stale version', () => refused(s, { kind: 'pass', seat: cur, version: s.version + 3 }, 'stale'));

  it('no such seat', () => refused(s, { kind: 'pass', seat: 9 }, 'noSuchSeat'));

  it('card not in hand', () => {
    const notMine = s.players[other].hand[0];
    refused(s, { kind: 'play', seat: cur, card: notMine, target: other }, 'notInHand');
  });

  it('wrong moment: sending in 出牌阶段, taking when nothing arrived', () => {
    refused(s, { kind: 'send', seat: cur, card: s.players[cur].hand[0], target: other }, 'notSendPhase');
    refused(s, { kind: 'take', seat: cur }, 'notReceiving');
    refused(s, { kind: 'choose', seat: cur, card: s.players[cur].hand[0] }, 'notDiscarding');
  });

  it('wrong player: someone else sends', () => {
    const t = toSendPhase(s);
    refused(t, { kind: 'send', seat: other, card: t.players[other].hand[0], target: cur }, 'notSendPhase');
    refused(t, { kind: 'pass', seat: other }, 'notYourDecision');
  });

  it('direct intel without a target, or aimed at oneself', () => {
    const base = toSendPhase(s);
    const t: GameState = { ...base, cards: base.cards.map((c) => ({ ...c, mode: '直达' as const })) };
    const card = t.players[cur].hand[0];
    refused(t, { kind: 'send', seat: cur, card }, 'directNeedsTarget');
    refused(t, { kind: 'send', seat: cur, card, target: cur }, 'directNeedsTarget');
  });

  it('passing twice in one window', () => {
    const r = apply(s, { kind: 'pass', seat: other });
    expect(r.ok).toBe(true);
    if (r.ok) refused(r.state, { kind: 'pass', seat: other }, 'alreadyPassed');
  });

  it('anything after the game is over', () => {
    const over: GameState = { ...s, result: { winners: [0], declarer: null, draw: false, reason: 'lastSurvivor' }, pending: null };
    refused(over, { kind: 'pass', seat: cur }, 'gameOver');
  });

  it('every listed legal action is accepted', () => {
    for (const seat of waitingOn(s)) for (const a of legalActions(s, seat)) expect(apply(s, a).ok).toBe(true);
  });
});
