// Preloaded into the bot by test/load/memory.ts (node --expose-gc --require): on SIGUSR2 it reads the
// command file /tmp/mem-probe-<pid>.json ({ out, snapshot, gc }), collects garbage (unless gc is
// false: the memory as it stands under load), and writes the process's memory (process.memoryUsage,
// V8's heap spaces, /proc/self/status) to `out`, with a heap snapshot beside it when asked. Never
// loaded by the bot as it ships.
const fs = require('node:fs');
const v8 = require('node:v8');

function mappings() {
  const out = {};
  let key = null;
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1024;
      const name = head[3] || (size >= 65536 ? 'anon>=64M' : size >= 1024 ? 'anon>=1M' : size >= 256 ? 'anon>=256K' : 'anon<256K');
      key = name.includes('/') ? name.split('/').pop() : name;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && key) out[key] = (out[key] ?? 0) + Number(rss[1]) * 1024;
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v >= 1 << 20).sort((a, b) => b[1] - a[1]));
}

process.on('SIGUSR2', () => {
  let cmd;
  try {
    cmd = JSON.parse(fs.readFileSync(`/tmp/mem-probe-${process.pid}.json`, 'utf8'));
  } catch {
    return;
  }
  if (cmd.gc !== false) for (let i = 0; i < 3; i++) globalThis.gc?.();
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  const report = {
    at: Date.now(),
    usage: process.memoryUsage(),
    rssAnon: kb('RssAnon'),
    rssFile: kb('RssFile'),
    threads: Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 0),
    spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, { used: s.space_used_size, size: s.space_size }])),
    // The mappings by kind, resident bytes: V8's heap and the malloc arenas are anonymous mappings.
    mappings: mappings(),
    snapshot: cmd.snapshot ? v8.writeHeapSnapshot(`${cmd.out}.heapsnapshot`) : null,
  };
  fs.writeFileSync(cmd.out, JSON.stringify(report));
});
