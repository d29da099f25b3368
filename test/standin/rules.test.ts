import { DiscordAPIError, type TextChannel } from 'discord.js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ANSWER_WINDOW_MS, TOKEN_LIFETIME_MS } from '../support/discord/index.js';
import { deferred, openTable, type Table } from './fixture.js';

let t: Table;
let channel: TextChannel;
beforeEach(async () => {
  t = await openTable();
  channel = t.client.channels.cache.get(t.general.id) as TextChannel;
  await t.client.application.commands.set([{ name: 'play', description: 'play' }]);
});
afterEach(async () => {
  await t.close();
});

const button = (customId: string) => ({ type: 2, style: 1, label: 'b', custom_id: customId });
const row = (...components: unknown[]) => ({ type: 1, components });

async function refusal(send: Promise<unknown>): Promise<DiscordAPIError> {
  const error = await send.then(
    () => new Error('expected Discord to refuse'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DiscordAPIError);
  return error as DiscordAPIError;
}

describe('message limits, enforced with 50035 Invalid Form Body', () => {
  test('custom_id longer than 100 characters', async () => {
    const error = await refusal(channel.send({ content: 'x', components: [row(button('c'.repeat(101)))] as never }));
    expect(error.code).toBe(50035);
    expect(error.status).toBe(400);
    expect(error.rawError).toMatchObject({
      errors: { components: { 0: { components: { 0: { custom_id: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] } } } } } },
    });
    // 100 is fine.
    await channel.send({ content: 'x', components: [row(button('c'.repeat(100)))] as never });
  });

  test('six action rows, six buttons in a row, a select sharing a row, 26 options, duplicate ids', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => row(button(`r${i}`)));
    expect((await refusal(channel.send({ content: 'x', components: rows as never }))).message).toContain(
      'components[BASE_TYPE_MAX_LENGTH]',
    );
    const wide = row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)));
    expect((await refusal(channel.send({ content: 'x', components: [wide] as never }))).message).toContain(
      'components[0].components[BASE_TYPE_BAD_LENGTH]',
    );
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `o${i}`, value: `v${i}` }));
    const select = { type: 3, custom_id: 's', options: options(3) };
    expect((await refusal(channel.send({ content: 'x', components: [row(select, button('b'))] as never }))).message).toContain(
      'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
    );
    const big = { ...select, options: options(26) };
    expect((await refusal(channel.send({ content: 'x', components: [row(big)] as never }))).code).toBe(50035);
    expect(
      (await refusal(channel.send({ content: 'x', components: [row(button('same'), button('same'))] as never }))).message,
    ).toContain('COMPONENT_CUSTOM_ID_DUPLICATED');
    // Five rows of five buttons, and a row holding one 25-option select, are fine.
    const full = Array.from({ length: 5 }, (_, r) => row(...Array.from({ length: 5 }, (_, b) => button(`${r}-${b}`))));
    await channel.send({ content: 'ok', components: full as never });
    await channel.send({ content: 'ok', components: [row({ ...select, options: options(25) })] as never });
  });

  test('content and embed lengths, and empty messages', async () => {
    expect((await refusal(channel.send('字'.repeat(2001)))).message).toContain('content[BASE_TYPE_MAX_LENGTH]');
    await channel.send('字'.repeat(2000));
    expect((await refusal(channel.send({ embeds: [{ title: 't'.repeat(257) }] }))).message).toContain('embeds[0].title');
    const fields = Array.from({ length: 7 }, () => ({ name: 'n', value: 'v'.repeat(1000) }));
    expect((await refusal(channel.send({ embeds: [{ fields }] }))).message).toContain('MAX_EMBED_SIZE_EXCEEDED');
    const empty = await refusal(channel.send({ content: '' }));
    expect(empty.code).toBe(50006);
  });

  test('a refused interaction reply leaves the interaction unanswered, so it fails', async () => {
    const refused = deferred<unknown>();
    t.onInteraction(async (i) => {
      if (i.isChatInputCommand()) {
        refused.resolve(await i.reply({ content: 'x'.repeat(2001) }).catch((e: unknown) => e));
      }
    });
    const ix = t.discord.runCommand(t.alice, t.general, 'play');
    expect(await refused.promise).toMatchObject({ code: 50035 });
    expect(ix.state).toBe('pending');
    t.discord.advance(ANSWER_WINDOW_MS);
    expect(ix.state).toBe('failed');
  });
});

describe('Discord timers, on an injected clock', () => {
  test('an interaction not answered within 3 seconds fails for the user; a late answer gets 10062', async () => {
    const received = deferred();
    const release = deferred();
    const outcome = deferred<unknown>();
    t.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      received.resolve();
      await release.promise;
      outcome.resolve(await i.reply('too late').catch((e: unknown) => e));
    });
    const ix = t.discord.runCommand(t.alice, t.general, 'play');
    await received.promise;
    t.discord.advance(ANSWER_WINDOW_MS - 1);
    expect(ix.state).toBe('pending');
    t.discord.advance(1);
    expect(ix.state).toBe('failed');
    expect(t.discord.noticesFor(t.alice)).toEqual([
      expect.objectContaining({ kind: 'interaction-failed', interactionId: ix.id, text: 'The application did not respond' }),
    ]);
    expect(t.discord.noticesFor(t.bob)).toEqual([]);
    release.resolve();
    const error = await outcome.promise;
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(10062);
    expect(t.discord.seenBy(t.alice)).toEqual([]);
  });

  test('an answer just inside the window succeeds', async () => {
    const received = deferred();
    const release = deferred();
    t.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      received.resolve();
      await release.promise;
      await i.reply('just in time');
    });
    const ix = t.discord.runCommand(t.alice, t.general, 'play');
    await received.promise;
    t.discord.advance(ANSWER_WINDOW_MS - 1);
    release.resolve();
    expect((await ix.response()).content).toBe('just in time');
    expect(t.botErrors).toEqual([]);
  });

  test('interaction tokens expire after 15 minutes: follow-ups and edits get 50027', async () => {
    const answered = deferred<() => Promise<unknown[]>>();
    t.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('started');
      answered.resolve(() =>
        Promise.all([
          i.followUp('later').catch((e: unknown) => e),
          i.editReply('edited later').catch((e: unknown) => e),
        ]),
      );
    });
    t.discord.runCommand(t.alice, t.general, 'play');
    const later = await answered.promise;
    t.discord.advance(TOKEN_LIFETIME_MS - 1);
    expect(await later()).toEqual([expect.objectContaining({ content: 'later' }), expect.objectContaining({ content: 'edited later' })]);
    t.discord.advance(1);
    const errors = await later();
    for (const error of errors) {
      expect(error).toBeInstanceOf(DiscordAPIError);
      expect(error).toMatchObject({ code: 50027, status: 401 });
    }
  });

  test('unknown and deleted messages are 10008', async () => {
    const sent = await channel.send('hello');
    await sent.delete();
    expect((await refusal(channel.messages.fetch({ message: sent.id, force: true }))).code).toBe(10008);
    expect((await refusal(channel.messages.edit(sent.id, 'again'))).code).toBe(10008);
  });
});
