// The drawing primitives of the table picture (table.ts): its size and colours, text that fits,
// rounded boxes, cards face up and face down, arrows and icons.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { t, type Locale, } from '../i18n/index.js';
import { FAMILIES, FAMILY } from './fonts.js';
import type { PictureCard } from './input.js';

export const WIDTH = 1000;
export const HEIGHT = 800;
export const CX = 500;
export const CY = 392;
export const RX = 385;
export const RY = 268;
export const BOX_W = 184;
export const BOX_H = 124;
/** An open picture's seats (a replay: nothing hidden) have a row more, for the hand's cards. */
export const OPEN_BOX_H = 150;

export const C = {
  bg: '#17212b',
  felt: '#1d5a44',
  feltEdge: '#123a2c',
  box: '#243447',
  boxEdge: '#3d5369',
  text: '#ecf0f1',
  dim: '#95a5a6',
  gold: '#f1c40f',
  wait: '#48c9e8',
  red: '#c0392b',
  blue: '#2e6fd1',
  black: '#1b1b1b',
  back: '#5b3a29',
  backLine: '#7d5641',
  character: '#7a5c2e',
  dead: '#e74c3c',
  panel: '#1f2d3a',
} as const;

export const COLOR_FILL: Record<PictureCard['color'], string> = { 红: C.red, 蓝: C.blue, 黑: C.black };
export const IDENTITY_COLOR: Record<string, string> = { 潜伏战线: '#ff7b6b', 军情处: '#6fa8ff', 打酱油的: '#c9c9c9' };

export type Ctx = SKRSContext2D;

/** Fixed words (locale files, card and character names) are all in the common set of glyphs. */
export const font = (size: number, bold = false) => `${bold ? 'bold ' : ''}${size}px ${FAMILY}`;
/** Players' names may have any character: the full font is the fallback (a slower lookup). */
export const nameFont = (size: number, bold = false) => `${bold ? 'bold ' : ''}${size}px ${FAMILIES}`;

/** The point on the table's oval of seat i of n. */
export function seatPoint(i: number, n: number): { x: number; y: number } {
  const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
  return { x: CX + RX * Math.cos(a), y: CY + RY * Math.sin(a) };
}

/** A point between the table's centre and seat i, `f` of the way out. */
export function toward(i: number, n: number, f: number): { x: number; y: number } {
  const p = seatPoint(i, n);
  return { x: CX + (p.x - CX) * f, y: CY + (p.y - CY) * f };
}

/** The point `gap` px in front of seat i's box (`boxH` high), on the way to the table's centre. */
export function before(i: number, n: number, gap: number, boxH = BOX_H): { x: number; y: number } {
  const p = seatPoint(i, n);
  const dx = CX - p.x, dy = CY - p.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len;
  const edge = Math.min(BOX_W / 2 / Math.max(Math.abs(ux), 1e-9), boxH / 2 / Math.max(Math.abs(uy), 1e-9));
  return { x: p.x + ux * (edge + gap), y: p.y + uy * (edge + gap) };
}

export function fit(g: Ctx, text: string, max: number): string {
  const key = `${g.font}\u0000${max}\u0000${text}`;
  let out = FITTED.get(key);
  if (out !== undefined) return out;
  if (g.measureText(text).width <= max) out = text;
  else {
    let s = text;
    while (s.length > 1 && g.measureText(s + '…').width > max) s = s.slice(0, -1);
    out = s + '…';
  }
  if (FITTED.size >= FITTED_MAX) FITTED.clear();
  FITTED.set(key, out);
  return out;
}

/**
 * What fit() made of a text in a font and a width: the same seats' names are fitted in every picture of
 * a game, and measuring a name (in the fallback font, which any character may need) was an eighth of a
 * drawing. At most FITTED_MAX kept, all forgotten at once when full.
 */
const FITTED = new Map<string, string>();
const FITTED_MAX = 10_000;

/** Sets the largest font size (down to 8 px) at which the text fits, and returns the text, cut if even that is too wide. */
export function shrink(g: Ctx, text: string, max: number, size: number, bold = false): string {
  for (let px = size; px >= 8; px--) {
    g.font = font(px, bold);
    if (g.measureText(text).width <= max) return text;
  }
  return fit(g, text, max);
}

/** Breaks text into at most `lines` lines: between CJK characters, or at spaces in Latin text. */
export function wrap(g: Ctx, text: string, max: number, lines: number): string[] {
  const tokens = text.match(/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+\s*|\s+/g) ?? [];
  const out: string[] = [];
  let cur = '';
  for (const tok of tokens) {
    if (cur && g.measureText((cur + tok).trimEnd()).width > max) {
      out.push(cur.trimEnd());
      cur = '';
    }
    cur += tok;
  }
  if (cur) out.push(cur.trimEnd());
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = fit(g, out.slice(lines - 1).join(' '), max);
  return kept;
}

export function roundRect(g: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  g.beginPath();
  g.roundRect(x, y, w, h, r);
}

export function pill(g: Ctx, x: number, y: number, text: string, fill: string, color = C.text): number {
  g.font = font(11, true);
  const w = g.measureText(text).width + 10;
  roundRect(g, x - w, y, w, 16, 8);
  g.fillStyle = fill;
  g.fill();
  g.fillStyle = color;
  g.textAlign = 'center';
  g.fillText(text, x - w / 2, y + 12);
  g.textAlign = 'left';
  return w;
}

