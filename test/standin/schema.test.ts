import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ManualClock, startStandIn, TEST_LIMITS, type ChannelRecord, type StandIn, type UserRecord } from '../support/discord/index.js';

/**
 * Deliberately broken request bodies, sent raw (no discord.js in between, which would catch some
 * itself): the stand-in refuses every one the way Discord does (400, 50035, `errors` naming the
 * field), from Discord's published schema and the documented limits it does not encode.
 */

let discord: StandIn;
let alice: UserRecord;
let general: ChannelRecord;
let botMessageId: string;

// biome-ignore lint/suspicious/noExplicitAny: the test reads the stand-in's answers as loosely as a client's JSON
async function call(method: string, path: string, body: unknown, auth = true): Promise<{ status: number; body: any }> {
  for (;;) {
    const res = await fetch(`${discord.apiBase}/v10${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bot ${discord.token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const answer = { status: res.status, body: text ? JSON.parse(text) : undefined };
    // Discord's limits are on: a route's bucket runs out (5 messages per scaled 5 s); wait as any client must.
    if (answer.status !== 429) return answer;
    await sleep(answer.body.retry_after * 1000);
  }
}

/** The keys of every `_errors` leaf, as `a.0.b`. */
function errorPaths(tree: unknown, at: string[] = []): string[] {
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([k, v]) => (k === '_errors' ? [at.join('.')] : errorPaths(v, [...at, k])));
}

const row = (...components: unknown[]) => ({ type: 1, components });
const button = (customId: string, extra: Record<string, unknown> = {}) => ({ type: 2, style: 1, label: 'b', custom_id: customId, ...extra });
const options = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `o${i}`, value: `v${i}` }));
const select = (extra: Record<string, unknown> = {}) => ({ type: 3, custom_id: 's', options: options(3), ...extra });
const textInput = (extra: Record<string, unknown> = {}) => ({ type: 4, custom_id: 'ti', style: 1, label: 'Name', ...extra });
const modal = (extra: Record<string, unknown> = {}) => ({ custom_id: 'm', title: 'Title', components: [row(textInput())], ...extra });
const command = (extra: Record<string, unknown> = {}) => ({ name: 'cmd', description: 'a command', ...extra });
const stringOption = (extra: Record<string, unknown> = {}) => ({ type: 3, name: 'opt', description: 'an option', ...extra });
const HALF_EMOJI = '\uD83D';

/** Routes by what they take; `:channel` etc. are filled in once the world exists. */
type Route = 'message' | 'edit' | 'thread' | 'dm' | 'command' | 'commands' | 'patchCommand' | 'callback' | 'componentCallback' | 'followUp' | 'editOriginal';

interface Case {
  name: string;
  route: Route;
  body: unknown;
  /** An `errors` path the refusal must name (dot-joined, '' for the body itself). */
  path: string;
}

const cases: Case[] = [
  // Channel messages: content and embeds.
  { name: 'content is not a string', route: 'message', body: { content: 5 }, path: 'content' },
  { name: 'content over 2,000 characters', route: 'message', body: { content: '字'.repeat(2001) }, path: 'content' },
  { name: 'content with half an emoji', route: 'message', body: { content: `hi ${HALF_EMOJI}` }, path: 'content' },
  { name: 'embeds is not an array', route: 'message', body: { embeds: { title: 't' } }, path: 'embeds' },
  { name: 'eleven embeds', route: 'message', body: { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, path: 'embeds' },
  { name: 'embed title over 256', route: 'message', body: { embeds: [{ title: 't'.repeat(257) }] }, path: 'embeds.0.title' },
  { name: 'embed description over 4,096', route: 'message', body: { embeds: [{ description: 'd'.repeat(4097) }] }, path: 'embeds.0.description' },
  { name: 'embed with 26 fields', route: 'message', body: { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] }, path: 'embeds.0.fields' },
  { name: 'embed field without a value', route: 'message', body: { embeds: [{ fields: [{ name: 'n' }] }] }, path: 'embeds.0.fields.0.value' },
  { name: 'embed field name over 256', route: 'message', body: { embeds: [{ fields: [{ name: 'n'.repeat(257), value: 'v' }] }] }, path: 'embeds.0.fields.0.name' },
  { name: 'embed field value over 1,024', route: 'message', body: { embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] }, path: 'embeds.0.fields.0.value' },
  { name: 'embed footer over 2,048', route: 'message', body: { embeds: [{ footer: { text: 'f'.repeat(2049) } }] }, path: 'embeds.0.footer.text' },
  { name: 'embed author name over 256', route: 'message', body: { embeds: [{ author: { name: 'a'.repeat(257) } }] }, path: 'embeds.0.author.name' },
  { name: 'embeds over 6,000 characters in all', route: 'message', body: { embeds: Array.from({ length: 2 }, () => ({ description: 'd'.repeat(3001) })) }, path: 'embeds' },
  { name: 'embed colour is text', route: 'message', body: { embeds: [{ title: 't', color: 'red' }] }, path: 'embeds.0.color' },
  { name: 'embed url is not a URL', route: 'message', body: { embeds: [{ title: 't', url: 'not a url' }] }, path: 'embeds.0.url' },
  // Channel messages: legacy components.
  { name: 'components is not an array', route: 'message', body: { content: 'x', components: { type: 1 } }, path: 'components' },
  { name: 'six action rows', route: 'message', body: { content: 'x', components: Array.from({ length: 6 }, (_, i) => row(button(`r${i}`))) }, path: 'components' },
  { name: 'an empty action row', route: 'message', body: { content: 'x', components: [row()] }, path: 'components.0.components' },
  { name: 'six buttons in a row', route: 'message', body: { content: 'x', components: [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))] }, path: 'components.0.components' },
  { name: 'a button outside an action row', route: 'message', body: { content: 'x', components: [button('loose')] }, path: 'components.0.type' },
  { name: 'button style 7', route: 'message', body: { content: 'x', components: [row(button('b', { style: 7 }))] }, path: 'components.0.components.0.style' },
  { name: 'custom_id over 100', route: 'message', body: { content: 'x', components: [row(button('c'.repeat(101)))] }, path: 'components.0.components.0.custom_id' },
  { name: 'empty custom_id', route: 'message', body: { content: 'x', components: [row(button(''))] }, path: 'components.0.components.0.custom_id' },
  { name: 'button without custom_id', route: 'message', body: { content: 'x', components: [row({ type: 2, style: 1, label: 'b' })] }, path: 'components.0.components.0.custom_id' },
  { name: 'button label over 80', route: 'message', body: { content: 'x', components: [row(button('b', { label: 'l'.repeat(81) }))] }, path: 'components.0.components.0.label' },
  { name: 'button label with half an emoji', route: 'message', body: { content: 'x', components: [row(button('b', { label: `a${HALF_EMOJI}` }))] }, path: 'components.0.components.0.label' },
  { name: 'link button without url', route: 'message', body: { content: 'x', components: [row({ type: 2, style: 5, label: 'go' })] }, path: 'components.0.components.0.url' },
  { name: 'link button with a custom_id', route: 'message', body: { content: 'x', components: [row({ type: 2, style: 5, label: 'go', url: 'https://example.com', custom_id: 'x' })] }, path: 'components.0.components.0.custom_id' },
  { name: 'button without label or emoji', route: 'message', body: { content: 'x', components: [row({ type: 2, style: 1, custom_id: 'b' })] }, path: 'components.0.components.0' },
  { name: 'button disabled is text', route: 'message', body: { content: 'x', components: [row(button('b', { disabled: 'yes' }))] }, path: 'components.0.components.0.disabled' },
  { name: 'two components with one custom_id', route: 'message', body: { content: 'x', components: [row(button('same'), button('same'))] }, path: 'components.0.components.1.custom_id' },
  { name: 'component type 99', route: 'message', body: { content: 'x', components: [row({ type: 99, custom_id: 'z' })] }, path: 'components.0.components.0.type' },
  { name: 'select with 26 options', route: 'message', body: { content: 'x', components: [row(select({ options: options(26) }))] }, path: 'components.0.components.0.options' },
  { name: 'select with no options', route: 'message', body: { content: 'x', components: [row(select({ options: [] }))] }, path: 'components.0.components.0.options' },
  { name: 'select option label over 100', route: 'message', body: { content: 'x', components: [row(select({ options: [{ label: 'l'.repeat(101), value: 'v' }] }))] }, path: 'components.0.components.0.options.0.label' },
  { name: 'select option description over 100', route: 'message', body: { content: 'x', components: [row(select({ options: [{ label: 'l', value: 'v', description: 'd'.repeat(101) }] }))] }, path: 'components.0.components.0.options.0.description' },
  { name: 'select option value over 100', route: 'message', body: { content: 'x', components: [row(select({ options: [{ label: 'l', value: 'v'.repeat(101) }] }))] }, path: 'components.0.components.0.options.0.value' },
  { name: 'select option without a label', route: 'message', body: { content: 'x', components: [row(select({ options: [{ value: 'v' }] }))] }, path: 'components.0.components.0.options.0.label' },
  { name: 'select placeholder over 150', route: 'message', body: { content: 'x', components: [row(select({ placeholder: 'p'.repeat(151) }))] }, path: 'components.0.components.0.placeholder' },
  { name: 'select min_values over max_values', route: 'message', body: { content: 'x', components: [row(select({ min_values: 3, max_values: 2 }))] }, path: 'components.0.components.0.min_values' },
  { name: 'select max_values 26', route: 'message', body: { content: 'x', components: [row(select({ options: options(25), max_values: 26 }))] }, path: 'components.0.components.0.max_values' },
  { name: 'select max_values over its options', route: 'message', body: { content: 'x', components: [row(select({ max_values: 4 }))] }, path: 'components.0.components.0.max_values' },
  { name: 'select options with one value twice', route: 'message', body: { content: 'x', components: [row(select({ options: [{ label: 'a', value: 'v' }, { label: 'b', value: 'v' }] }))] }, path: 'components.0.components.0.options.1.value' },
  { name: 'a select sharing its row', route: 'message', body: { content: 'x', components: [row(select(), button('b'))] }, path: 'components.0.components' },
  // Channel messages: the other fields.
  { name: 'flags is text', route: 'message', body: { content: 'x', flags: 'ephemeral' }, path: 'flags' },
  { name: 'flags is not a whole number', route: 'message', body: { content: 'x', flags: 1.5 }, path: 'flags' },
  { name: 'allowed_mentions.parse names an unknown kind', route: 'message', body: { content: 'x', allowed_mentions: { parse: ['friends'] } }, path: 'allowed_mentions.parse.0' },
  { name: 'allowed_mentions.users holds a name', route: 'message', body: { content: 'x', allowed_mentions: { users: ['alice'] } }, path: 'allowed_mentions.users.0' },
  { name: 'allowed_mentions parse users and a users list', route: 'message', body: { content: 'x', allowed_mentions: { parse: ['users'], users: ['123456789012345678'] } }, path: 'allowed_mentions' },
  { name: 'message_reference to a non-snowflake', route: 'message', body: { content: 'x', message_reference: { message_id: 'abc' } }, path: 'message_reference.message_id' },
  { name: 'nonce over 25 characters', route: 'message', body: { content: 'x', nonce: 'n'.repeat(26) }, path: 'nonce' },
  { name: 'enforce_nonce is text', route: 'message', body: { content: 'x', nonce: 'n1', enforce_nonce: 'true' }, path: 'enforce_nonce' },
  { name: 'tts is text', route: 'message', body: { content: 'x', tts: 'yes' }, path: 'tts' },
  { name: 'attachments entry with a non-snowflake id', route: 'message', body: { content: 'x', attachments: [{ id: 'abc' }] }, path: 'attachments.0.id' },
  { name: 'four stickers', route: 'message', body: { sticker_ids: ['1', '2', '3', '4'] }, path: 'sticker_ids' },
  // Components v2.
  { name: 'components v2 with content', route: 'message', body: { flags: 1 << 15, content: 'x', components: [{ type: 10, content: 'text' }] }, path: 'content' },
  { name: 'components v2 with 41 components', route: 'message', body: { flags: 1 << 15, components: Array.from({ length: 41 }, () => ({ type: 10, content: 't' })) }, path: 'components' },
  { name: 'components v2 text over 4,000 in all', route: 'message', body: { flags: 1 << 15, components: [{ type: 10, content: 't'.repeat(2500) }, { type: 10, content: 't'.repeat(2500) }] }, path: 'components' },
  { name: 'components v2 text display without content', route: 'message', body: { flags: 1 << 15, components: [{ type: 10 }] }, path: 'components.0.content' },
  // Editing a channel message.
  { name: 'edit: content over 2,000', route: 'edit', body: { content: 'x'.repeat(2001) }, path: 'content' },
  { name: 'edit: six buttons in a row', route: 'edit', body: { components: [row(...Array.from({ length: 6 }, (_, i) => button(`e${i}`)))] }, path: 'components.0.components' },
  { name: 'edit: embeds is a number', route: 'edit', body: { embeds: 3 }, path: 'embeds' },
  // Starting a thread.
  { name: 'thread without a name', route: 'thread', body: { type: 11 }, path: 'name' },
  { name: 'thread name over 100', route: 'thread', body: { name: 'n'.repeat(101), type: 11 }, path: 'name' },
  { name: 'thread archived after 30 minutes', route: 'thread', body: { name: 'game', type: 11, auto_archive_duration: 30 }, path: 'auto_archive_duration' },
  { name: 'thread type 99', route: 'thread', body: { name: 'game', type: 99 }, path: 'type' },
  { name: 'thread invitable is text', route: 'thread', body: { name: 'game', type: 11, invitable: 'yes' }, path: 'invitable' },
  // Opening a DM.
  { name: 'DM recipient is a name, not an id', route: 'dm', body: { recipient_id: 'alice' }, path: 'recipient_id' },
  // Application commands.
  { name: 'command name with capitals', route: 'command', body: command({ name: 'Fengsheng' }), path: 'name' },
  { name: 'command name over 32', route: 'command', body: command({ name: 'c'.repeat(33) }), path: 'name' },
  { name: 'command name with a space', route: 'command', body: command({ name: 'two words' }), path: 'name' },
  { name: 'command without a description', route: 'command', body: { name: 'cmd' }, path: 'description' },
  { name: 'command description over 100', route: 'command', body: command({ description: 'd'.repeat(101) }), path: 'description' },
  { name: 'command with 26 options', route: 'command', body: command({ options: Array.from({ length: 26 }, (_, i) => stringOption({ name: `o${i}` })) }), path: 'options' },
  { name: 'option type 12', route: 'command', body: command({ options: [stringOption({ type: 12 })] }), path: 'options.0.type' },
  { name: 'option without a description', route: 'command', body: command({ options: [{ type: 3, name: 'opt' }] }), path: 'options.0.description' },
  { name: 'option with 26 choices', route: 'command', body: command({ options: [stringOption({ choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` })) })] }), path: 'options.0.choices' },
  { name: 'choice name over 100', route: 'command', body: command({ options: [stringOption({ choices: [{ name: 'c'.repeat(101), value: 'c' }] })] }), path: 'options.0.choices.0.name' },
  { name: 'two options with one name', route: 'command', body: command({ options: [stringOption(), stringOption()] }), path: 'options.1.name' },
  { name: 'a required option after an optional one', route: 'command', body: command({ options: [stringOption({ name: 'a' }), stringOption({ name: 'b', required: true })] }), path: 'options.1.required' },
  { name: 'autocomplete on an option with choices', route: 'command', body: command({ options: [stringOption({ autocomplete: true, choices: [{ name: 'c', value: 'c' }] })] }), path: 'options.0.autocomplete' },
  { name: 'integer option min_value is text', route: 'command', body: command({ options: [{ type: 4, name: 'n', description: 'n', min_value: 'one' }] }), path: 'options.0.min_value' },
  { name: 'string option max_length over 6,000', route: 'command', body: command({ options: [stringOption({ max_length: 6001 })] }), path: 'options.0.max_length' },
  { name: 'name localization for an unknown locale', route: 'command', body: command({ name_localizations: { klingon: 'cmd' } }), path: 'name_localizations.klingon' },
  { name: 'description localization over 100', route: 'command', body: command({ description_localizations: { 'zh-CN': '字'.repeat(101) } }), path: 'description_localizations.zh-CN' },
  { name: 'sub-commands nested three deep', route: 'command', body: command({ options: [{ type: 2, name: 'g', description: 'g', options: [{ type: 2, name: 'h', description: 'h', options: [{ type: 1, name: 's', description: 's' }] }] }] }), path: 'options.0.options.0.type' },
  { name: 'command type 9', route: 'command', body: command({ type: 9 }), path: 'type' },
  { name: 'overwrite with an object, not a list', route: 'commands', body: command(), path: '' },
  { name: 'overwrite with one name twice', route: 'commands', body: [command(), command()], path: '1.name' },
  { name: 'overwrite with a command missing its name', route: 'commands', body: [{ description: 'x' }], path: '0.name' },
  { name: 'edit a command to a bad name', route: 'patchCommand', body: { name: 'Bad Name' }, path: 'name' },
  // Interaction responses.
  { name: 'callback type 99', route: 'callback', body: { type: 99 }, path: 'type' },
  { name: 'callback without a type', route: 'callback', body: { data: { content: 'x' } }, path: 'type' },
  { name: 'reply content over 2,000', route: 'callback', body: { type: 4, data: { content: 'x'.repeat(2001) } }, path: 'data.content' },
  { name: 'reply flags is text', route: 'callback', body: { type: 4, data: { content: 'x', flags: 'ephemeral' } }, path: 'data.flags' },
  { name: 'reply with eleven embeds', route: 'callback', body: { type: 4, data: { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) } }, path: 'data.embeds' },
  { name: 'reply with six action rows', route: 'callback', body: { type: 4, data: { content: 'x', components: Array.from({ length: 6 }, (_, i) => row(button(`r${i}`))) } }, path: 'data.components' },
  { name: 'update with a custom_id over 100', route: 'componentCallback', body: { type: 7, data: { components: [row(button('c'.repeat(101)))] } }, path: 'data.components.0.components.0.custom_id' },
  { name: 'update with content over 2,000', route: 'componentCallback', body: { type: 7, data: { content: 'x'.repeat(2001) } }, path: 'data.content' },
  { name: 'modal title over 45', route: 'callback', body: { type: 9, data: modal({ title: 't'.repeat(46) }) }, path: 'data.title' },
  { name: 'modal custom_id over 100', route: 'callback', body: { type: 9, data: modal({ custom_id: 'm'.repeat(101) }) }, path: 'data.custom_id' },
  { name: 'modal without components', route: 'callback', body: { type: 9, data: modal({ components: [] }) }, path: 'data.components' },
  { name: 'modal with six rows', route: 'callback', body: { type: 9, data: modal({ components: Array.from({ length: 6 }, (_, i) => row(textInput({ custom_id: `t${i}` }))) }) }, path: 'data.components' },
  { name: 'modal text input style 3', route: 'callback', body: { type: 9, data: modal({ components: [row(textInput({ style: 3 }))] }) }, path: 'data.components.0.components.0.style' },
  { name: 'modal text input label over 45', route: 'callback', body: { type: 9, data: modal({ components: [row(textInput({ label: 'l'.repeat(46) }))] }) }, path: 'data.components.0.components.0.label' },
  { name: 'modal text input max_length over 4,000', route: 'callback', body: { type: 9, data: modal({ components: [row(textInput({ max_length: 4001 }))] }) }, path: 'data.components.0.components.0.max_length' },
  { name: 'autocomplete with 26 choices', route: 'callback', body: { type: 8, data: { choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` })) } }, path: 'data.choices' },
  { name: 'autocomplete choice name over 100', route: 'callback', body: { type: 8, data: { choices: [{ name: 'c'.repeat(101), value: 'c' }] } }, path: 'data.choices.0.name' },
  // The interaction webhook.
  { name: 'follow-up content over 2,000', route: 'followUp', body: { content: 'x'.repeat(2001) }, path: 'content' },
  { name: 'follow-up with eleven embeds', route: 'followUp', body: { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, path: 'embeds' },
  { name: 'follow-up with half an emoji in an embed', route: 'followUp', body: { embeds: [{ title: `x${HALF_EMOJI}` }] }, path: 'embeds.0.title' },
  { name: 'edit original: custom_id over 100', route: 'editOriginal', body: { components: [row(button('c'.repeat(101)))] }, path: 'components.0.components.0.custom_id' },
  { name: 'edit original: select placeholder over 150', route: 'editOriginal', body: { components: [row(select({ placeholder: 'p'.repeat(151) }))] }, path: 'components.0.components.0.placeholder' },
];

/** A fresh interaction for each case: its token is the credential of the callback and webhook routes. */
async function pathFor(route: Route): Promise<{ method: string; path: string; auth: boolean }> {
  const app = discord.applicationId;
  switch (route) {
    case 'message':
      return { method: 'POST', path: `/channels/${general.id}/messages`, auth: true };
    case 'edit':
      return { method: 'PATCH', path: `/channels/${general.id}/messages/${botMessageId}`, auth: true };
    case 'thread':
      return { method: 'POST', path: `/channels/${general.id}/threads`, auth: true };
    case 'dm':
      return { method: 'POST', path: '/users/@me/channels', auth: true };
    case 'command':
      return { method: 'POST', path: `/applications/${app}/commands`, auth: true };
    case 'commands':
      return { method: 'PUT', path: `/applications/${app}/commands`, auth: true };
    case 'patchCommand': {
      const id = String(discord.commands()[0]!.id);
      return { method: 'PATCH', path: `/applications/${app}/commands/${id}`, auth: true };
    }
    case 'callback':
    case 'componentCallback': {
      const handle = route === 'callback' ? discord.runCommand(alice, general, 'play') : discord.click(alice, { customId: 'ok', messageId: botMessageId });
      return { method: 'POST', path: `/interactions/${handle.record.id}/${handle.record.token}/callback`, auth: false };
    }
    case 'followUp':
    case 'editOriginal': {
      const { record } = discord.runCommand(alice, general, 'play');
      const answered = await call('POST', `/interactions/${record.id}/${record.token}/callback`, { type: 5 }, false);
      expect(answered.status).toBe(204);
      const hook = `/webhooks/${app}/${record.token}`;
      return route === 'followUp'
        ? { method: 'POST', path: hook, auth: false }
        : { method: 'PATCH', path: `${hook}/messages/@original`, auth: false };
    }
  }
}

beforeAll(async () => {
  discord = await startStandIn({ clock: new ManualClock(), limits: TEST_LIMITS });
  alice = discord.createUser({ username: 'alice' });
  const guild = discord.createGuild({ name: 'schema', members: [alice] });
  general = discord.channel(guild, 'general');
  const registered = await call('PUT', `/applications/${discord.applicationId}/commands`, [command({ name: 'play' })]);
  expect(registered.status).toBe(200);
  const posted = await call('POST', `/channels/${general.id}/messages`, { content: 'board', components: [row(button('ok'))] });
  expect(posted.status).toBe(200);
  botMessageId = posted.body.id;
});
afterAll(async () => {
  await discord.close();
});

describe('the stand-in refuses broken request bodies as Discord does', () => {
  test('there are at least 60 kinds, each named once', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  test.each(cases)('$route: $name', async ({ route, body, path }) => {
    const target = await pathFor(route);
    const messages = discord.seenBy(alice).length;
    const res = await call(target.method, target.path, body, target.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
    expect(errorPaths(res.body.errors)).toContain(path);
    // Nothing happened: no message appeared.
    expect(discord.seenBy(alice).length).toBe(messages);
  });

  test('the same routes take well-formed bodies (so the refusals above are for the broken field)', async () => {
    const ok = async (route: Route, body: unknown, status = 200) => {
      const target = await pathFor(route);
      const res = await call(target.method, target.path, body, target.auth);
      expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBe(status);
    };
    await ok('message', { content: '字'.repeat(2000), nonce: 'n'.repeat(25), enforce_nonce: true, allowed_mentions: { parse: [] } });
    await ok('message', { content: '😀'.repeat(2000) });
    await ok('message', { content: 'x', components: Array.from({ length: 5 }, (_, r) => row(...Array.from({ length: 5 }, (_, b) => button(`${r}-${b}`, { label: 'l'.repeat(80) })))) });
    await ok('message', { content: 'x', components: [row(select({ options: options(25), max_values: 25, placeholder: 'p'.repeat(150) }))] });
    await ok('message', { embeds: [{ title: 't'.repeat(256), description: 'd'.repeat(4096), url: 'https://example.com' }] });
    await ok('message', { flags: 1 << 15, components: [{ type: 10, content: 't'.repeat(4000) }] });
    await ok('edit', { content: 'edited' });
    await ok('thread', { name: '风声 · 第 1 局', type: 11, auto_archive_duration: 1440 }, 201);
    await ok('dm', { recipient_id: alice.id });
    await ok('command', command({ name: 'fengsheng', options: [stringOption({ max_length: 6000, autocomplete: true })] }), 201);
    await ok('commands', [command({ name: 'play' }), command({ name: '风声', name_localizations: { 'zh-CN': '风声' } })]);
    await ok('patchCommand', { description: 'new words' });
    await ok('callback', { type: 4, data: { content: 'x'.repeat(2000), flags: 64 } }, 204);
    await ok('componentCallback', { type: 7, data: { content: 'updated' } }, 204);
    await ok('followUp', { content: 'follow' }, 204);
    await ok('editOriginal', { content: 'edited' });
  });

  // The stand-in tries a union's options from the one that took the last body (rules/schema.ts): whichever
  // took the bodies before, a broken body is refused as the union refuses it.
  test.each(cases.filter((c) => c.route === 'callback' || c.route === 'componentCallback'))('after well-formed callbacks of types 7, 6 and 4, $route: $name', async ({ route, body, path }) => {
    for (const good of [{ type: 7, data: { content: 'updated' } }, { type: 6 }, { type: 4, data: { content: 'x' } }]) {
      const answer = await pathFor('componentCallback');
      expect((await call(answer.method, answer.path, good, answer.auth)).status).toBe(204);
    }
    const target = await pathFor(route);
    const res = await call(target.method, target.path, body, target.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(errorPaths(res.body.errors)).toContain(path);
  });
});
