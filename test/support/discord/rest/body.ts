import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';
import type { UploadedFile } from './router.js';

/** Bounds memory; Discord's own request cap is larger than one file's. */
const MAX_BODY_BYTES = 25 * 1024 * 1024;
/** Discord's cap on one uploaded file for a bot in a server without boosts (10 MiB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, { code: 40005, message: 'Request entity too large' });
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a JSON body, or a multipart one the way Discord does: the message in
 * `payload_json` and files in `files[n]` parts.
 */
export async function parseBody(
  raw: Buffer,
  contentType: string | undefined,
): Promise<{ body: unknown; files: UploadedFile[] }> {
  if (raw.length === 0) return { body: undefined, files: [] };
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType! } }).formData();
    const files: UploadedFile[] = [];
    let body: unknown;
    const fields: Record<string, unknown> = {};
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') body = parseJson(value);
        else fields[field] = value;
      } else {
        // Discord answers a file over the cap with 413 and 40005 (the whole request is refused).
        if (value.size > MAX_FILE_BYTES) throw new ApiError(413, { code: 40005, message: 'Request entity too large' });
        const n = /^files\[(\d+)\]$/.exec(field);
        files.push({
          field,
          index: n ? Number(n[1]) : files.length,
          filename: value.name,
          contentType: value.type,
          size: value.size,
          data: Buffer.from(await value.arrayBuffer()),
        });
      }
    }
    return { body: body ?? fields, files };
  }
  // OAuth2's token endpoint takes a form, as HTML forms send it.
  if (type.startsWith('application/x-www-form-urlencoded')) return { body: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), files: [] };
  return { body: parseJson(raw.toString('utf8')), files: [] };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, { code: 50109, message: 'The request body contains invalid JSON.' });
  }
}
