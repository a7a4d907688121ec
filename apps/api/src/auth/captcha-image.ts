import { Resvg } from '@resvg/resvg-js';
// svg-captcha's typings declare only its helpers, not the callable module itself (see glyphOutline).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import svgCaptchaModule = require('svg-captcha');
import { distortGlyphPath, pathBounds, type Rnd } from './captcha-distort';

/**
 * The captcha picture (issue 24 point 4). A vector captcha hands a program each glyph as one `<path>`, so
 * here the glyphs are only an intermediate: svg-captcha's font outlines, each distorted anew
 * (captcha-distort.ts), placed so neighbours touch or overlap at a random spacing and height, crossed by
 * curves as thick as a glyph's stroke and in the same ink (so neither colour nor stroke width tells text
 * from noise), cut by thin background-coloured curves, over speckle, and then rasterized to a PNG by resvg.
 * What a client receives is pixels.
 */

export const CAPTCHA_IMAGE_WIDTH = 150;
export const CAPTCHA_IMAGE_HEIGHT = 50;
/** The larger picture (people who cannot read the small one) is the same drawing at this zoom. */
export const CAPTCHA_LARGE_ZOOM = 2;

/** How much of the picture is distortion and noise; `clean` exists for the attacker test's sanity check. */
export type CaptchaStyle = 'hard' | 'clean';

const FONT_SIZE = 46;
/** svg-captcha's font (Comismsh) draws letters hollow; a stroke of the ink fills them into bold ones. */
const GLYPH_STROKE = 0.9;
/** svg-captcha's module is itself the render-this-text function; its typings only declare the helpers. */
const renderSvgCaptcha = svgCaptchaModule as unknown as (text: string, options: Record<string, unknown>) => string;
const outlines = new Map<string, string>();

