// What a click's interaction token may do after the click: for 15 minutes it edits the message the
// click was on through the interaction's webhook, a route outside the bot's global 50 requests a
// second. Open panels (panels.ts) and the table (publisher.ts) are kept up to date that way.
import { InteractionWebhook, MessagePayload, Routes, type Client, type MessageEditOptions, type REST } from 'discord.js';

/** Discord's interaction tokens last 15 minutes; the bot stops using one a little before. */
export const TOKEN_MS = 15 * 60_000;
export const TOKEN_MARGIN_MS = 30_000;

/** Whether a token lent at `since` may still be used at `now`. */
export const tokenFresh = (since: number, now: number): boolean => now - since < TOKEN_MS - TOKEN_MARGIN_MS;

/** Unknown Webhook, Invalid Webhook Token, Unknown Message: the token cannot edit its message any more. */
export const TOKEN_GONE = new Set([10015, 50027, 10008]);

/** A click's token, lent to edit the message the click was on (its interaction's original message). */
export interface LentToken {
  applicationId: string;
  token: string;
  messageId: string;
  since: number;
}

/** Edits the click's original message through its token (files included), with the interaction routes' REST. */
export async function editOriginal(client: Client, hooks: REST, via: LentToken, message: MessageEditOptions): Promise<void> {
  const target = new InteractionWebhook(client as Client<true>, via.applicationId, via.token);
  const { body, files } = await MessagePayload.create(target, message).resolveBody().resolveFiles();
  await hooks.patch(Routes.webhookMessage(via.applicationId, via.token, '@original'), { body: body ?? {}, files: files ?? undefined, auth: false });
}
