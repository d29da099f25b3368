import {
  ActionRowBuilder,
  ApplicationCommandOptionType,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  MessageFlags,
  Routes,
  StringSelectMenuBuilder,
} from 'discord.js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { deferred, openTable, type Table } from './fixture.js';

let t: Table;
beforeEach(async () => {
  t = await openTable();
  await t.client.application.commands.set([
    { name: 'reply', description: 'reply' },
    { name: 'defer', description: 'deferred reply' },
    { name: 'secret', description: 'ephemeral reply' },
    { name: 'board', description: 'a message with buttons' },
    {
      name: 'game',
      description: 'game commands',
      name_localizations: { 'zh-CN': '游戏' },
      options: [
        {
          type: ApplicationCommandOptionType.Subcommand,
          name: 'start',
          name_localizations: { 'zh-CN': '开始' },
          description: 'start a game',
          options: [
            { type: ApplicationCommandOptionType.Integer, name: 'players', description: 'how many', required: true, min_value: 3, max_value: 9 },
            {
              type: ApplicationCommandOptionType.String,
              name: 'mode',
              name_localizations: { 'zh-CN': '模式' },
              description: 'mode',
              choices: [
                { name: 'Classic', value: 'classic', name_localizations: { 'zh-CN': '经典' } },
                { name: 'Quick', value: 'quick' },
              ],
            },
            { type: ApplicationCommandOptionType.User, name: 'rival', description: 'someone' },
          ],
        },
      ],
    },
  ]);
});
afterEach(async () => {
  expect(t.botErrors).toEqual([]);
  await t.close();
});

const boardRow = () =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId('join').setLabel('Join').setStyle(ButtonStyle.Primary),
    new ButtonBuilder().setCustomId('peek').setLabel('Peek').setStyle(ButtonStyle.Secondary),
    new ButtonBuilder().setCustomId('slow').setLabel('Slow').setStyle(ButtonStyle.Secondary),
  );

