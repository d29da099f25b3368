// Message nonces as Discord keeps them (support/discord/rules/nonces.ts): a create with
// enforce_nonce whose nonce the same author used in the same channel in the last 5 minutes makes
// no message and answers the first one; another channel, a create without enforce_nonce, or the
// same nonce 5 minutes later makes a new one.
import { afterEach, describe, expect, test } from 'vitest';
import { NONCE_WINDOW_MS } from '../support/discord/rules/nonces.js';
import { openTable, type Table } from './fixture.js';

let t: Table | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function post(table: Table, channelId: string, body: Record<string, unknown>): Promise<{ id: string; content: string }> {
  const res = await fetch(`${table.discord.apiBase}/v10/channels/${channelId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bot ${table.discord.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; content: string };
}

describe('message nonces', () => {
  test('an enforced nonce answers the first message for 5 minutes, in its own channel only', async () => {
    t = await openTable();
    const other = t.discord.createChannel(t.guild, 'other');
    const first = await post(t, t.general.id, { content: 'first', nonce: 'n1', enforce_nonce: true });
    const again = await post(t, t.general.id, { content: 'again', nonce: 'n1', enforce_nonce: true });
    expect(again).toMatchObject({ id: first.id, content: 'first' });
    // A minute later, not enforced: a message of its own, and the first stays the one an enforced nonce finds.
    t.clock.advance(60_000);
    const loose = await post(t, t.general.id, { content: 'loose', nonce: 'n1' });
    expect(loose.id).not.toBe(first.id);
    // Another channel keeps its own nonces; the first is still the one found in its own.
    const elsewhere = await post(t, other.id, { content: 'elsewhere', nonce: 'n1', enforce_nonce: true });
    expect(elsewhere.id).not.toBe(first.id);
    // Past the window the first is forgotten; the loose one, made a minute later, is still within it.
    t.clock.advance(NONCE_WINDOW_MS - 60_000 - 1);
    expect((await post(t, t.general.id, { content: 'late', nonce: 'n1', enforce_nonce: true })).id).toBe(first.id);
    t.clock.advance(2);
    expect((await post(t, t.general.id, { content: 'later', nonce: 'n1', enforce_nonce: true })).id).toBe(loose.id);
    // A message deleted from the world (the bench's prune) is not answered again. (Five posts a channel:
    // its bucket's window is on the wall clock.)
    t.discord.world.messages.delete(elsewhere.id);
    const fresh = await post(t, other.id, { content: 'fresh', nonce: 'n1', enforce_nonce: true });
    expect(fresh.id).not.toBe(elsewhere.id);
    expect(fresh.content).toBe('fresh');
  });
});
