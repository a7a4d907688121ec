import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './diff';

describe('diffSnapshots', () => {
  it('lines up before and after by path', () => {
    expect(diffSnapshots({ odds: 1.94, plan: { id: 1 }, gone: 'x' }, { odds: 1.9, plan: { id: 1 }, added: true })).toEqual([
      { path: 'added', before: '', after: 'true', change: 'added' },
      { path: 'gone', before: '"x"', after: '', change: 'removed' },
      { path: 'odds', before: '1.94', after: '1.9', change: 'changed' },
      { path: 'plan.id', before: '1', after: '1', change: 'same' },
    ]);
  });

  it('handles a creation (no before) and a scalar', () => {
    expect(diffSnapshots(null, { a: 1 })).toEqual([{ path: 'a', before: '', after: '1', change: 'added' }]);
    expect(diffSnapshots(1, 2)).toEqual([{ path: '(value)', before: '1', after: '2', change: 'changed' }]);
  });
});
