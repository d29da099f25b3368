// sfc32: small, fast, and its whole state is four numbers that live in the game state,
// so a stored game continues with exactly the randomness it would have had.

export type RngState = [number, number, number, number];

export function seedRng(seed: number): RngState {
  // splitmix32 spreads a small integer seed over the four words.
  let x = seed >>> 0;
  const next = () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  const r: RngState = [next(), next(), next(), next()];
  for (let i = 0; i < 12; i++) nextUint(r);
  return r;
}

/** Advances r in place and returns a uniform 32-bit unsigned integer. */
export function nextUint(r: RngState): number {
  let a = r[0], b = r[1], c = r[2], d = r[3];
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  r[0] = a;
  r[1] = b;
  r[2] = c;
  r[3] = d;
  return t >>> 0;
}

/** Uniform integer in [0, n). */
export function randInt(r: RngState, n: number): number {
  return Math.floor((nextUint(r) / 4294967296) * n);
}

export function shuffleInPlace<T>(r: RngState, a: T[]): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = randInt(r, i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
