// The HTTP thread (thread.ts): sends each of Discord's requests it is handed and reads the answer, so
// undici's sockets, parsing and buffers cost the bot's event loop nothing. Plain JavaScript: a worker
// thread does not inherit tsx's loader (npm run build copies it into lib/ as worker.js).
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';

const agent = new Agent({ connections: workerData.sockets });
/** Requests on their way, by id: the event loop aborts one whose discord.js timeout ran out. */
const going = new Map();

parentPort.on('message', async (m) => {
  if (m.abort !== undefined) return void going.get(m.abort)?.abort();
  const controller = new AbortController();
  going.set(m.id, controller);
  try {
    const res = await request(m.url, { method: m.method, headers: m.headers, body: m.body, dispatcher: agent, signal: controller.signal });
    const body = await res.body.arrayBuffer();
    parentPort.postMessage({ id: m.id, status: res.statusCode, headers: res.headers, body }, [body]);
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: { name: err?.name ?? 'Error', message: String(err?.message ?? err), code: err?.code } });
  } finally {
    going.delete(m.id);
  }
});
// Requests are taken from now on (the event loop sends in-process what a thread that never got here was
// handed); with the thread's id in the kernel, which the event loop puts under SCHED_BATCH (src/threads.ts).
let tid = null;
try {
  tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
} catch {}
parentPort.postMessage({ ready: tid });
