import { baseLabels, isSum } from '@sum28/domain';

/** The two roads: size (big / small) and parity (odd / even), by the domain's sum categories (`baseLabels`). */
export const ROADS = {
  size: ['big', 'small'],
  parity: ['odd', 'even'],
} as const;
export type RoadKind = keyof typeof ROADS;
export type RoadMark = (typeof ROADS)[RoadKind][number];

/** Rows of a road column; a longer run goes on in the next column (a column of the same mark is a continuation). */
export const ROAD_ROWS = 6;

/** The marks of one road, oldest round first; a value that is not a sum (no result) is left out. */
export function roadMarks(sums: readonly number[], kind: RoadKind): RoadMark[] {
  return sums.filter((s) => isSum(s)).map((s) => baseLabels(s)[kind === 'size' ? 0 : 1]);
}

/**
 * The bead road: one column per run of the same result, oldest on the left, each column filled top to bottom;
 * a run longer than `rows` continues in the next column.
 */
export function beadRoad(marks: readonly RoadMark[], rows: number = ROAD_ROWS): RoadMark[][] {
  if (!Number.isInteger(rows) || rows < 1) throw new RangeError(`rows must be a positive integer: ${String(rows)}`);
  const columns: RoadMark[][] = [];
  let previous: RoadMark | undefined;
  for (const m of marks) {
    const last = columns[columns.length - 1];
    if (last !== undefined && m === previous && last.length < rows) last.push(m);
    else columns.push([m]);
    previous = m;
  }
  return columns;
}

/** How many rounds fell on each side of the road, in the road's order (0 for a side that did not come up). */
export function roadCounts(marks: readonly RoadMark[], kind: RoadKind): { mark: RoadMark; count: number }[] {
  return ROADS[kind].map((mark) => ({ mark, count: marks.filter((m) => m === mark).length }));
}

/** The run the road ends on (the latest result and how many rounds in a row), or null without rounds. */
export function currentStreak(marks: readonly RoadMark[]): { mark: RoadMark; length: number } | null {
  const mark = marks[marks.length - 1];
  if (mark === undefined) return null;
  let length = 0;
  for (let i = marks.length - 1; i >= 0 && marks[i] === mark; i--) length++;
  return { mark, length };
}
