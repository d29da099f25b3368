import { Errors } from '../errors.js';
import type { Gateway } from '../gateway.js';
import type { Interactions } from '../interactions.js';
import type { AttachmentJson, World } from '../model.js';
import type { RestRequest, UploadedFile } from './router.js';

export interface RouteContext {
  world: World;
  gateway: Gateway;
  interactions: Interactions;
  token: string;
  /** Resolved after the server is listening. */
  gatewayUrl: () => string;
  attachmentUrl: (channelId: string, id: string, filename: string) => string;
}

/** Bot routes need `Authorization: Bot <token>`; webhook and callback routes do not. */
export function requireBot(ctx: RouteContext, req: RestRequest): void {
  if (req.headers.authorization !== `Bot ${ctx.token}`) throw Errors.unauthorized();
}

/**
 * Attachments after a create or edit: Discord keeps the existing ones listed
 * in the body's `attachments` (all of them if the field is absent) and
 * appends the newly uploaded files.
 */
export function attachmentsAfter(
  ctx: RouteContext,
  channelId: string,
  existing: AttachmentJson[],
  body: unknown,
  files: UploadedFile[],
): AttachmentJson[] | undefined {
  const listed = (body as { attachments?: unknown } | undefined)?.attachments;
  if (files.length === 0 && !Array.isArray(listed)) return undefined;
  const keepIds = Array.isArray(listed) ? new Set(listed.map((a) => String((a as { id?: unknown }).id))) : null;
  const kept = keepIds ? existing.filter((a) => keepIds.has(a.id)) : existing;
  const added = files.map((f) => {
    const id = ctx.world.ids.next();
    return { id, filename: f.filename, size: f.size, url: ctx.attachmentUrl(channelId, id, f.filename), content_type: f.contentType };
  });
  return [...kept, ...added];
}
