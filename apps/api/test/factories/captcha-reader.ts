import { inflateSync } from 'node:zlib';

/**
 * What an attacker on the captcha would write in an afternoon (issue 24 point 4): decode the PNG, keep the
 * pixels of the text's ink, cut the inked band into CAPTCHA_LENGTH equal slices, scale each to 16 x 16,
 * and name it by its nearest neighbours among glyphs cut the same way from pictures whose text it knows
 * (drawn by the project's own generator, which is open code).
 */

export interface Rgba {
  width: number;
  height: number;
  /** width * height * 4 bytes, row by row */
  data: Uint8Array;
}

/** A small PNG decoder (8-bit RGB or RGBA, not interlaced: what resvg writes); throws on anything else. */
export function decodePng(png: Buffer): Rgba {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let off = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('latin1', off + 4, off + 8);
    const body = png.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (colour !== 6 && colour !== 2) || interlace !== 0)
        throw new Error(`unsupported PNG (depth ${depth}, colour ${colour}, interlace ${interlace})`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const px = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i] ?? 0;
      const a = i >= channels ? (px[y * stride + i - channels] ?? 0) : 0;
      const b = y > 0 ? (px[(y - 1) * stride + i] ?? 0) : 0;
      const c = i >= channels && y > 0 ? (px[(y - 1) * stride + i - channels] ?? 0) : 0;
      let v: number;
      if (filter === 0) v = x;
      else if (filter === 1) v = x + a;
      else if (filter === 2) v = x + b;
      else if (filter === 3) v = x + ((a + b) >> 1);
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      } else throw new Error(`bad PNG filter ${String(filter)}`);
      px[y * stride + i] = v & 0xff;
    }
  }
  if (channels === 4) return { width, height, data: px };
  const data = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) data.set([px[p * 3] ?? 0, px[p * 3 + 1] ?? 0, px[p * 3 + 2] ?? 0, 255], p * 4);
  return { width, height, data };
}

const SIDE = 16;

/**
 * The ink mask: the paper is the commonest colour, the ink the commonest clearly darker one (glyphs share
 * it); a pixel is ink when it lies past halfway from paper to ink and near that line (anti-aliased edges
 * count, speckle and lines of other colours do not).
 */
export function inkMask(img: Rgba): Uint8Array {
  const n = img.width * img.height;
  const rgb = (p: number): [number, number, number] => [img.data[p * 4] ?? 0, img.data[p * 4 + 1] ?? 0, img.data[p * 4 + 2] ?? 0];
  const lum = ([r, g, b]: [number, number, number]): number => 0.299 * r + 0.587 * g + 0.114 * b;
  const commonest = (keep: (c: [number, number, number]) => boolean): [number, number, number] => {
    const counts = new Map<number, number>();
    for (let p = 0; p < n; p++) {
      const c = rgb(p);
      if (!keep(c)) continue;
      const key = ((c[0] >> 3) << 10) | ((c[1] >> 3) << 5) | (c[2] >> 3);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let best = 0;
    let bestCount = -1;
    for (const [k, v] of counts) if (v > bestCount) [best, bestCount] = [k, v];
    return [((best >> 10) & 31) * 8 + 4, ((best >> 5) & 31) * 8 + 4, (best & 31) * 8 + 4];
  };
  const paper = commonest(() => true);
  const ink = commonest((c) => lum(c) < lum(paper) - 90);
  const d: [number, number, number] = [ink[0] - paper[0], ink[1] - paper[1], ink[2] - paper[2]];
  const dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] || 1;
  const mask = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const c = rgb(p);
    const v: [number, number, number] = [c[0] - paper[0], c[1] - paper[1], c[2] - paper[2]];
    const t = (v[0] * d[0] + v[1] * d[1] + v[2] * d[2]) / dd;
    const off = Math.hypot(v[0] - t * d[0], v[1] - t * d[1], v[2] - t * d[2]);
    mask[p] = t > 0.5 && off < 60 ? 1 : 0;
  }
  return mask;
}

