// The public table as a picture: seats round an oval table in seat order (the next seat is the
// next one clockwise), each with its name, character (or its back), hand size, intel as small
// cards in their colours and its state; the piles, the intel in transit where it is, the stack,
// and whose decision it is with its clock. Drawn from PictureInput (input.ts) only.
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { t, type Locale, type MessageKey } from '../i18n/index.js';
import { ensureFonts, FAMILIES, FAMILY } from './fonts.js';
import type { PictureCard, PictureInput, PictureSeat } from './input.js';
import { encodeIndexedPng } from './png.js';

export const WIDTH = 1000;
export const HEIGHT = 800;
const CX = 500;
const CY = 392;
const RX = 385;
const RY = 268;
const BOX_W = 184;
const BOX_H = 124;
/** An open picture's seats (a replay: nothing hidden) have a row more, for the hand's cards. */
const OPEN_BOX_H = 150;
const boxHeight = (p: PictureInput) => (p.open ? OPEN_BOX_H : BOX_H);

const C = {
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

const COLOR_FILL: Record<PictureCard['color'], string> = { 红: C.red, 蓝: C.blue, 黑: C.black };
const IDENTITY_COLOR: Record<string, string> = { 潜伏战线: '#ff7b6b', 军情处: '#6fa8ff', 打酱油的: '#c9c9c9' };

type Ctx = SKRSContext2D;

/** Fixed words (locale files, card and character names) are all in the common set of glyphs. */
const font = (size: number, bold = false) => `${bold ? 'bold ' : ''}${size}px ${FAMILY}`;
/** Players' names may have any character: the full font is the fallback (a slower lookup). */
const nameFont = (size: number, bold = false) => `${bold ? 'bold ' : ''}${size}px ${FAMILIES}`;

/** The point on the table's oval of seat i of n. */
export function seatPoint(i: number, n: number): { x: number; y: number } {
  const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
  return { x: CX + RX * Math.cos(a), y: CY + RY * Math.sin(a) };
}

/** A point between the table's centre and seat i, `f` of the way out. */
function toward(i: number, n: number, f: number): { x: number; y: number } {
  const p = seatPoint(i, n);
  return { x: CX + (p.x - CX) * f, y: CY + (p.y - CY) * f };
}

/** The point `gap` px in front of seat i's box (`boxH` high), on the way to the table's centre. */
function before(i: number, n: number, gap: number, boxH = BOX_H): { x: number; y: number } {
  const p = seatPoint(i, n);
  const dx = CX - p.x, dy = CY - p.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len;
  const edge = Math.min(BOX_W / 2 / Math.max(Math.abs(ux), 1e-9), boxH / 2 / Math.max(Math.abs(uy), 1e-9));
  return { x: p.x + ux * (edge + gap), y: p.y + uy * (edge + gap) };
}

function fit(g: Ctx, text: string, max: number): string {
  if (g.measureText(text).width <= max) return text;
  let s = text;
  while (s.length > 1 && g.measureText(s + '…').width > max) s = s.slice(0, -1);
  return s + '…';
}

/** Sets the largest font size (down to 8 px) at which the text fits, and returns the text, cut if even that is too wide. */
function shrink(g: Ctx, text: string, max: number, size: number, bold = false): string {
  for (let px = size; px >= 8; px--) {
    g.font = font(px, bold);
    if (g.measureText(text).width <= max) return text;
  }
  return fit(g, text, max);
}

/** Breaks text into at most `lines` lines: between CJK characters, or at spaces in Latin text. */
function wrap(g: Ctx, text: string, max: number, lines: number): string[] {
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

function roundRect(g: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  g.beginPath();
  g.roundRect(x, y, w, h, r);
}

function pill(g: Ctx, x: number, y: number, text: string, fill: string, color = C.text): number {
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

function padlock(g: Ctx, x: number, y: number): void {
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

function cardBack(g: Ctx, x: number, y: number, w: number, h: number): void {
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
function smallCard(g: Ctx, x: number, y: number, w: number, c: PictureCard): void {
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
function miniCard(g: Ctx, x: number, y: number, c: PictureCard): void {
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
function bigCard(g: Ctx, l: Locale, x: number, y: number, c: PictureCard | undefined): void {
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

function arrow(g: Ctx, x1: number, y1: number, x2: number, y2: number, color: string, dashed = false): void {
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

function clockIcon(g: Ctx, x: number, y: number): void {
  g.strokeStyle = C.wait;
  g.lineWidth = 2;
  g.beginPath();
  g.arc(x + 7, y + 7, 6.5, 0, 2 * Math.PI);
  g.moveTo(x + 7, y + 7);
  g.lineTo(x + 7, y + 3);
  g.moveTo(x + 7, y + 7);
  g.lineTo(x + 10, y + 9);
  g.stroke();
}

function drawSeat(g: Ctx, p: PictureInput, i: number): void {
  const s: PictureSeat = p.seats[i];
  const l = p.locale;
  const n = p.seats.length;
  const c = seatPoint(i, n);
  const boxH = boxHeight(p);
  const x = Math.round(c.x - BOX_W / 2);
  const y = Math.round(c.y - boxH / 2);
  const away = p.transit?.away.includes(i) ?? false;
  const current = !p.result && i === p.current;
  const waited = p.pending?.decider === i;

  g.save();
  if (away) g.globalAlpha = 0.55;
  roundRect(g, x, y, BOX_W, boxH, 10);
  g.fillStyle = C.box;
  g.fill();
  g.restore();
  g.lineWidth = current ? 4 : waited ? 3 : 1.5;
  g.strokeStyle = current ? C.gold : waited ? C.wait : C.boxEdge;
  g.setLineDash(away ? [6, 4] : []);
  roundRect(g, x, y, BOX_W, boxH, 10);
  g.stroke();
  g.setLineDash([]);
  if (current) {
    // A marker pointing at the seat whose turn it is, from the table's side.
    const a = Math.atan2(c.y - CY, c.x - CX);
    const d = Math.min(BOX_W / 2 / Math.abs(Math.cos(a) || 1e-9), boxH / 2 / Math.abs(Math.sin(a) || 1e-9)) + 4;
    const tx = c.x - d * Math.cos(a), ty = c.y - d * Math.sin(a);
    g.fillStyle = C.gold;
    g.beginPath();
    g.moveTo(tx, ty);
    g.lineTo(tx - 14 * Math.cos(a - 0.5), ty - 14 * Math.sin(a - 0.5));
    g.lineTo(tx - 14 * Math.cos(a + 0.5), ty - 14 * Math.sin(a + 0.5));
    g.closePath();
    g.fill();
  }

  // Row 1: seat number, name; tags on the right.
  g.beginPath();
  g.arc(x + 15, y + 16, 10, 0, 2 * Math.PI);
  g.fillStyle = current ? C.gold : '#34495e';
  g.fill();
  g.fillStyle = current ? '#17212b' : C.text;
  g.font = font(12, true);
  g.textAlign = 'center';
  g.fillText(String(i + 1), x + 15, y + 20);
  g.textAlign = 'left';
  let right = x + BOX_W - 6;
  if (s.ai) right -= pill(g, right, y + 8, t(l, 'picture.ai'), '#8e44ad') + 4;
  else if (s.auto) right -= pill(g, right, y + 8, t(l, 'picture.auto'), '#8e44ad') + 4;
  if (away) right -= pill(g, right, y + 8, t(l, 'picture.away'), '#d35400') + 4;
  if (s.locked) {
    padlock(g, right - 12, y + 8);
    right -= 16;
  }
  g.fillStyle = C.text;
  g.font = nameFont(15, true);
  g.fillText(fit(g, s.name, right - (x + 30) - 2), x + 30, y + 22);

  // Row 2: character (or its back), hand size, identity when it is public.
  let cx = x + 6;
  if (s.character !== undefined) {
    if (s.character && s.characterDown) {
      // An open picture names a face-down character on its back.
      cardBack(g, cx, y + 32, 76, 22);
      roundRect(g, cx + 3, y + 35, 70, 16, 3);
      g.fillStyle = 'rgba(15,20,25,0.7)';
      g.fill();
      g.fillStyle = C.text;
      g.textAlign = 'center';
      g.fillText(shrink(g, s.character, 66, 12, true), cx + 38, y + 47);
      g.textAlign = 'left';
    } else if (s.character) {
      roundRect(g, cx, y + 32, 76, 22, 4);
      g.fillStyle = C.character;
      g.fill();
      g.fillStyle = C.text;
      g.textAlign = 'center';
      g.fillText(shrink(g, s.character, 72, 12, true), cx + 38, y + 47);
      g.textAlign = 'left';
    } else {
      cardBack(g, cx, y + 32, 76, 22);
      g.fillStyle = C.text;
      g.textAlign = 'center';
      g.fillText(shrink(g, t(l, 'picture.characterDown'), 72, 11, true), cx + 38, y + 47);
      g.textAlign = 'left';
    }
    cx += 82;
  }
  cardBack(g, cx, y + 32, 15, 22);
  g.fillStyle = C.text;
  g.font = font(13, true);
  g.fillText(`×${s.hand}`, cx + 18, y + 48);
  if (s.identity) {
    g.fillStyle = IDENTITY_COLOR[s.identity] ?? C.text;
    g.textAlign = 'right';
    g.fillText(shrink(g, t(l, `picture.identity.${s.identity}`), x + BOX_W - 6 - (cx + 40), 12, true), x + BOX_W - 6, y + 48);
    g.textAlign = 'left';
  }

  // Rows 3–4: intel, four to a row; the eighth place says how many more there are.
  const shown = s.intel.length > 8 ? s.intel.slice(0, 7) : s.intel;
  shown.forEach((card, k) => smallCard(g, x + 6 + (k % 4) * 44, y + 62 + Math.floor(k / 4) * 27, 40, card));
  if (s.intel.length > 8) {
    g.fillStyle = C.dim;
    g.font = font(12, true);
    g.fillText(`+${s.intel.length - 7}`, x + 6 + 3 * 44 + 8, y + 62 + 27 + 15);
  }
  if (!s.intel.length) {
    g.fillStyle = C.dim;
    g.font = font(12);
    g.fillText(t(l, 'picture.noIntel'), x + 8, y + 78);
  }

  // Row 5 of an open picture: the hand, seven to the row; the seventh place says how many more.
  if (s.cards) {
    const hand = s.cards.length > 7 ? s.cards.slice(0, 6) : s.cards;
    hand.forEach((card, k) => miniCard(g, x + 6 + k * 25, y + 122, card));
    if (s.cards.length > 7) {
      g.fillStyle = C.dim;
      g.font = font(12, true);
      g.fillText(`+${s.cards.length - 6}`, x + 6 + 6 * 25 + 2, y + 138);
    }
    if (!s.cards.length) {
      g.fillStyle = C.dim;
      g.font = font(12);
      g.fillText(t(l, 'picture.noHand'), x + 8, y + 138);
    }
  }

  if (!s.alive || s.out) {
    g.save();
    roundRect(g, x, y, BOX_W, boxH, 10);
    g.fillStyle = 'rgba(10,14,18,0.62)';
    g.fill();
    // Over the intel rows: in an open picture the hand row below stays readable.
    g.translate(x + BOX_W / 2, y + BOX_H - 34);
    g.rotate(-0.12);
    g.strokeStyle = !s.alive ? C.dead : C.dim;
    g.lineWidth = 3;
    const label = t(l, !s.alive ? 'picture.dead' : 'picture.out');
    g.font = font(22, true);
    const w = g.measureText(label).width + 20;
    g.strokeRect(-w / 2, -17, w, 34);
    g.fillStyle = !s.alive ? C.dead : C.dim;
    g.textAlign = 'center';
    g.fillText(label, 0, 8);
    g.restore();
  }
}

function drawTransit(g: Ctx, p: PictureInput): void {
  const tr = p.transit!;
  const l = p.locale;
  const n = p.seats.length;
  const boxH = boxHeight(p);
  const at = before(tr.at, n, 54, boxH);
  const x = at.x - 29, y = at.y - 40;
  if (tr.sender !== tr.at) {
    const from = before(tr.sender, n, 20, boxH);
    arrow(g, from.x, from.y, at.x - (at.x - from.x) * 0.25, at.y - (at.y - from.y) * 0.25, 'rgba(236,240,241,0.45)', true);
  }
  if (tr.mode !== '直达') {
    let next = tr.at;
    for (let k = 0; k < n; k++) {
      next = (next + tr.dir + n) % n;
      if (p.seats[next].alive && !p.seats[next].out && !tr.away.includes(next)) break;
    }
    if (next !== tr.at) {
      const to = before(next, n, 54, boxH);
      const f = 0.62;
      arrow(g, at.x, at.y, at.x + (to.x - at.x) * f, at.y + (to.y - at.y) * f, C.gold);
    }
  }
  bigCard(g, l, x, y, tr.card);
  if (tr.hidden) {
    // Shown in a replay, but it travelled face down.
    g.strokeStyle = C.gold;
    g.lineWidth = 2;
    g.setLineDash([5, 3]);
    roundRect(g, x - 3, y - 3, 64, 86, 7);
    g.stroke();
    g.setLineDash([]);
    // On the side of the card the label below does not take.
    const text = t(l, 'picture.wasFaceDown');
    g.font = font(11, true);
    pill(g, at.x + (g.measureText(text).width + 10) / 2, at.y > CY ? y + 86 : y - 22, text, C.back);
  }
  g.font = nameFont(12, true);
  g.textAlign = 'center';
  const label = t(l, 'picture.transit', {
    from: p.seats[tr.sender].name,
    mode: t(l, `mode.${tr.mode}`),
    dir: tr.mode !== '直达' && tr.dir === -1 ? t(l, 'picture.reversed') : '',
  });
  const w = Math.min(220, g.measureText(label).width + 12);
  // The label goes on the side of the card away from the seat.
  const ly = at.y > CY ? y - 22 : y + 84;
  roundRect(g, at.x - w / 2, ly, w, 18, 9);
  g.fillStyle = 'rgba(15,20,25,0.8)';
  g.fill();
  g.fillStyle = C.text;
  g.fillText(fit(g, label, w - 8), at.x, ly + 13);
  g.textAlign = 'left';
}

function drawPiles(g: Ctx, p: PictureInput): void {
  const l = p.locale;
  const piles: [MessageKey, number][] = [
    ['picture.deck', p.deck],
    ['picture.discard', p.discard],
    ['picture.removed', p.removed],
  ];
  piles.forEach(([key, count], k) => {
    const x = CX - 105 + k * 70, y = CY - 48;
    const depth = Math.min(4, Math.ceil(count / 10));
    if (count === 0) {
      g.strokeStyle = 'rgba(236,240,241,0.35)';
      g.setLineDash([4, 3]);
      g.lineWidth = 1.5;
      roundRect(g, x, y, 40, 56, 4);
      g.stroke();
      g.setLineDash([]);
    } else if (k === 0) {
      for (let d = depth; d >= 0; d--) cardBack(g, x + d * 2, y - d * 2, 40, 56);
    } else {
      for (let d = depth; d >= 0; d--) {
        roundRect(g, x + d * 2, y - d * 2, 40, 56, 4);
        g.fillStyle = k === 1 ? '#7f8c8d' : '#4a4f55';
        g.fill();
        g.strokeStyle = '#2c3e50';
        g.lineWidth = 1;
        g.stroke();
      }
    }
    g.fillStyle = C.text;
    g.textAlign = 'center';
    g.font = font(16, true);
    g.fillText(String(count), x + 20, y + 34);
    g.font = font(11);
    g.fillText(t(l, key), x + 20, y + 72);
    g.textAlign = 'left';
  });
}

function drawStack(g: Ctx, p: PictureInput): void {
  if (!p.stack.length) return;
  const l = p.locale;
  const names = p.seats.map((s) => s.name);
  const rows = p.stack.slice().reverse().slice(0, 5);
  const x = WIDTH - 242, h = 28 + rows.length * 25 + (p.stack.length > 5 ? 16 : 0), y = HEIGHT - 12 - h;
  panel(g, x, y, 230, h, C.boxEdge, t(l, 'picture.stack'));
  rows.forEach((it, k) => {
    const ry = y + 26 + k * 25;
    g.fillStyle = k === 0 ? C.gold : C.dim;
    g.font = font(12, true);
    g.fillText(String(p.stack.length - k), x + 10, ry + 15);
    let cx = x + 26;
    if (it.card) {
      smallCard(g, cx, ry, 40, it.card);
      cx += 46;
    }
    g.fillStyle = C.text;
    g.font = nameFont(13);
    const text = `${names[it.user]}：${it.as}${it.target !== undefined ? ` → ${names[it.target]}` : ''}`;
    g.fillText(fit(g, text, x + 224 - cx), cx, ry + 16);
  });
  if (p.stack.length > 5) {
    g.fillStyle = C.dim;
    g.font = font(11);
    g.fillText(`+${p.stack.length - 5}`, x + 26, y + h - 6);
  }
}

/** A corner panel with its title; the caller draws what goes in it. */
function panel(g: Ctx, x: number, y: number, w: number, h: number, edge: string, title: string): void {
  roundRect(g, x, y, w, h, 8);
  g.fillStyle = C.panel;
  g.fill();
  g.strokeStyle = edge;
  g.lineWidth = 1.5;
  g.stroke();
  g.fillStyle = edge === C.wait ? C.wait : C.dim;
  g.font = font(12, true);
  g.fillText(title, x + 10, y + 18);
}

function hhmmss(ms: number): string {
  const d = new Date(ms);
  const two = (v: number) => String(v).padStart(2, '0');
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

function drawPending(g: Ctx, p: PictureInput): void {
  const q = p.pending;
  if (!q) return;
  const l = p.locale;
  const step = q.step ? t(l, `step.${q.step as 'play1'}`) : '';
  const pending = () => t(l, `pending.${q.kind}` as 'pending.send');
  // A response window names nobody unless it is the current player's own play phase (rulings §7b).
  const what =
    q.decider !== null
      ? q.kind === 'window'
        ? step
        : pending()
      : q.kind === 'window'
        ? t(l, 'picture.windowBody', { step })
        : t(l, 'table.everyone', { what: pending(), deadline: '' });
  const who = q.decider !== null ? p.seats[q.decider].name : '';
  const x = 12, w = 262;
  g.font = font(13, true);
  const whatLines = wrap(g, what, w - 20, 3);
  g.font = nameFont(13);
  const whoLines = who ? wrap(g, who, w - 20, 1) : [];
  const h = 30 + (whatLines.length + whoLines.length) * 18 + (q.deadline !== undefined ? 22 : 0);
  const y = HEIGHT - 12 - h;
  panel(g, x, y, w, h, C.wait, t(l, q.decider === null && q.kind === 'window' ? 'picture.window' : 'picture.waiting'));
  let ly = y + 36;
  g.fillStyle = C.text;
  g.font = font(13, true);
  for (const s of whatLines) (g.fillText(s, x + 10, ly), (ly += 18));
  g.font = nameFont(13);
  for (const s of whoLines) (g.fillText(s, x + 10, ly), (ly += 18));
  if (q.deadline !== undefined) {
    clockIcon(g, x + 10, ly - 9);
    g.fillStyle = C.wait;
    g.font = font(13, true);
    g.fillText(t(l, 'picture.deadline', { time: hhmmss(q.deadline) }), x + 30, ly + 3);
  }
}

function drawResult(g: Ctx, p: PictureInput): void {
  const r = p.result!;
  const l = p.locale;
  const names = p.seats.map((s) => s.name);
  const w = 420, h = 92, x = CX - w / 2, y = CY + 34;
  roundRect(g, x, y, w, h, 10);
  g.fillStyle = 'rgba(15,20,25,0.88)';
  g.fill();
  g.strokeStyle = C.gold;
  g.lineWidth = 2;
  g.stroke();
  g.textAlign = 'center';
  g.fillStyle = C.gold;
  g.font = font(20, true);
  g.fillText(t(l, 'picture.over'), CX, y + 30);
  g.fillStyle = C.text;
  g.font = nameFont(15, true);
  const line = r.draw
    ? t(l, 'table.draw', { reason: t(l, `reason.${r.reason}` as 'reason.roundLimit') })
    : t(l, 'table.winners', { names: r.winners.map((w) => names[w]).join('、') });
  g.fillText(fit(g, line, w - 20), CX, y + 56);
  if (r.declarer !== null && r.declarer !== undefined) {
    g.font = nameFont(12);
    g.fillStyle = C.dim;
    g.fillText(fit(g, t(l, 'table.declarer', { name: names[r.declarer] }), w - 20), CX, y + 78);
  }
  g.textAlign = 'left';
}

export interface TablePicture {
  png: Buffer;
  width: number;
  height: number;
}

let canvas: Canvas | undefined;

/** Draws the table and encodes it as a PNG. */
export function drawTablePicture(p: PictureInput): TablePicture {
  ensureFonts();
  // One canvas for every picture (renders are synchronous): no 3 MB surface to allocate each time.
  canvas ??= createCanvas(WIDTH, HEIGHT);
  const g = canvas.getContext('2d', { alpha: false });
  g.reset();
  const l = p.locale;
  g.fillStyle = C.bg;
  g.fillRect(0, 0, WIDTH, HEIGHT);
  g.beginPath();
  g.ellipse(CX, CY, RX - 40, RY - 40, 0, 0, 2 * Math.PI);
  g.fillStyle = C.felt;
  g.fill();
  g.lineWidth = 10;
  g.strokeStyle = C.feltEdge;
  g.stroke();

  g.fillStyle = C.text;
  g.font = font(22, true);
  const title = p.result ? t(l, 'picture.titleOver') : t(l, 'picture.title', { round: p.round });
  g.fillText(p.open ? t(l, 'picture.replayTitle', { title }) : title, 16, 34);
  g.fillStyle = C.dim;
  g.font = font(12);
  g.fillText(t(l, 'picture.roundOf', { round: p.round, limit: p.roundLimit }), 18, 54);
  if (!p.result) {
    g.fillText(t(l, 'picture.direction'), WIDTH - 16 - g.measureText(t(l, 'picture.direction')).width, 24);
  }

  drawPiles(g, p);
  for (let i = 0; i < p.seats.length; i++) drawSeat(g, p, i);
  if (p.transit) drawTransit(g, p);
  drawStack(g, p);
  drawPending(g, p);
  if (p.result) drawResult(g, p);
  return { png: encodeIndexedPng(canvas.data(), WIDTH, HEIGHT), width: WIDTH, height: HEIGHT };
}
