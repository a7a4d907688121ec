import { describe, expect, it } from 'vitest';
import { changedFields } from './changedFields';

describe('changedFields', () => {
  it('keeps only what changed, never the id', () => {
    expect(changedFields({ id: 3, name: 'a', sort: 2, names: { tw: 'x' } }, { previousData: { id: 3, name: 'a', sort: 1, names: { tw: 'x' } } })).toEqual({
      sort: 2,
    });
    expect(changedFields({ id: 3, names: { tw: 'y' } }, { previousData: { id: 3, names: { tw: 'x' } } })).toEqual({ names: { tw: 'y' } });
    expect(changedFields({ id: 3, link: '' }, { previousData: { id: 3, link: '' } })).toEqual({});
  });
});
