// The gateway's thread (thread.ts), one a shard: its connection (@discordjs/ws's shard: the socket,
// heartbeats, inflating and parsing every packet) runs here, and the event loop gets each packet as an
// object. Besides, every click and command is told at once to the HTTP thread (../http/worker.mjs), which
// acknowledges it itself should the event loop not answer in time (a stalled loop no longer costs a
// player "This interaction failed"). MESSAGE_UPDATE, one for every table edit, which the bot never
// reads (it keeps no message: client.ts), does not cross at all. Plain JavaScript: a worker thread does
// not inherit tsx's loader (npm run build compiles it into lib/ as shards.js).
import { BroadcastChannel, parentPort } from 'node:worker_threads';
import { WebSocketShardEvents, WorkerBootstrapper, WorkerReceivePayloadOp } from '@discordjs/ws';

/** The HTTP thread listens here (../http/worker.mjs names it too). */
const clicks = new BroadcastChannel('fengsheng:clicks');
/** Dispatches the event loop never reads. */
const UNREAD = new Set(['MESSAGE_UPDATE']);

/**
 * What the HTTP thread needs to acknowledge an interaction, and when it came: a click (a button or a
 * menu, type 3) by its custom_id; a slash command (type 2) by its subcommand.
 */
function tell(d) {
  if (d?.type === 3) {
    clicks.postMessage({ id: d.id, token: d.token, app: d.application_id, customId: d.data?.custom_id ?? '', at: Date.now() });
  } else if (d?.type === 2) {
    clicks.postMessage({ id: d.id, token: d.token, app: d.application_id, command: `${d.data?.name}/${d.data?.options?.[0]?.name ?? ''}`, at: Date.now() });
  }
}

await new WorkerBootstrapper().bootstrap({
  forwardEvents: Object.values(WebSocketShardEvents).filter((e) => e !== WebSocketShardEvents.Dispatch),
  shardCallback(shard) {
    // A click is told the moment its packet is read: the shard emits a dispatch only after asking for
    // its session (below), and a packet read waits for the one before it in nothing else.
    const unpack = shard.unpackMessage.bind(shard);
    shard.unpackMessage = async (data, isBinary) => {
      const p = await unpack(data, isBinary);
      if (p?.op === 0 && p.t === 'INTERACTION_CREATE') tell(p.d);
      return p;
    };
    // The shard reads its session (id, sequence) before each dispatch and writes it after: from the
    // event loop, a round trip each, so every packet would wait on a busy event loop. The thread keeps
    // it (asked of the event loop once, at the start) and tells the event loop of a new or ended
    // session; the event loop's copy is for discord.js's own accounts (no resume reads it).
    const context = shard.strategy;
    const ask = context.retrieveSessionInfo.bind(context);
    const tellLoop = context.updateSessionInfo.bind(context);
    let known = false;
    let session = null;
    context.retrieveSessionInfo = async (id) => {
      if (!known) {
        session = await ask(id);
        known = true;
      }
      return session;
    };
    context.updateSessionInfo = (id, next) => {
      const fresh = next?.sessionId !== session?.sessionId || next?.resumeURL !== session?.resumeURL;
      session = next;
      known = true;
      if (fresh) tellLoop(id, next);
    };
    shard.on(WebSocketShardEvents.Dispatch, (event) => {
      if (UNREAD.has(event.data.t)) return;
      parentPort.postMessage({ op: WorkerReceivePayloadOp.Event, event: WebSocketShardEvents.Dispatch, data: event, shardId: shard.id });
    });
  },
});