describe('interaction responses', () => {
  test('reply (type 4) is seen by everyone in the channel, with its buttons', async () => {
    t.onInteraction(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'A new game!', embeds: [{ title: '风声' }], components: [boardRow()] });
    });
    const seen = await t.discord.runCommand(t.alice, t.general, 'reply').response();
    expect(seen).toMatchObject({ content: 'A new game!', ephemeral: false, where: '#general' });
    expect(seen.embeds[0]?.title).toBe('风声');
    expect(seen.buttons.map((b) => b.label)).toEqual(['Join', 'Peek', 'Slow']);
    expect(seen.interaction).toMatchObject({ name: 'reply', userId: t.alice.id });
    expect(t.discord.seenBy(t.bob).map((m) => m.id)).toEqual([seen.id]);
    expect(t.discord.seenBy(t.carol)).toEqual([]);
  });

  test('deferred reply (type 5) shows "thinking" until edited through the webhook', async () => {
    const deferredDone = deferred<() => Promise<unknown>>();
    t.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      deferredDone.resolve(() => i.editReply({ content: 'done thinking' }));
    });
    const ix = t.discord.runCommand(t.alice, t.general, 'defer');
    const finish = await deferredDone.promise;
    expect(t.discord.seenBy(t.bob)[0]).toMatchObject({ loading: true, content: '' });
    await finish();
    expect(await ix.response()).toMatchObject({ loading: false, content: 'done thinking', edited: false });
  });

  test('the first follow-up after a deferred ephemeral reply fills it in, still ephemeral', async () => {
    t.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await i.followUp({ content: 'your hand: 3 cards' });
    });
    const ix = t.discord.runCommand(t.alice, t.general, 'defer');
    const seen = await ix.response();
    expect(seen).toMatchObject({ content: 'your hand: 3 cards', ephemeral: true, loading: false });
    expect(t.discord.seenBy(t.alice)).toHaveLength(1);
    expect(t.discord.seenBy(t.bob)).toEqual([]);
  });

  test('update (type 7) and deferred update (type 6) change the message the button is on', async () => {
    const slowDeferred = deferred<() => Promise<unknown>>();
    t.onInteraction(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'Lobby: nobody', components: [boardRow()] });
      if (!i.isButton()) return;
      if (i.customId === 'join') await i.update({ content: `Lobby: ${i.user.username}` });
      if (i.customId === 'slow') {
        await i.deferUpdate();
        slowDeferred.resolve(() => i.editReply({ content: 'Lobby: closed', components: [] }));
      }
    });
    const board = await t.discord.runCommand(t.alice, t.general, 'board').response();

    const joined = await t.discord.click(t.bob, { label: 'Join' }).response();
    expect(joined).toMatchObject({ id: board.id, content: 'Lobby: bob', edited: true });
    expect(joined.buttons).toHaveLength(3);

    const slow = t.discord.click(t.alice, { customId: 'slow' });
    const editLater = await slowDeferred.promise;
    expect(slow.record.responseType).toBe(6);
    expect(t.discord.seenBy(t.alice)[0]?.content).toBe('Lobby: bob');
    await editLater();
    expect(await slow.response()).toMatchObject({ id: board.id, content: 'Lobby: closed', buttons: [] });
  });

  test('ephemeral replies and follow-ups are visible only to their user, and not to channel routes', async () => {
    const replied = deferred<string>();
    t.onInteraction(async (i) => {
      if (i.isChatInputCommand() && i.commandName === 'secret') {
        const response = await i.reply({ content: 'you are the spy', flags: MessageFlags.Ephemeral, withResponse: true });
        expect(response.resource?.message?.flags.has(MessageFlags.Ephemeral)).toBe(true);
        expect((await i.fetchReply()).content).toBe('you are the spy');
        replied.resolve(response.resource!.message!.id);
      }
      if (i.isChatInputCommand() && i.commandName === 'reply') {
        await i.reply('public');
        await i.followUp({ content: 'psst, only you', flags: MessageFlags.Ephemeral });
      }
    });
    const secret = await t.discord.runCommand(t.alice, t.general, 'secret').response();
    const replyId = await replied.promise;
    expect(replyId).toBe(secret.id);
    expect(secret).toMatchObject({ ephemeral: true, content: 'you are the spy' });
    expect(t.discord.seenBy(t.bob)).toEqual([]);

    const channel = t.client.channels.cache.get(t.general.id);
    if (!channel?.isTextBased()) throw new Error('no channel');
    const fetched = await channel.messages.fetch({ message: replyId, force: true }).catch((e: unknown) => e);
    expect(fetched).toBeInstanceOf(DiscordAPIError);
    expect((fetched as DiscordAPIError).code).toBe(10008);

    const ix = t.discord.runCommand(t.bob, t.general, 'reply');
    await t.discord.waitFor(() => ix.record.followUpIds.length === 1);
    expect(t.discord.seenBy(t.bob).map((m) => m.content)).toEqual(['public', 'psst, only you']);
    expect(t.discord.seenBy(t.alice).map((m) => m.content)).toEqual(['you are the spy', 'public']);
  });

  test('a button on an ephemeral message can be pressed only by its user', async () => {
    t.onInteraction(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'your turn', components: [boardRow()], flags: MessageFlags.Ephemeral });
      if (i.isButton()) await i.update({ content: 'played', components: [] });
    });
    await t.discord.runCommand(t.alice, t.general, 'board').response();
    expect(() => t.discord.click(t.bob, { label: 'Join' })).toThrow(/sees no button/);
    const played = await t.discord.click(t.alice, { label: 'Join' }).response();
    expect(played).toMatchObject({ content: 'played', ephemeral: true });
  });

  test('select menus: a user chooses by label, the bot gets the values', async () => {
    const chosen: string[][] = [];
    t.onInteraction(async (i) => {
      if (i.isChatInputCommand()) {
        const menu = new StringSelectMenuBuilder()
          .setCustomId('target')
          .setPlaceholder('Pass the message to…')
          .setMinValues(1)
          .setMaxValues(2)
          .addOptions({ label: 'Alice', value: 'a' }, { label: 'Bob', value: 'b' }, { label: 'Carol', value: 'c' });
        await i.reply({ content: 'choose', components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)] });
      }
      if (i.isStringSelectMenu()) {
        chosen.push(i.values);
        await i.update({ content: `passed to ${i.values.join('+')}`, components: [] });
      }
    });
    await t.discord.runCommand(t.alice, t.general, 'board').response();
    expect(() => t.discord.choose(t.alice, { placeholder: 'Pass the message to…' }, ['a', 'b', 'c'])).toThrow(/1\.\.2/);
    const seen = await t.discord.choose(t.alice, { customId: 'target' }, ['Bob', 'c']).response();
    expect(chosen).toEqual([['b', 'c']]);
    expect(seen.content).toBe('passed to b+c');
  });

  test('slash commands carry options, sub-commands, resolved users and the user locale', async () => {
    const zhAlice = t.discord.updateUser(t.alice, { locale: 'zh-CN' });
    let seenOptions: unknown;
    t.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      seenOptions = {
        locale: i.locale,
        guildLocale: i.guildLocale,
        sub: i.options.getSubcommand(),
        players: i.options.getInteger('players'),
        mode: i.options.getString('mode'),
        rival: i.options.getUser('rival')?.username,
        rivalIsMember: i.options.getMember('rival') !== null,
      };
      await i.reply('ok');
    });
    await t.discord.runCommand(zhAlice, t.general, '游戏 开始', { players: 5, 模式: '经典', rival: t.bob }).response();
    expect(seenOptions).toEqual({
      locale: 'zh-CN',
      guildLocale: 'en-US',
      sub: 'start',
      players: 5,
      mode: 'classic',
      rival: 'bob',
      rivalIsMember: true,
    });
    expect(() => t.discord.runCommand(t.bob, t.general, 'game start', { players: 12 })).toThrow(/at most 9/);
    expect(() => t.discord.runCommand(t.bob, t.general, 'game start', {})).toThrow(/requires option "players"/);
  });

  test('follow-ups, fetch, edit and delete through the webhook routes', async () => {
    let followUpId = '';
    t.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('first');
      const follow = await i.followUp('second');
      followUpId = follow.id;
      await i.editReply({ message: follow.id, content: 'second, edited' });
      await i.deleteReply();
    });
    const ix = t.discord.runCommand(t.alice, t.general, 'reply');
    await t.discord.waitFor(() => t.discord.seenBy(t.bob).length === 1 && t.discord.seenBy(t.bob)[0]!.content === 'second, edited');
    expect(t.discord.seenBy(t.bob).map((m) => m.id)).toEqual([followUpId]);
    expect(ix.record.followUpIds).toEqual([followUpId]);
  });

  test('files sent with a reply, a follow-up or an edit become attachments', async () => {
    t.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ files: [{ attachment: Buffer.from('board'), name: 'board.txt' }] });
      await i.editReply({ content: 'the board', files: [{ attachment: Buffer.from('hand'), name: 'hand.txt' }] });
      await i.followUp({ content: 'log', files: [{ attachment: Buffer.from('log!'), name: 'log.txt' }] });
    });
    const ix = t.discord.runCommand(t.alice, t.general, 'reply');
    await t.discord.waitFor(() => ix.record.followUpIds.length === 1);
    const [reply, followUp] = t.discord.seenBy(t.bob);
    expect(reply?.content).toBe('the board');
    // discord.js lists only the new upload in `attachments`, so Discord drops the old file.
    expect(reply?.attachments.map((a) => a.filename)).toEqual(['hand.txt']);
    expect(followUp?.attachments).toEqual([expect.objectContaining({ filename: 'log.txt', size: 4 })]);
  });

  test('answering twice is refused with 40060', async () => {
    const answered = deferred<unknown>();
    t.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('once');
      // discord.js would refuse this locally; go to the API directly to see Discord's answer.
      answered.resolve(
        await i.client.rest
          .post(Routes.interactionCallback(i.id, i.token), { body: { type: 4, data: { content: 'twice' } }, auth: false })
          .catch((e: unknown) => e),
      );
    });
    await t.discord.runCommand(t.alice, t.general, 'reply').response();
    const second = await answered.promise;
    expect(second).toBeInstanceOf(DiscordAPIError);
    expect((second as DiscordAPIError).code).toBe(40060);
  });
});
