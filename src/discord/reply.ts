// Answering interactions: always acknowledged at once (deferred), then filled in.
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction, type InteractionEditReplyOptions, type StringSelectMenuInteraction } from 'discord.js';

export type Component = ButtonInteraction | StringSelectMenuInteraction;

/** Whether a component sits on an ephemeral message (a private panel) rather than a public one. */
export function onPrivatePanel(i: Component): boolean {
  return i.message.flags.has(MessageFlags.Ephemeral);
}

/** Who a private panel belongs to: the user whose interaction made it. */
export function panelOwner(i: Component): string | undefined {
  return i.message.interactionMetadata?.user.id ?? i.message.interaction?.user.id;
}

/**
 * Acknowledges within Discord's 3 seconds before any work: a private panel is updated in place,
 * a public button opens a private answer.
 */
export async function ack(i: Component): Promise<void> {
  if (onPrivatePanel(i)) await i.deferUpdate();
  else await i.deferReply({ flags: MessageFlags.Ephemeral });
}

/** A short private explanation, wherever the click came from. */
export async function explain(i: Component, content: string): Promise<void> {
  if (onPrivatePanel(i)) await i.followUp({ content, flags: MessageFlags.Ephemeral });
  else await i.editReply({ content, embeds: [], components: [] });
}

export async function show(i: Component | ChatInputCommandInteraction, body: InteractionEditReplyOptions): Promise<void> {
  await i.editReply(body);
}
