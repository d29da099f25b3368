import { Errors, FormErrors } from '../errors.js';
import type { Gateway } from '../gateway.js';
import type { Interactions } from '../interactions.js';
import type { OAuth2 } from '../oauth2.js';
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
  /** OAuth2 for the Activity's sign-in (oauth2.ts). */
  oauth2: OAuth2;
}

/** Bot routes need `Authorization: Bot <token>`; webhook and callback routes do not. */
export function requireBot(ctx: RouteContext, req: RestRequest): void {
  if (req.headers.authorization !== `Bot ${ctx.token}`) throw Errors.unauthorized();
}

/**
 * Attachments after a create or edit, as Discord does it. The body's `attachments` lists what the
 * message has afterwards: existing attachments by their id (kept), and new uploads by the n of
 * their `files[n]` part (with an optional filename). Without the field an edit keeps every existing
 * attachment. Uploaded files the list does not name are added too. An id that is neither an
 * attachment of this message nor an uploaded part is refused (50035, ATTACHMENT_NOT_FOUND).
 * A new upload keeps the `description` (alt text) its entry gives; over 1,024 characters is refused
 * (50035, BASE_TYPE_MAX_LENGTH) as Discord refuses it. The bytes are kept in `world.uploads` by attachment id.
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
  const upload = (f: UploadedFile, filename = f.filename, description?: string): AttachmentJson => {
    const id = ctx.world.ids.next();
    ctx.world.uploads.set(id, f.data);
    return { id, filename, size: f.size, url: ctx.attachmentUrl(channelId, id, filename), content_type: f.contentType, ...(description !== undefined && { description }) };
  };
  if (!Array.isArray(listed)) return [...existing, ...files.map((f) => upload(f))];
  const errors = new FormErrors();
  const plan: (AttachmentJson | { file: UploadedFile; filename: string; description?: string })[] = [];
  listed.forEach((entry, k) => {
    const { id, filename, description } = (entry ?? {}) as { id?: unknown; filename?: unknown; description?: unknown };
    const kept = existing.find((a) => a.id === String(id));
    const file = kept ? undefined : files.find((f) => String(f.index) === String(id));
    if (typeof description === 'string' && [...description].length > 1024)
      errors.add(['attachments', k, 'description'], 'BASE_TYPE_MAX_LENGTH', 'Must be 1024 or fewer in length.');
    if (kept) plan.push(kept);
    else if (file)
      plan.push({ file, filename: typeof filename === 'string' && filename ? filename : file.filename, ...(typeof description === 'string' && { description }) });
    else errors.add(['attachments', k], 'ATTACHMENT_NOT_FOUND', 'Attachment data not found');
  });
  errors.throwIfAny();
  const named = new Set(plan.flatMap((p) => ('file' in p ? [p.file] : [])));
  return [
    ...plan.map((p) => ('file' in p ? upload(p.file, p.filename, p.description) : p)),
    ...files.filter((f) => !named.has(f)).map((f) => upload(f)),
  ];
}
