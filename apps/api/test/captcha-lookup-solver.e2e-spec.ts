import { CaptchaEntity } from '@sum28/database';
import { createTestApp, type TestApp } from './factories/test-app';

/**
 * The "20-line" lookup solver of issue 8 point 11: it learns, from challenges whose answers it knows,
 * a table from each glyph's path to its character, then reads fresh challenges by lookup. Two keys are
 * tried: the path's command letters (M/L/Q/C/Z, invariant under any move of the points) and its
 * coordinates relative to the first point, rounded to a pixel.
 */
type Glyph = { x: number; keys: string[] };

function glyphsOf(image: string): Glyph[] {
  const svg = Buffer.from(image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
  const out: Glyph[] = [];
  for (const m of svg.matchAll(/<path fill="[^"]*" d="([^"]+)"/g)) {
    const d = m[1] ?? '';
    const nums = (d.match(/-?\d*\.?\d+/g) ?? []).map(Number);
    const xs = nums.filter((_, i) => i % 2 === 0);
    const x0 = nums[0] ?? 0;
    const y0 = nums[1] ?? 0;
    const letters = d.replace(/[^MLQCZ]/g, '');
    const relative = nums.map((n, i) => Math.round(n - (i % 2 === 0 ? x0 : y0))).join(',');
    out.push({ x: xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length), keys: [`L:${letters}`, `R:${relative}`] });
  }
  return out.sort((a, b) => a.x - b.x);
}

describe('captcha resists a lookup solver (CAPTCHA_MODE=required)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_MODE: 'required' });
  });
  afterAll(async () => {
    await t.close();
  });

  const challenge = async (): Promise<{ image: string; answer: string }> => {
    const c = await t.http().get('/index.php/api/user/captcha');
    const row = await t.ds.getRepository(CaptchaEntity).findOneByOrFail({ id: c.body.data.captcha_id as string });
    return { image: c.body.data.image as string, answer: row.answer };
  };

  it('a table of glyph paths learnt from 150 answered challenges solves fewer than 5% of 100 fresh ones', async () => {
    const table = new Map<string, string>();
    let learnt = 0;
    for (let i = 0; i < 150; i++) {
      const { image, answer } = await challenge();
      const glyphs = glyphsOf(image);
      expect(glyphs).toHaveLength(4);
      glyphs.forEach((g, k) => g.keys.forEach((key) => table.set(key, answer[k] ?? '?')));
      learnt++;
    }
    expect(learnt).toBe(150);
    let solved = 0;
    for (let i = 0; i < 100; i++) {
      const { image, answer } = await challenge();
      const guess = glyphsOf(image)
        .map((g) => g.keys.map((key) => table.get(key)).find((ch) => ch !== undefined) ?? '?')
        .join('');
      if (guess === answer) solved++;
    }
    expect(solved).toBeLessThan(5);
  });
});
