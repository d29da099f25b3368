// A viewer's socket that does not take what it is sent (a page frozen in the background, a bad link):
// the bot keeps at most BEHIND_BYTES waiting for it, then closes it; the page reconnects and is sent
// the newest frame (web/activity/src/connect.ts).
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Viewer } from '../../src/activity/oauth.js';
import { BEHIND_BYTES, CLOSE_BEHIND, Viewers, type FaceContext } from '../../src/activity/viewers.js';

/** A socket whose page has taken all but `buffered` bytes. */
function socket(buffered: number) {
  const sent: string[] = [];
  const closed: number[] = [];
  const ws = { OPEN: 1, readyState: 1, bufferedAmount: buffered, on: () => undefined, send: (m: string) => void sent.push(m), close: (code: number) => void closed.push(code) };
  return { ws: ws as unknown as WebSocket, sent, closed };
}

// A channel with no game: watching it sends one notice (act.noGame).
const ctx = { store: { knownSettings: () => undefined, activeGameIn: async () => null, newestGameIn: async () => null } } as unknown as FaceContext;
const viewer: Viewer = { id: 'u1', username: 'alice', locale: 'zh-CN' };

describe("a viewer's socket that falls behind", () => {
  it('is sent frames while it keeps up, and closed (not sent more) once a megabyte waits for it', async () => {
    const viewers = new Viewers(ctx);
    const ok = socket(BEHIND_BYTES);
    await viewers.watch(ok.ws, viewer, 'g', 'c');
    expect([ok.sent.length, ok.closed]).toEqual([1, []]);
    const behind = socket(BEHIND_BYTES + 1);
    await viewers.watch(behind.ws, viewer, 'g', 'c');
    expect([behind.sent.length, behind.closed]).toEqual([0, [CLOSE_BEHIND]]);
  });
});
