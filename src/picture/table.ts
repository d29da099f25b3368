// The public table as a picture: seats round an oval table in seat order (the next seat is the
// next one clockwise), each with its name, character (or its back), hand size, intel as small
// cards in their colours and its state; the piles, the intel in transit where it is, the stack,
// and whose decision it is with its clock. Drawn from PictureInput (input.ts) only.
import { createCanvas, type Canvas, } from '@napi-rs/canvas';
import { t, type MessageKey } from '../i18n/index.js';
import { ensureFonts } from './fonts.js';
export { HEIGHT, WIDTH } from './draw.js';
import { BOX_H, BOX_W, C, OPEN_BOX_H, CX, CY, Ctx, HEIGHT, IDENTITY_COLOR, RX, RY, WIDTH, arrow, before, bigCard, cardBack, fit, font, miniCard, nameFont, padlock, pill, roundRect, seatPoint, shrink, smallCard, wrap } from './draw.js';
import { pendingWords } from './describe.js';
import { pictureTitle, type PictureInput, type PictureSeat } from './input.js';
import { encodeIndexedPng } from './png.js';

const boxHeight = (p: PictureInput) => (p.open ? OPEN_BOX_H : BOX_H);

function drawSeat(g: Ctx, p: PictureInput, i: number): void {
  const s: PictureSeat = p.seats[i];
  const l = p.locale;
  const n = p.seats.length;
  const c = seatPoint(i, n);
  const boxH = boxHeight(p);
  const x = Math.round(c.x - BOX_W / 2);
  const y = Math.round(c.y - boxH / 2);
  const away = p.transit?.away.includes(i) ?? false;
  const current = !p.result && !p.aborted && i === p.current;
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

function drawPending(g: Ctx, p: PictureInput): void {
  const words = pendingWords(p);
  if (!words || !p.pending) return;
  const { what, who } = words;
  const x = 12, w = 262;
  g.font = font(13, true);
  const whatLines = wrap(g, what, w - 20, 3);
  g.font = nameFont(13);
  const whoLines = who ? wrap(g, who, w - 20, 1) : [];
  const h = 30 + (whatLines.length + whoLines.length) * 18;
  const y = HEIGHT - 12 - h;
  panel(g, x, y, w, h, C.wait, words.title);
  let ly = y + 36;
  g.fillStyle = C.text;
  g.font = font(13, true);
  for (const s of whatLines) (g.fillText(s, x + 10, ly), (ly += 18));
  g.font = nameFont(13);
  for (const s of whoLines) (g.fillText(s, x + 10, ly), (ly += 18));
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
  const title = pictureTitle(p);
  g.fillText(p.open ? t(l, 'picture.replayTitle', { title }) : title, 16, 34);
  g.fillStyle = C.dim;
  g.font = font(12);
  g.fillText(t(l, 'picture.roundOf', { round: p.round, limit: p.roundLimit }), 18, 54);
  if (!p.result && !p.aborted) {
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
