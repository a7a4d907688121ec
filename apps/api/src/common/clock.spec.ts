import { Clock } from './clock';

describe(Clock.name, () => {
  it('runs with real time, shifted by advance', () => {
    const c = new Clock();
    const before = Date.now();
    c.advance(60_000);
    expect(c.now()).toBeGreaterThanOrEqual(before + 60_000);
    expect(c.now()).toBeLessThan(Date.now() + 60_000 + 1000);
  });

  it('stands still when frozen, moves only by advance, and runs on from there when thawed', async () => {
    const c = new Clock();
    c.freeze(1_000_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(c.now()).toBe(1_000_000);
    c.advance(5_000);
    expect(c.now()).toBe(1_005_000);
    c.thaw();
    const thawed = c.now();
    expect(thawed).toBeGreaterThanOrEqual(1_005_000);
    expect(thawed).toBeLessThan(1_005_000 + 1000);
  });
});
