// A live game's heap by shape (issue 34): compares two V8 heap snapshots of the bot written by
// test/load/memory.ts (--snapshots) at two numbers of live games, and prints per game what grew, by
// object shape (constructor and first property names; strings, arrays and closures by kind). Not in npm test:
//
//   npx tsx test/load/memory.ts --steps 30,90 --hold 40 --snapshots 30,90
//   node test/load/heap-shapes.mjs /tmp/fengsheng-mem-<pid>-30.json.heapsnapshot /tmp/fengsheng-mem-<pid>-90.json.heapsnapshot 60 [rows]
//
// (60: the live games between the two snapshots.) Each row: bytes a game, objects a game, the shape.
import { readFileSync } from 'node:fs';

/** Count and self size of each shape in a snapshot. */
function shapes(file) {
  const s = JSON.parse(readFileSync(file, 'utf8'));
  const f = s.snapshot.meta.node_fields;
  const nf = f.length;
  const enf = s.snapshot.meta.edge_fields.length;
  const types = s.snapshot.meta.node_types[0];
  const property = s.snapshot.meta.edge_types[0].indexOf('property');
  const [ti, ni, si, eci] = ['type', 'name', 'self_size', 'edge_count'].map((k) => f.indexOf(k));
  const { nodes: N, edges: E, strings: S } = s;
  const out = new Map();
  let e = 0;
  for (let i = 0; i < N.length; i += nf) {
    const type = types[N[i + ti]];
    const edges = N[i + eci];
    let key;
    if (type === 'object') {
      const names = [];
      for (let j = 0; j < edges && names.length < 6; j++) {
        const x = e + j * enf;
        if (E[x] !== property) continue;
        const name = S[E[x + 1]];
        if (!name.startsWith('__') && name !== 'map') names.push(name);
      }
      key = `${S[N[i + ni]]}{${names.join(',')}}`;
    } else if (type === 'string' || type === 'concatenated string' || type === 'sliced string') key = 'string';
    else if (type === 'closure') key = `fn:${S[N[i + ni]].slice(0, 30)}`;
    else key = `${type}:${S[N[i + ni]].slice(0, 30)}`;
    const v = out.get(key) ?? [0, 0];
    v[0]++;
    v[1] += N[i + si];
    out.set(key, v);
    e += edges * enf;
  }
  return out;
}

const [a, b, games, rows = '60'] = process.argv.slice(2);
if (!a || !b || !games) {
  console.error('usage: node test/load/heap-shapes.mjs BEFORE.heapsnapshot AFTER.heapsnapshot GAMES_BETWEEN [ROWS]');
  process.exit(2);
}
const before = shapes(a);
const grown = [...shapes(b)].map(([key, [count, size]]) => {
  const [c0, s0] = before.get(key) ?? [0, 0];
  return { key, count: (count - c0) / Number(games), size: (size - s0) / Number(games) };
});
grown.sort((x, y) => y.size - x.size);
console.log('bytes a game in all', Math.round(grown.reduce((t, r) => t + r.size, 0)));
for (const r of grown.slice(0, Number(rows))) console.log(String(Math.round(r.size)).padStart(7), r.count.toFixed(1).padStart(7), r.key.slice(0, 140));
