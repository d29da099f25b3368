// A small PNG encoder for pictures drawn in a few flat colours: the pixels are quantized to at
// most 256 colours (5 bits a channel, the most frequent ones kept, the rest mapped to the
// nearest kept one) and written as an indexed PNG. Skia's own PNG encoder writes full RGBA,
// which for a 1000×800 table with anti-aliased text is about three times as large and slower.
import zlib from 'node:zlib';

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32(buf: Uint8Array): number {
  let c = -1;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 255] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const b = Buffer.alloc(12 + data.length);
  b.writeUInt32BE(data.length, 0);
  b.write(type, 4, 'latin1');
  data.copy(b, 8);
  b.writeUInt32BE(crc32(b.subarray(4, 8 + data.length)), 8 + data.length);
  return b;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** A pixel word's colour in 5 bits a channel (r << 10 | g << 5 | b). */
const keyOf = LITTLE_ENDIAN
  ? (v: number) => ((v & 0xf8) << 7) | ((v >> 6) & 0x3e0) | ((v >> 19) & 0x1f) // red is the low byte
  : (v: number) => ((v >>> 17) & 0x7c00) | ((v >> 14) & 0x3e0) | ((v >> 11) & 0x1f);
const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
// Scratch tables reused by every call (encoding is synchronous).
const HIST = new Uint32Array(32768);
const INDEX = new Uint8Array(32768);
let runs = new Uint32Array(1 << 16); // where each run of one colour ends, then its colour key
let indexed = new Uint8Array(0);
const expand = (v: number) => (v << 3) | (v >> 2);

/** Encodes opaque RGBA pixels (alpha ignored) as an 8-bit indexed PNG. */
export function encodeIndexedPng(rgba: Uint8Array, width: number, height: number): Buffer {
  const n = width * height;
  if (rgba.length < n * 4) throw new Error(`expected ${n * 4} bytes of RGBA, got ${rgba.length}`);
  // Pixels as 32-bit words; neighbouring pixels are mostly equal, so a run is keyed and counted once,
  // and kept (where it ends, its colour) to be written at once below.
  const bytes = rgba.byteOffset % 4 === 0 ? rgba : Uint8Array.from(rgba);
  const px = new Uint32Array(bytes.buffer, bytes.byteOffset, n);
  const hist = HIST.fill(0);
  let count = 0;
  let rs = runs; // a local: the module's binding read and written once, not at each pixel
  /** The run of `key` that ends before pixel `end`: counted, and kept. */
  const endRun = (end: number, key: number, from: number) => {
    hist[key] += end - from;
    if (count + 2 > rs.length) {
      const more = new Uint32Array(rs.length * 2);
      more.set(rs);
      rs = more;
    }
    rs[count++] = end;
    rs[count++] = key;
  };
  let last = px[0], from = 0;
  for (let i = 1; i < n; i++) {
    const v = px[i];
    if (v === last) continue;
    endRun(i, keyOf(last), from);
    last = v;
    from = i;
  }
  endRun(n, keyOf(last), from);
  runs = rs;
  const used: number[] = [];
  for (let k = 0; k < 32768; k++) if (hist[k]) used.push(k);
  // Most frequent first; ties by colour so the palette does not depend on anything else.
  used.sort((a, b) => hist[b] - hist[a] || a - b);
  const palette = used.slice(0, 256);
  const index = INDEX;
  const kept = palette.length;
  const pr = new Int32Array(kept), pg = new Int32Array(kept), pb = new Int32Array(kept);
  for (let j = 0; j < kept; j++) {
    const k = palette[j];
    pr[j] = k >> 10;
    pg[j] = (k >> 5) & 31;
    pb[j] = k & 31;
    index[k] = j;
  }
  for (let u = kept; u < used.length; u++) {
    const k = used[u];
    const r = k >> 10, g = (k >> 5) & 31, b = k & 31;
    let best = 0, bestD = Infinity;
    for (let j = 0; j < kept; j++) {
      const dr = r - pr[j], dg = g - pg[j], db = b - pb[j];
      const d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    index[k] = best;
  }
  // The runs, each written at once, then the rows each behind its filter byte (0: none, the best for
  // indexed pictures of flat colour).
  if (indexed.length < n) indexed = new Uint8Array(n);
  for (let r = 0, at = 0; r < count; r += 2) {
    const end = runs[r];
    const j = index[runs[r + 1]];
    if (end - at > 8) indexed.fill(j, at, end);
    else while (at < end) indexed[at++] = j;
    at = end;
  }
  const raw = Buffer.allocUnsafe((width + 1) * height); // every byte is written below
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    raw.set(indexed.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach((k, j) => {
    plte[j * 3] = expand(k >> 10);
    plte[j * 3 + 1] = expand((k >> 5) & 31);
    plte[j * 3 + 2] = expand(k & 31);
  });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: indexed
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    chunk('IDAT', zlib.deflateSync(raw, { level: 3 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
