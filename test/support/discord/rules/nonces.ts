import { FormErrors } from '../errors.js';
import type { ChannelRecord, MessageFault, MessageRecord, World } from '../model.js';

/**
 * Message nonces as Discord keeps them: with `enforce_nonce: true`, a create whose nonce the same
 * author used in the same channel within the last few minutes makes no message and returns the
 * first one. A nonce is an integer or a string of at most 25 characters.
 */
export const NONCE_WINDOW_MS = 5 * 60_000;
const MAX_NONCE = 25;

export interface NonceField {
  nonce: string | null;
  enforce: boolean;
}

export function readNonce(raw: unknown): NonceField {
  const body = typeof raw === 'object' && raw !== null ? (raw as { nonce?: unknown; enforce_nonce?: unknown }) : {};
  const errors = new FormErrors();
  let nonce: string | null = null;
  if (typeof body.nonce === 'number' && Number.isInteger(body.nonce)) nonce = String(body.nonce);
  else if (typeof body.nonce === 'string') {
    if (body.nonce.length > MAX_NONCE) errors.add(['nonce'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_NONCE} or fewer in length.`);
    nonce = body.nonce;
  } else if (body.nonce !== undefined && body.nonce !== null) errors.add(['nonce'], 'BASE_TYPE_STRING', 'Must be a string or an integer.');
  const enforce = body.enforce_nonce === true;
  if (body.enforce_nonce !== undefined && typeof body.enforce_nonce !== 'boolean') errors.add(['enforce_nonce'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  errors.throwIfAny();
  return { nonce, enforce };
}

const nonceKey = (channelId: string, authorId: string, nonce: string) => `${channelId} ${authorId} ${nonce}`;

/** The message an enforced nonce already made, or undefined. */
export function nonceHit(world: World, channel: ChannelRecord, authorId: string, n: NonceField): MessageRecord | undefined {
  if (!n.enforce || n.nonce === null) return undefined;
  const since = world.clock.now() - NONCE_WINDOW_MS;
  return world.nonced.get(nonceKey(channel.id, authorId, n.nonce))?.find((m) => m.createdAt >= since && world.messages.get(m.id) === m);
}

/** Keeps a new message's nonce for nonceHit; once a window, what has left it (or the world) is let go. */
export function keepNonce(world: World, m: MessageRecord): void {
  if (m.nonce === null) return;
  const key = nonceKey(m.channelId, m.authorId, m.nonce);
  const list = world.nonced.get(key);
  if (list) list.push(m);
  else world.nonced.set(key, [m]);
  const now = world.clock.now();
  if (now - world.noncesSweptAt < NONCE_WINDOW_MS) return;
  world.noncesSweptAt = now;
  const since = now - NONCE_WINDOW_MS;
  for (const [k, ms] of world.nonced) {
    const kept = ms.filter((x) => x.createdAt >= since && world.messages.get(x.id) === x);
    if (kept.length) world.nonced.set(k, kept);
    else world.nonced.delete(k);
  }
}

/** The fault this create meets, counted; undefined when none is set for it. */
export function takeMessageFault(world: World, channel: ChannelRecord): MessageFault | undefined {
  const i = world.messageFaults.findIndex((f) => f.channelId === undefined || f.channelId === channel.id || (f.channelId === 'dm' && channel.kind === 'dm'));
  if (i < 0) return undefined;
  const fault = world.messageFaults[i]!;
  if (--fault.count <= 0) world.messageFaults.splice(i, 1);
  return fault;
}