/**
 * Cuts the text into `count` glyph images of SIDE x SIDE (ink share per cell). The text's columns are
 * those with more ink than the margins, where only noise curves run; the band between the first and the
 * last is split evenly, and each slice is cropped to its own inked rows before scaling.
 */
export function glyphVectors(img: Rgba, count: number): Float32Array[] {
  const { width: w, height: h } = img;
  const mask = inkMask(img);
  const colInk = Array.from({ length: w }, (_, x) => {
    let s = 0;
    for (let y = 0; y < h; y++) s += mask[y * w + x] ?? 0;
    return s;
  });
  const margin = Math.max(2, Math.round(w * 0.06));
  const edge = [...colInk.slice(0, margin), ...colInk.slice(w - margin)].sort((a, b) => a - b);
  const baseline = edge[Math.floor(edge.length / 2)] ?? 0;
  const texty = colInk.map((c) => c > baseline + Math.max(2, h * 0.06));
  let left = texty.indexOf(true);
  let right = texty.lastIndexOf(true);
  if (left < 0) [left, right] = [0, w - 1];
  const out: Float32Array[] = [];
  for (let k = 0; k < count; k++) {
    const x0 = Math.round(left + ((right - left + 1) * k) / count);
    const x1 = Math.max(x0 + 1, Math.round(left + ((right - left + 1) * (k + 1)) / count));
    let y0 = h;
    let y1 = -1;
    for (let y = 0; y < h; y++) {
      let s = 0;
      for (let x = x0; x < x1; x++) s += mask[y * w + x] ?? 0;
      if (s > (x1 - x0) * 0.15) [y0, y1] = [Math.min(y0, y), y];
    }
    if (y1 < y0) [y0, y1] = [0, h - 1];
    const v = new Float32Array(SIDE * SIDE);
    for (let gy = 0; gy < SIDE; gy++)
      for (let gx = 0; gx < SIDE; gx++) {
        const ya = y0 + ((y1 - y0 + 1) * gy) / SIDE;
        const yb = y0 + ((y1 - y0 + 1) * (gy + 1)) / SIDE;
        const xa = x0 + ((x1 - x0) * gx) / SIDE;
        const xb = x0 + ((x1 - x0) * (gx + 1)) / SIDE;
        let s = 0;
        let m = 0;
        for (let y = Math.floor(ya); y < Math.max(Math.floor(ya) + 1, Math.ceil(yb)); y++)
          for (let x = Math.floor(xa); x < Math.max(Math.floor(xa) + 1, Math.ceil(xb)); x++) {
            s += mask[y * w + x] ?? 0;
            m++;
          }
        v[gy * SIDE + gx] = s / m;
      }
    out.push(v);
  }
  return out;
}

/** k nearest neighbours (Euclidean) with a majority vote, the nearest one breaking ties. */
export class GlyphKnn {
  private readonly samples: { v: Float32Array; label: string }[] = [];
  constructor(private readonly k = 3) {}

  learn(v: Float32Array, label: string): void {
    this.samples.push({ v, label });
  }

  get size(): number {
    return this.samples.length;
  }

  classify(v: Float32Array): string {
    const best: { d: number; label: string }[] = [];
    for (const s of this.samples) {
      let d = 0;
      for (let i = 0; i < v.length; i++) {
        const e = (v[i] ?? 0) - (s.v[i] ?? 0);
        d += e * e;
      }
      if (best.length < this.k || d < (best[best.length - 1]?.d ?? Infinity)) {
        best.push({ d, label: s.label });
        best.sort((a, b) => a.d - b.d);
        if (best.length > this.k) best.pop();
      }
    }
    const votes = new Map<string, number>();
    for (const b of best) votes.set(b.label, (votes.get(b.label) ?? 0) + 1);
    let label = best[0]?.label ?? '?';
    for (const [l, n] of votes) if (n > (votes.get(label) ?? 0)) label = l;
    return label;
  }
}
