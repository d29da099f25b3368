// Files on channel messages through the real discord.js client, the way Discord takes them:
// multipart/form-data with the message in `payload_json` and files in `files[n]`; on an edit the
// body's `attachments` lists what stays (existing ids) and what is new (upload indexes).
import { DiscordAPIError, type Message, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTable, type Table } from './fixture.js';

let t: Table;
let channel: TextChannel;
beforeAll(async () => {
  t = await openTable();
  channel = (await t.client.channels.fetch(t.general.id)) as TextChannel;
});
afterAll(() => t.close());

const png = (n: number) => Buffer.concat([Buffer.from([137, 80, 78, 71]), Buffer.alloc(n, 7)]);
const seen = (m: Message) => t.discord.seenBy(t.alice).find((s) => s.id === m.id)!;

describe('attachments on channel messages', () => {
  test('a file sent with a message is stored, served at its url and shown to the channel', async () => {
    const data = png(5000);
    const m = await channel.send({ content: 'the table', files: [{ attachment: data, name: 'table.png' }] });
    expect(m.attachments.size).toBe(1);
    const a = m.attachments.first()!;
    expect(a.name).toBe('table.png');
    expect(a.size).toBe(data.length);
    expect(t.discord.attachmentData(a.id)?.equals(data)).toBe(true);
    const served = Buffer.from(await (await fetch(a.url)).arrayBuffer());
    expect(served.equals(data)).toBe(true);
    expect(seen(m).attachments).toEqual([{ id: a.id, filename: 'table.png', size: data.length, url: a.url }]);
  });

  test('an edit without files keeps the attachment; with a new file (discord.js lists only it) replaces it; listing the old one keeps both', async () => {
    const m = await channel.send({ content: 'v1', files: [{ attachment: png(10), name: 'a.png' }] });
    const first = m.attachments.first()!.id;

    const kept = await m.edit({ content: 'v2' });
    expect([...kept.attachments.keys()]).toEqual([first]);

    const replaced = await kept.edit({ content: 'v3', files: [{ attachment: png(20), name: 'b.png' }] });
    expect(replaced.attachments.size).toBe(1);
    const second = replaced.attachments.first()!;
    expect(second.id).not.toBe(first);
    expect(second.name).toBe('b.png');
    expect(t.discord.attachmentData(second.id)?.length).toBe(24);

    const both = await replaced.edit({ content: 'v4', attachments: [second], files: [{ attachment: png(30), name: 'c.png' }] });
    expect([...both.attachments.values()].map((a) => a.name)).toEqual(['b.png', 'c.png']);
    expect(both.attachments.first()!.id).toBe(second.id);

    const none = await both.edit({ content: 'v5', attachments: [] });
    expect(none.attachments.size).toBe(0);
    expect(seen(m).attachments).toEqual([]);
  });

  test("a file's description (its alt text) is kept as given; over 1,024 characters is refused with 50035 and nothing is posted", async () => {
    const m = await channel.send({ content: 'described', files: [{ attachment: png(10), name: 't.png', description: '风声 · 第1轮' }] });
    expect(m.attachments.first()!.description).toBe('风声 · 第1轮');
    expect(seen(m).attachments[0].description).toBe('风声 · 第1轮');
    const before = t.discord.seenBy(t.alice).length;
    const err = await channel.send({ content: 'long', files: [{ attachment: png(10), name: 't.png', description: '长'.repeat(1025) }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).code).toBe(50035);
    expect(t.discord.seenBy(t.alice)).toHaveLength(before);
  });

  test('a file over 10 MiB is refused with 413 / 40005 and nothing is posted', async () => {
    const before = t.discord.seenBy(t.alice).length;
    const err = await channel.send({ content: 'big', files: [{ attachment: Buffer.alloc(10 * 1024 * 1024 + 1), name: 'big.png' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).status).toBe(413);
    expect((err as DiscordAPIError).code).toBe(40005);
    expect(t.discord.seenBy(t.alice).length).toBe(before);
  });

  test('keeping an attachment id the message does not have is refused (50035 ATTACHMENT_NOT_FOUND), and the message is unchanged', async () => {
    const m = await channel.send({ content: 'keep me', files: [{ attachment: png(10), name: 'a.png' }] });
    const other = await channel.send({ content: 'other', files: [{ attachment: png(10), name: 'o.png' }] });
    const err = await m.edit({ content: 'changed', attachments: [other.attachments.first()!] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).code).toBe(50035);
    expect(JSON.stringify((err as DiscordAPIError).rawError)).toContain('ATTACHMENT_NOT_FOUND');
    expect(seen(m).content).toBe('keep me');
    expect(seen(m).attachments.map((a) => a.filename)).toEqual(['a.png']);
  });

  test('the raw request: multipart with payload_json and files[n], an attachments entry naming upload 0 with its own filename', async () => {
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'raw', attachments: [{ id: 0, filename: 'named.png' }] }));
    form.append('files[0]', new Blob([png(3)], { type: 'image/png' }), 'upload.png');
    const res = await fetch(`${t.discord.url}/api/v10/channels/${t.general.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${t.discord.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { attachments: { filename: string; size: number; content_type: string }[] };
    expect(body.attachments).toEqual([expect.objectContaining({ filename: 'named.png', size: 7, content_type: 'image/png' })]);
    // An entry naming an upload that is not in the request is refused.
    const bad = new FormData();
    bad.append('payload_json', JSON.stringify({ content: 'raw', attachments: [{ id: 1 }] }));
    bad.append('files[0]', new Blob([png(3)]), 'upload.png');
    const refused = await fetch(`${t.discord.url}/api/v10/channels/${t.general.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${t.discord.token}` },
      body: bad,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 50035, errors: { attachments: { 0: { _errors: [{ code: 'ATTACHMENT_NOT_FOUND' }] } } } });
  });
});
