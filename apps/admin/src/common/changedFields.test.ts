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

  it('reads an empty entry of an object of texts as no entry (an editor answers "" for a language it never had)', () => {
    expect(changedFields({ id: 3, contents: { en: 'a', zh: '', jp: null } }, { previousData: { id: 3, contents: { en: 'a' } } })).toEqual({});
    expect(changedFields({ id: 3, titles: { jp: 'b', en: 'a' } }, { previousData: { id: 3, titles: { en: 'a', jp: 'b' } } })).toEqual({});
    expect(changedFields({ id: 3, titles: { en: '' } }, { previousData: { id: 3, titles: { en: 'a' } } })).toEqual({ titles: { en: '' } });
  });
});
