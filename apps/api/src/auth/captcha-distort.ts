/**
 * Per-challenge distortion of captcha glyphs (issue 8 point 11). svg-captcha draws each character from
 * the same font outline every time, so a table "path -> character" reads it. Here every glyph gets its
 * own random affine transform (rotation, scale, shear, shift), every point its own jitter, and a random
 * share of its segments is split in two (so even the sequence of path commands differs between two
 * drawings of one character); the contours are drawn in a random order. captcha-image.ts then places the
 * glyphs and rasterizes the picture, so no path reaches a client any more.
 */

type Point = { x: number; y: number };
type Segment = { kind: 'L'; to: Point } | { kind: 'Q'; c: Point; to: Point } | { kind: 'C'; c1: Point; c2: Point; to: Point };
type Contour = { start: Point; segments: Segment[]; closed: boolean };

/** `rnd()` answers a number in [0, 1) (crypto-backed in the service, seeded in tests). */
export type Rnd = () => number;

const between = (rnd: Rnd, lo: number, hi: number): number => lo + (hi - lo) * rnd();
const mid = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

function parse(d: string): Contour[] {
  const contours: Contour[] = [];
  let current: Contour | null = null;
  for (const m of d.matchAll(/([MLQCZ])([^MLQCZ]*)/gi)) {
    const cmd = (m[1] ?? '').toUpperCase();
    const n = (m[2]?.match(/-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? []).map(Number);
    const p = (i: number): Point => ({ x: n[i] ?? 0, y: n[i + 1] ?? 0 });
    if (cmd === 'M') {
      current = { start: p(0), segments: [], closed: false };
      contours.push(current);
    } else if (current === null) {
      continue;
    } else if (cmd === 'L') current.segments.push({ kind: 'L', to: p(0) });
    else if (cmd === 'Q') current.segments.push({ kind: 'Q', c: p(0), to: p(2) });
    else if (cmd === 'C') current.segments.push({ kind: 'C', c1: p(0), c2: p(2), to: p(4) });
    else current.closed = true;
  }
  return contours;
}

/** Splits a segment at t (de Casteljau), which leaves the drawn outline unchanged. */
function split(from: Point, s: Segment, t: number): [Segment, Segment] {
  if (s.kind === 'L') return [{ kind: 'L', to: mid(from, s.to, t) }, s];
  if (s.kind === 'Q') {
    const a = mid(from, s.c, t);
    const b = mid(s.c, s.to, t);
    return [
      { kind: 'Q', c: a, to: mid(a, b, t) },
      { kind: 'Q', c: b, to: s.to },
    ];
  }
  const a = mid(from, s.c1, t);
  const b = mid(s.c1, s.c2, t);
  const c = mid(s.c2, s.to, t);
  const ab = mid(a, b, t);
  const bc = mid(b, c, t);
  return [
    { kind: 'C', c1: a, c2: ab, to: mid(ab, bc, t) },
    { kind: 'C', c1: bc, c2: c, to: s.to },
  ];
}

function pointsOf(contours: Contour[]): Point[] {
  return contours.flatMap((c) => [c.start, ...c.segments.flatMap((s) => (s.kind === 'L' ? [s.to] : s.kind === 'Q' ? [s.c, s.to] : [s.c1, s.c2, s.to]))]);
}

/** Distorts one glyph's path data (absolute M/L/Q/C/Z, as svg-captcha writes it). */
export function distortGlyphPath(d: string, rnd: Rnd): string {
  const contours = parse(d);
  const pts = pointsOf(contours);
  if (pts.length === 0) return d;
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const angle = between(rnd, -0.35, 0.35);
  const sx = between(rnd, 0.8, 1.1);
  const sy = between(rnd, 0.8, 1.1);
  const shear = between(rnd, -0.3, 0.3);
  const dx = between(rnd, -3, 3);
  const dy = between(rnd, -3, 3);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const move = (p: Point): Point => {
    const x = (p.x - cx) * sx + (p.y - cy) * shear;
    const y = (p.y - cy) * sy;
    return {
      x: cx + dx + x * cos - y * sin + between(rnd, -0.6, 0.6),
      y: cy + dy + x * sin + y * cos + between(rnd, -0.6, 0.6),
    };
  };
  const f = (p: Point): string => `${p.x.toFixed(2)} ${p.y.toFixed(2)}`;
  const order = contours.map((c) => ({ c, k: rnd() })).sort((a, b) => a.k - b.k);
  let out = '';
  for (const { c } of order) {
    const segments: Segment[] = [];
    let from = c.start;
    for (const s of c.segments) {
      if (rnd() < 0.4) segments.push(...split(from, s, between(rnd, 0.3, 0.7)));
      else segments.push(s);
      from = s.to;
    }
    out += `M${f(move(c.start))}`;
    for (const s of segments) {
      if (s.kind === 'L') out += `L${f(move(s.to))}`;
      else if (s.kind === 'Q') out += `Q${f(move(s.c))} ${f(move(s.to))}`;
      else out += `C${f(move(s.c1))} ${f(move(s.c2))} ${f(move(s.to))}`;
    }
    if (c.closed) out += 'Z';
  }
  return out;
}

/** The box around a path's points, control points included (a little larger than the ink; enough for layout). */
export function pathBounds(d: string): { x: number; y: number; width: number; height: number } {
  const pts = pointsOf(parse(d));
  if (pts.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
