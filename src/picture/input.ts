// What the table picture shows, taken from the public view only (view(state, null)) and the
// public seat tags. The picture is drawn from this and nothing else, so it cannot show a secret,
// and its hash tells the publisher whether the picture changed since the last upload.
import { createHash } from 'node:crypto';
import type { Card, GameView, Identity } from '../engine/index.js';
import type { Locale } from '../i18n/index.js';

export interface PictureCard {
  name: Card['name'];
  color: Card['color'];
  mode: Card['mode'];
}

export interface PictureSeat {
  name: string;
  alive: boolean;
  out: boolean;
  hand: number;
  intel: PictureCard[];
  identity?: Identity;
  locked: boolean;
  /** Absent without characters; null when the character is face down (its back is drawn). */
  character?: string | null;
  ai: boolean;
  auto: boolean;
}

/** The counts and the outcome as the view has them; seats, transit, stack and pending in the picture's own terms. */
export interface PictureInput extends Pick<GameView, 'current' | 'round' | 'roundLimit' | 'deck' | 'discard' | 'removed' | 'result'> {
  locale: Locale;
  seats: PictureSeat[];
  transit: null | (Omit<NonNullable<GameView['transit']>, 'card'> & { card?: PictureCard });
  stack: { user: number; as: string; target?: number; card?: PictureCard }[];
  /**
   * What the game waits for. Like the text table (rulings §7b) it never says who is still waited
   * on in a response window: only the seat whose own decision it is (`decider`), if any.
   */
  pending: null | { kind: string; step?: string; decider: number | null; deadline?: number };
}

const face = (c: Card): PictureCard => ({ name: c.name, color: c.color, mode: c.mode });

/** What the table shows beside the public view: seat tags and whose own decision it is (engine decider()). */
export interface PictureTags {
  ai: number[];
  autopilot: number[];
  decider: number | null;
}

/** The picture's inputs from the public view; refuses a seat's view (it may hold secrets). */
export function pictureInput(locale: Locale, v: GameView, tags: PictureTags): PictureInput {
  if (v.you !== null) throw new Error('the table picture is drawn from the public view only');
  const p = v.pending;
  return {
    locale,
    seats: v.players.map((s) => ({
      name: s.name,
      alive: s.alive,
      out: s.out,
      hand: s.handCount,
      intel: s.intel.map(face),
      ...(s.identity && { identity: s.identity }),
      locked: s.locked,
      ...(s.faceUp !== undefined && { character: s.character ?? null }),
      ai: tags.ai.includes(s.seat),
      auto: !tags.ai.includes(s.seat) && tags.autopilot.includes(s.seat),
    })),
    current: v.current,
    round: v.round,
    roundLimit: v.roundLimit,
    deck: v.deck,
    discard: v.discard,
    removed: v.removed,
    transit: v.transit && {
      sender: v.transit.sender,
      mode: v.transit.mode,
      at: v.transit.at,
      dir: v.transit.dir,
      ...(v.transit.target !== undefined && { target: v.transit.target }),
      away: v.transit.away.slice(),
      ...(v.transit.card && { card: face(v.transit.card) }),
    },
    stack: v.stack.map((s) => ({
      user: s.user,
      as: s.as,
      ...(s.target !== undefined && { target: s.target }),
      ...(s.card && { card: face(s.card) }),
    })),
    pending:
      p && !v.result
        ? {
            kind: p.kind,
            ...(p.step !== undefined && { step: p.step }),
            decider: tags.decider,
            ...(p.deadline !== undefined && { deadline: p.deadline }),
          }
        : null,
    result: v.result,
  };
}

/** A digest of what the picture shows: equal digests, equal pictures. */
export function pictureKey(input: PictureInput): string {
  return createHash('sha1').update(JSON.stringify(input)).digest('hex');
}
