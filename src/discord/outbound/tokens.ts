// What a click's interaction token may do after the click: for 15 minutes it edits the message the
// click was on through the interaction's webhook, a route outside the bot's global 50 requests a
// second. Open panels (panels.ts) and the table (publisher.ts) are kept up to date that way, each edit
// sent whole by the HTTP thread (http/rest.ts), which does not hand back Discord's answer (never read).
import { Routes, type APIActionRowComponent, type APIAllowedMentions, type APIComponentInMessageActionRow, type APIEmbed, type REST } from 'discord.js';
import { unread } from '../http/rest.js';

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

/** A message edit as the bot builds it (the table): API JSON, with the picture as a file when it changed. */
export interface MessageEdit {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  allowedMentions?: APIAllowedMentions;
  files?: { attachment: Buffer; name: string; description?: string }[];
}

/**
 * Edits the click's original message through its token (files included), sent as discord.js would
 * (a file's attachment entry, the allowed mentions) without its message payload: the body is built as
 * Discord reads it. Without files the message keeps its attachment.
 */
export async function editOriginal(rest: REST, via: LentToken, message: MessageEdit): Promise<void> {
  const { files, allowedMentions, ...fields } = message;
  const body = { ...fields, allowed_mentions: allowedMentions, ...(files && { attachments: files.map((f, id) => ({ id: String(id), description: f.description })) }) };
  await rest.patch(Routes.webhookMessage(via.applicationId, via.token, '@original'), unread({ body, files: files?.map((f) => ({ name: f.name, data: f.attachment })), auth: false }));
}