export function padlock(g: Ctx, x: number, y: number): void {
  g.strokeStyle = C.gold;
  g.lineWidth = 2;
  g.beginPath();
  g.arc(x + 6, y + 6, 4, Math.PI, 0);
  g.stroke();
  g.fillStyle = C.gold;
  g.fillRect(x, y + 6, 12, 9);
  g.fillStyle = C.box;
  g.fillRect(x + 5, y + 9, 2, 3);
}

export function cardBack(g: Ctx, x: number, y: number, w: number, h: number): void {
  roundRect(g, x, y, w, h, 3);
  g.fillStyle = C.back;
  g.fill();
  g.save();
  g.clip();
  g.strokeStyle = C.backLine;
  g.lineWidth = 2;
  g.beginPath();
  for (let k = -h; k < w; k += 7) {
    g.moveTo(x + k, y + h);
    g.lineTo(x + k + h, y);
  }
  g.stroke();
  g.restore();
  g.strokeStyle = '#2e1d14';
  g.lineWidth = 1;
  roundRect(g, x + 0.5, y + 0.5, w - 1, h - 1, 3);
  g.stroke();
}

/** A small card in its colour with its name (intel in front of a seat, the stack). */
export function smallCard(g: Ctx, x: number, y: number, w: number, c: PictureCard): void {
  roundRect(g, x, y, w, 22, 3);
  g.fillStyle = COLOR_FILL[c.color];
  g.fill();
  if (c.color === '黑') {
    g.strokeStyle = '#8a8a8a';
    g.lineWidth = 1;
    roundRect(g, x + 0.5, y + 0.5, w - 1, 21, 3);
    g.stroke();
  }
  g.fillStyle = '#ffffff';
  g.textAlign = 'center';
  g.font = font(12, true);
  if (g.measureText(c.name).width > w - 4 && c.name.length === 4) {
    // 调虎离山 and the like: two lines of two.
    g.font = font(9, true);
    g.fillText(c.name.slice(0, 2), x + w / 2, y + 10);
    g.fillText(c.name.slice(2), x + w / 2, y + 20);
  } else g.fillText(shrink(g, c.name, w - 4, 12, true), x + w / 2, y + 15);
  g.textAlign = 'left';
}

/** A hand card in an open picture: smaller than an intel card, its name on one or two lines. */
export function miniCard(g: Ctx, x: number, y: number, c: PictureCard): void {
  const w = 24, h = 22;
  roundRect(g, x, y, w, h, 3);
  g.fillStyle = COLOR_FILL[c.color];
  g.fill();
  g.strokeStyle = c.color === '黑' ? '#8a8a8a' : 'rgba(255,255,255,0.5)';
  g.lineWidth = 1;
  roundRect(g, x + 0.5, y + 0.5, w - 1, h - 1, 3);
  g.stroke();
  g.fillStyle = '#ffffff';
  g.textAlign = 'center';
  if (c.name.length <= 2) g.fillText(shrink(g, c.name, w - 3, 10, true), x + w / 2, y + 15);
  else {
    const half = Math.ceil(c.name.length / 2);
    g.fillText(shrink(g, c.name.slice(0, half), w - 3, 9, true), x + w / 2, y + 10);
    g.fillText(shrink(g, c.name.slice(half), w - 3, 9, true), x + w / 2, y + 20);
  }
  g.textAlign = 'left';
}

/** A table-sized card: the intel in transit, face up or its back. */
export function bigCard(g: Ctx, l: Locale, x: number, y: number, c: PictureCard | undefined): void {
  const w = 58, h = 80;
  if (!c) {
    cardBack(g, x, y, w, h);
    g.fillStyle = C.text;
    g.font = font(12, true);
    g.textAlign = 'center';
    g.fillText(t(l, 'picture.faceDown'), x + w / 2, y + h / 2 + 4);
  } else {
    roundRect(g, x, y, w, h, 5);
    g.fillStyle = COLOR_FILL[c.color];
    g.fill();
    g.strokeStyle = '#f5f5f5';
    g.lineWidth = 2;
    roundRect(g, x + 1, y + 1, w - 2, h - 2, 5);
    g.stroke();
    g.fillStyle = '#ffffff';
    g.textAlign = 'center';
    g.fillText(shrink(g, c.name, w - 6, 15, true), x + w / 2, y + 32);
    g.font = font(11);
    g.fillText(shrink(g, t(l, `color.${c.color}`), w - 6, 11), x + w / 2, y + 54);
    g.fillText(shrink(g, t(l, `mode.${c.mode}`), w - 6, 11), x + w / 2, y + 68);
  }
  g.textAlign = 'left';
}

export function arrow(g: Ctx, x1: number, y1: number, x2: number, y2: number, color: string, dashed = false): void {
  g.strokeStyle = color;
  g.fillStyle = color;
  g.lineWidth = 3;
  g.setLineDash(dashed ? [7, 5] : []);
  g.beginPath();
  g.moveTo(x1, y1);
  g.lineTo(x2, y2);
  g.stroke();
  g.setLineDash([]);
  const a = Math.atan2(y2 - y1, x2 - x1);
  g.beginPath();
  g.moveTo(x2 + 4 * Math.cos(a), y2 + 4 * Math.sin(a));
  g.lineTo(x2 - 11 * Math.cos(a - 0.45), y2 - 11 * Math.sin(a - 0.45));
  g.lineTo(x2 - 11 * Math.cos(a + 0.45), y2 - 11 * Math.sin(a + 0.45));
  g.closePath();
  g.fill();
}
