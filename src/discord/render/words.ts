// Cards, seats and events in the reader's language.
import type { Card, GameEvent, GameView, Identity } from '../../engine/index.js';
import { hasKey, t, type Locale } from '../../i18n/index.js';

/**
 * A card in words. What a 试探 bets on is printed on its face but matters only in its holder's
 * hand, so everywhere else (`full` false) it reads like any other card.
 */
export function cardText(l: Locale, c: Card, full = false): string {
  const color = t(l, `color.${c.color}`);
  if (c.probe && full)
    return t(l, 'card.probe', { color, identity: t(l, `identity.${c.probe.identity}`), branch: t(l, `branch.${c.probe.branch}`) });
  return t(l, 'card', { name: c.name, color, mode: t(l, `mode.${c.mode}`) });
}

export function identityText(l: Locale, id: Identity): string {
  return t(l, `identity.${id}`);
}

/** One line of the table's log for a public event, or null for events not worth a line. */
export function eventLine(l: Locale, ev: GameEvent, names: string[], cards: Card[]): string | null {
  const name = (seat: unknown) => (typeof seat === 'number' ? (names[seat] ?? `#${seat}`) : '?');
  const card = (id: unknown) => (typeof id === 'number' && cards[id] ? cardText(l, cards[id]) : t(l, 'card.secret'));
  const e = ev as Record<string, unknown>;
  let key = `ev.${ev.type}`;
  const p: Record<string, string | number> = { seat: name(e.seat) };
  switch (ev.type) {
    case 'gameStart':
      p.first = name(e.first);
      break;
    case 'draw':
    case 'discard':
      if (!e.count) return null;
      p.count = Number(e.count);
      break;
    case 'send':
      p.mode = t(l, `mode.${String(e.mode)}` as 'mode.密电');
      p.target = e.target === undefined ? '' : t(l, 'ev.sendTarget', { name: name(e.target) });
      p.card = e.card === undefined ? '' : t(l, 'ev.sendFace', { card: card(e.card) });
      p.dir = e.dir === -1 ? t(l, 'table.reversed') : '';
      break;
    case 'transmit':
      p.to = name(e.toSeat);
      break;
    case 'take':
      if (e.forced) key = 'ev.takeForced';
      p.card = card(e.card);
      break;
    case 'intercept':
    case 'burned':
      p.card = card(e.card);
      break;
    case 'play':
      p.as = String(e.as);
      p.target = e.target === undefined ? '' : t(l, 'ev.playTarget', { name: name(e.target) });
      if (typeof e.skill === 'string') {
        key = 'ev.playVia';
        p.skill = e.skill;
      }
      break;
    case 'declare':
      if (e.failed) key = 'ev.declareFailed';
      else if (e.sole) key = 'ev.declareSole';
      else if (e.mission) {
        key = 'ev.declareMission';
        p.mission = String(e.mission);
      }
      break;
    case 'overturn':
    case 'joins':
      p.of = name(e.of);
      p.mission = String(e.mission);
      break;
    case 'negate':
    case 'negated':
      p.as = String(e.as);
      break;
    case 'probeResult':
      key = `ev.probeResult.${String(e.result)}`;
      p.says = String(e.says ?? '');
      break;
    case 'reveal':
    case 'identityShown':
      p.identity = identityText(l, e.identity as Identity);
      break;
    case 'skill':
    case 'skillUsed':
      p.skill = String(e.skill);
      p.target = e.target === undefined ? '' : t(l, 'ev.playTarget', { name: name(e.target) });
      break;
    case 'characterUp':
      p.character = String(e.character);
      break;
    case 'handTaken':
      p.from = name(e.from);
      p.count = Number(e.count);
      break;
    case 'cardGiven':
    case 'handGiven':
      p.target = name(e.target);
      p.count = Number(e.count ?? 1);
      break;
    case 'intelToHand':
      p.from = name(e.from);
      p.card = card(e.card);
      break;
    case 'intelToDeck':
    case 'intelRevealed':
      p.card = card(e.card);
      break;
    case 'toDeckTop':
      p.count = Number(e.count);
      break;
    case 'intelMoved':
      p.from = name(e.from);
      p.card = card(e.card);
      break;
    case 'shown':
      p.card = card(e.card);
      break;
  }
  if (!hasKey(key)) return null;
  const line = t(l, key, p);
  return line === '' ? null : line;
}

/** Who a view's pending decision waits on, in words. */
export function pendingText(l: Locale, v: GameView): string {
  const p = v.pending;
  if (!p) return '';
  if (p.kind === 'window') return t(l, 'pending.window', { step: t(l, `step.${p.step!}`) });
  return t(l, `pending.${p.kind}` as 'pending.send');
}

/** A private event for its owner, in words (DMs and the 我的信息 panel), or null. */
export function secretLine(l: Locale, ev: GameEvent, me: number, names: string[], cards: Card[]): string | null {
  const e = ev as Record<string, unknown>;
  const card = (id: unknown) => cardText(l, cards[id as number], true);
  const list = (ids: unknown) => (ids as number[]).map((id) => cardText(l, cards[id], true)).join('、');
  switch (ev.type) {
    case 'identity':
      return t(l, 'secret.identity', { identity: identityText(l, e.identity as Identity) });
    case 'drawCards':
      return t(l, 'secret.drew', { cards: list(e.cards) });
    case 'peek':
      return t(l, 'secret.peek', { card: card(e.card) });
    case 'sendCard':
      return t(l, 'secret.sent', { card: card(e.card) });
    case 'discardCards':
      return t(l, 'secret.discarded', { cards: list(e.cards) });
    case 'characterOffer':
      return t(l, 'secret.offer', { characters: (e.characters as string[]).join('、') });
    case 'character':
      return t(l, 'secret.character', { character: String(e.character) });
    case 'identitySeen':
      return t(l, 'secret.identitySeen', { target: names[e.seat as number], identity: identityText(l, e.identity as Identity) });
    case 'handSeen':
      return t(l, 'secret.handSeen', { target: names[e.seat as number], cards: list(e.cards) });
    case 'probeSeen':
      return t(l, 'secret.probeSeen', { user: names[e.user as number], target: names[e.target as number], card: card(e.card) });
    case 'handTakenCards':
      return e.seat === me
        ? t(l, 'secret.tookFrom', { target: names[e.from as number], cards: list(e.cards) })
        : t(l, 'secret.takenBy', { user: names[e.seat as number], cards: list(e.cards) });
    case 'cardGivenCards':
    case 'handGivenCards': {
      const cards = list(e.cards);
      return e.seat === me
        ? t(l, 'secret.gave', { target: names[e.target as number], cards })
        : t(l, 'secret.given', { user: names[e.seat as number], cards });
    }
    case 'probeCard':
      return e.seat === me
        ? t(l, 'secret.probeUsed', { target: names[e.target as number], card: card(e.card) })
        : t(l, 'secret.probed', { user: names[e.seat as number], card: card(e.card) });
    default:
      return null;
  }
}
