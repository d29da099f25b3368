// 传递情报阶段 (docs/rules.md §5, §6): the one definition of how a card may be sent. check() refuses
// what it refuses and legalActions() lists exactly what it accepts.
import { refuse, type Refusal } from './refusals.js';
import { perk } from './registry.js';
import { inGame } from './state.js';
import type { Action, GameState } from './types.js';

export type SendAction = Extract<Action, { kind: 'send' }>;

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

/** Why `seat` may not send a hand card like this (the card is in hand; the send is theirs), or null. */
export function sendRefusal(s: GameState, seat: number, a: SendAction): Refusal | null {
  const mode = a.via ?? s.cards[a.card].mode;
  if (a.via !== undefined && (a.via !== '密电' || s.cards[a.card].mode !== '文本' || !perk(s, seat, 'textAsCipher')))
    return refuse('cannotSendAs', { rule: 'only a skill sends 文本 intel as 密电' });
  // The usual direction is the default, never named: a listed action is the only way to say it.
  if (a.dir !== undefined && (a.dir !== -1 || mode === '直达' || !perk(s, seat, 'chooseDirection')))
    return refuse('cannotSendAs', { rule: 'only a skill chooses the direction of non-直达 intel' });
  if (mode === '直达') {
    const t = a.target;
    if (!isInt(t) || t < 0 || t >= s.players.length || t === seat || !inGame(s.players[t])) return refuse('directNeedsTarget');
  }
  return null;
}

/** Every way to send a card of `seat`'s hand, in the order legalActions lists them. */
export function sendActions(s: GameState, seat: number): SendAction[] {
  const out: SendAction[] = [];
  for (const card of s.players[seat].hand) {
    const candidates: SendAction[] =
      s.cards[card].mode === '直达'
        ? s.players.map((_, target) => ({ kind: 'send', seat, card, target }))
        : [
            { kind: 'send', seat, card },
            { kind: 'send', seat, card, via: '密电' },
            { kind: 'send', seat, card, dir: -1 },
            { kind: 'send', seat, card, via: '密电', dir: -1 },
          ];
    for (const a of candidates) if (!sendRefusal(s, seat, a)) out.push(a);
  }
  return out;
}
