// Answering interactions: always acknowledged at once (deferred), then filled in.
import { InteractionResponseType, MessageFlags, Routes, type ButtonInteraction, type ChatInputCommandInteraction, type InteractionEditReplyOptions, type StringSelectMenuInteraction } from 'discord.js';
import type { PanelBody } from './render/panel.js';

export type Component = ButtonInteraction | StringSelectMenuInteraction;

/** Whether a component sits on an ephemeral message (a private panel) rather than a public one. */
export function onPrivatePanel(i: Component): boolean {
  return i.message.flags.has(MessageFlags.Ephemeral);
}

/** Who a private panel belongs to: the user whose interaction made it. */
export function panelOwner(i: Component): string | undefined {
  return i.message.interactionMetadata?.user.id ?? i.message.interaction?.user.id;
}

/** The interaction's first answer (an acknowledgement, or the panel itself), once it is under way. */
const answered = new WeakMap<Component, Promise<unknown>>();
/** Clicks on a public message acknowledged as an update of that message: what they answer privately follows up. */
const updating = new WeakSet<Component>();

/**
 * A game click on the public table is acknowledged at once as an update of the table (type 6, which
 * changes nothing): the interaction's token can then edit the table through an interaction route,
 * which Discord does not count against the bot's global limit (publisher.ts), and the clicker's
 * private answer (their panel, an explanation) follows up.
 */
export async function ackAsUpdate(i: Component): Promise<void> {
  let p = answered.get(i);
  if (!p) {
    answered.set(i, (p = i.deferUpdate()));
    updating.add(i);
  }
  await p;
}

/** Whether `i` was acknowledged as an update of the public message it was clicked on (the table). */
export function updatedPublic(i: Component | ChatInputCommandInteraction): boolean {
  return !i.isChatInputCommand() && updating.has(i);
}

/**
 * Acknowledges (once) within Discord's 3 seconds: a private panel is updated in place, a public
 * button opens a private answer.
 */
export async function ack(i: Component): Promise<void> {
  let p = answered.get(i);
  if (!p) answered.set(i, (p = onPrivatePanel(i) ? i.deferUpdate() : i.deferReply({ flags: MessageFlags.Ephemeral })));
  await p;
}

/**
 * A game click is answered with the clicker's panel itself, in the interaction's response: one
 * request, not an acknowledgement and then an edit. Should the work take longer than `ms`, the
 * click is acknowledged first and the panel follows as an edit. Returns a cancel for the timer.
 */
export function ackUnlessAnsweredIn(i: Component, ms: number): () => void {
  const timer = setTimeout(() => void ack(i).catch(() => undefined), ms);
  return () => clearTimeout(timer);
}

/**
 * Shows `body` as the answer to the interaction: the interaction's response when it has none yet,
 * else `edit` (through the interaction's token, panels.ts: an edit of its original message, or
 * a private follow-up of a click on the table). The body is sent as it is (API JSON, as panels are
 * built): a click answered this way costs no discord.js message payload (its components rebuilt and
 * snake-cased on every click).
 */
export async function answer(i: Component | ChatInputCommandInteraction, body: PanelBody, edit: () => Promise<unknown>): Promise<void> {
  const first = i.isChatInputCommand() ? undefined : answered.get(i);
  if (first) await first;
  if (first || i.deferred || i.replied) return void (await edit());
  const c = i as Component;
  const update = onPrivatePanel(c);
  const response = c.client.rest
    .post(Routes.interactionCallback(c.id, c.token), {
      body: update ? { type: InteractionResponseType.UpdateMessage, data: body } : { type: InteractionResponseType.ChannelMessageWithSource, data: { ...body, flags: MessageFlags.Ephemeral } },
      auth: false,
    })
    .then(() => {
      // As discord.js's own update() and reply() mark it: later follow-ups and edits check these.
      c.replied = true;
      if (!update) c.ephemeral = true;
    });
  answered.set(c, response);
  // A response that failed (a 5xx) is no answer: an acknowledgement may still be tried after it.
  await response.catch((err: unknown) => {
    answered.delete(c);
    throw err;
  });
}

/** A short private explanation, wherever the click came from. */
export async function explain(i: Component, content: string): Promise<void> {
  await ack(i);
  if (updatedPublic(i) || onPrivatePanel(i)) await i.followUp({ content, flags: MessageFlags.Ephemeral });
  else await i.editReply({ content, embeds: [], components: [] });
}

export async function show(i: Component | ChatInputCommandInteraction, body: InteractionEditReplyOptions): Promise<void> {
  await i.editReply(body);
}