/** One character's outline from svg-captcha's font, centred on (0, 0); the same every time, so kept. */
function glyphOutline(ch: string): string {
  const cached = outlines.get(ch);
  if (cached !== undefined) return cached;
  const svg = renderSvgCaptcha(ch, { noise: 0, width: 2, height: 0, fontSize: FONT_SIZE });
  const d = /<path fill="[^"]*" d="([^"]+)"/.exec(svg)?.[1];
  if (d === undefined) throw new Error(`svg-captcha drew no outline for ${JSON.stringify(ch)}`);
  outlines.set(ch, d);
  return d;
}

const between = (rnd: Rnd, lo: number, hi: number): number => lo + (hi - lo) * rnd();
const f1 = (n: number): string => n.toFixed(1);

/** A dark ink (text and the thick curves share it) and a light paper colour, both random per challenge. */
function palette(rnd: Rnd): { ink: string; paper: string; speckle: () => string } {
  const hue = Math.floor(rnd() * 360);
  const ink = `hsl(${hue},${Math.floor(between(rnd, 40, 80))}%,${Math.floor(between(rnd, 18, 30))}%)`;
  const paper = `hsl(${Math.floor(rnd() * 360)},${Math.floor(between(rnd, 30, 70))}%,${Math.floor(between(rnd, 90, 96))}%)`;
  const speckle = (): string => `hsl(${Math.floor(rnd() * 360)},60%,${Math.floor(between(rnd, 25, 70))}%)`;
  return { ink, paper, speckle };
}

/** A cubic curve from the left edge to the right one, wandering through the text band. */
function crossingCurve(rnd: Rnd, w: number, h: number): string {
  const y = (): number => between(rnd, h * 0.25, h * 0.75);
  return `M${f1(between(rnd, -4, 6))} ${f1(y())}C${f1(between(rnd, w * 0.2, w * 0.45))} ${f1(between(rnd, 0, h))} ${f1(between(rnd, w * 0.55, w * 0.8))} ${f1(between(rnd, 0, h))} ${f1(between(rnd, w - 6, w + 4))} ${f1(y())}`;
}

/**
 * The captcha as SVG, before rasterizing (tests and the picture itself only; never sent). `rnd()` answers
 * [0, 1): crypto-backed in the service, seeded in tests.
 */
export function captchaSvg(text: string, rnd: Rnd, style: CaptchaStyle = 'hard'): string {
  const w = CAPTCHA_IMAGE_WIDTH;
  const h = CAPTCHA_IMAGE_HEIGHT;
  const hard = style === 'hard';
  const { ink, paper, speckle } = hard ? palette(rnd) : { ink: '#222', paper: '#fff', speckle: (): string => '#222' };
  const glyphs = [...text].map((ch) => {
    const base = glyphOutline(ch);
    const d = hard ? distortGlyphPath(base, rnd) : base;
    return { d, box: pathBounds(d) };
  });
  // Neighbours overlap by a random share of the narrower glyph (touching at least), so no blank column
  // separates them; the row is then centred, and each glyph gets its own height.
  const gaps = glyphs.slice(1).map((g, i) => {
    const prev = glyphs[i]?.box.width ?? 0;
    return hard ? -between(rnd, 0.05, 0.2) * Math.min(prev, g.box.width) : 3;
  });
  const total = glyphs.reduce((s, g) => s + g.box.width, 0) + gaps.reduce((s, g) => s + g, 0);
  let x = (w - total) / 2 + (hard ? between(rnd, -6, 6) : 0);
  const parts: string[] = [];
  glyphs.forEach((g, i) => {
    const cy = h / 2 + (hard ? between(rnd, -5, 5) : 0);
    const dx = x - g.box.x;
    const dy = cy - (g.box.y + g.box.height / 2);
    parts.push(
      `<path fill="${ink}" stroke="${ink}" stroke-width="${GLYPH_STROKE}" stroke-linejoin="round" transform="translate(${f1(dx)} ${f1(dy)})" d="${g.d}"/>`,
    );
    x += g.box.width + (gaps[i] ?? 0);
  });
  const noise: string[] = [];
  if (hard) {
    for (let i = 0; i < 90; i++) noise.push(`<circle cx="${f1(rnd() * w)}" cy="${f1(rnd() * h)}" r="${f1(between(rnd, 0.4, 1.3))}" fill="${speckle()}"/>`);
    for (let i = 0; i < 3; i++) noise.push(`<path d="${crossingCurve(rnd, w, h)}" stroke="${speckle()}" stroke-width="1" fill="none"/>`);
  }
  const over: string[] = [];
  if (hard) {
    // As thick as a glyph's stroke, in the glyphs' ink: a program cannot drop it by colour or width.
    over.push(`<path d="${crossingCurve(rnd, w, h)}" stroke="${ink}" stroke-width="${f1(between(rnd, 2.2, 3))}" fill="none"/>`);
    over.push(`<path d="${crossingCurve(rnd, w, h)}" stroke="${ink}" stroke-width="${f1(between(rnd, 1.2, 1.8))}" fill="none"/>`);
    // Thin cuts in the paper's colour break strokes apart; people close such gaps without noticing.
    over.push(`<path d="${crossingCurve(rnd, w, h)}" stroke="${paper}" stroke-width="${f1(between(rnd, 1, 1.6))}" fill="none"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="${paper}"/>${noise.join('')}${parts.join('')}${over.join('')}</svg>`;
}

/** Rasterizes a captcha drawing (zoom 1 or CAPTCHA_LARGE_ZOOM) to PNG bytes. */
export function rasterizeCaptcha(svg: string, zoom = 1): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'zoom', value: zoom }, font: { loadSystemFonts: false } }).render().asPng();
}

/** The PNG a client gets for `text`, at the normal size or the larger one. */
export function renderCaptchaPng(text: string, rnd: Rnd, size: 'normal' | 'large' = 'normal', style: CaptchaStyle = 'hard'): Buffer {
  return rasterizeCaptcha(captchaSvg(text, rnd, style), size === 'large' ? CAPTCHA_LARGE_ZOOM : 1);
}
