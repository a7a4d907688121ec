import { BIG_MIN } from '@sum28/domain';
import { describe, expect, it } from 'vitest';
import { beadRoad, currentStreak, roadCounts, roadMarks } from './roads';

describe('the streak roads', () => {
  it('reads each sum by the domain categories (big from BIG_MIN, odd / even)', () => {
    const sums = [0, BIG_MIN - 1, BIG_MIN, 27];
    expect(roadMarks(sums, 'size')).toEqual(['small', 'small', 'big', 'big']);
    expect(roadMarks(sums, 'parity')).toEqual(['even', BIG_MIN % 2 === 1 ? 'even' : 'odd', BIG_MIN % 2 === 1 ? 'odd' : 'even', 'odd']);
  });

  it('leaves out what is not a sum', () => {
    expect(roadMarks([3, -1, 28, 1.5, Number.NaN, 20], 'size')).toEqual(['small', 'big']);
  });

  it('puts each run of the same result in its own column, oldest first', () => {
    expect(beadRoad(['big', 'big', 'small', 'big', 'big', 'big'])).toEqual([['big', 'big'], ['small'], ['big', 'big', 'big']]);
    expect(beadRoad([])).toEqual([]);
  });

  it('continues a run longer than the column in the next column', () => {
    const run = Array<'odd'>(8).fill('odd');
    expect(beadRoad([...run, 'even'], 6)).toEqual([Array(6).fill('odd'), ['odd', 'odd'], ['even']]);
    expect(() => beadRoad(run, 0)).toThrow(RangeError);
  });

  it('counts both sides over the rounds given', () => {
    expect(roadCounts(['big', 'small', 'big'], 'size')).toEqual([
      { mark: 'big', count: 2 },
      { mark: 'small', count: 1 },
    ]);
    expect(roadCounts([], 'parity')).toEqual([
      { mark: 'odd', count: 0 },
      { mark: 'even', count: 0 },
    ]);
  });

  it('names the run the road ends on', () => {
    expect(currentStreak(['odd', 'even', 'even', 'even'])).toEqual({ mark: 'even', length: 3 });
    expect(currentStreak(['big'])).toEqual({ mark: 'big', length: 1 });
    expect(currentStreak([])).toBeNull();
  });
});
