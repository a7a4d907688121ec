import { playTypeLabel } from '@sum28/contracts';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { getLocale } from '../../app/session';
import { beadRoad, currentStreak, roadCounts, roadMarks, ROAD_ROWS, type RoadKind, type RoadMark } from './roads';

const KINDS: readonly RoadKind[] = ['size', 'parity'];

/** One road: its counts, the run it ends on, and the bead-road grid scrolled to the latest column. */
function Road({ sums, kind }: { sums: readonly number[]; kind: RoadKind }): ReactElement {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const locale = getLocale();
  const label = (m: RoadMark): string => playTypeLabel(locale, m);
  const marks = roadMarks(sums, kind);
  const columns = beadRoad(marks);
  const [a, b] = roadCounts(marks, kind);
  const streak = currentStreak(marks);
  useEffect(() => {
    const el = scroller.current;
    if (el !== null) el.scrollLeft = el.scrollWidth;
  }, [columns.length]);
  const title = t(`trend.road_${kind}`);
  const counts =
    a !== undefined && b !== undefined ? t('trend.roadCounts', { a: label(a.mark), n: a.count, b: label(b.mark), m: b.count, total: marks.length }) : '';
  const latest = streak !== null ? t('trend.streak', { mark: label(streak.mark), n: streak.length }) : '';
  return (
    <section className="road">
      <div className="road__head">
        <h2 className="road__title">{title}</h2>
        <span className="small">{counts}</span>
      </div>
      {latest !== '' ? <p className="muted small road__latest">{latest}</p> : null}
      <div ref={scroller} className="road__scroll" tabIndex={0} role="img" aria-label={`${title}: ${counts}. ${latest}`}>
        <div className="road__grid" style={{ gridTemplateRows: `repeat(${ROAD_ROWS}, var(--road-cell))` }}>
          {columns.map((column, c) =>
            column.map((mark, r) => (
              <span key={`${c}-${r}`} className={`road__cell road__cell--${mark}`} style={{ gridColumn: c + 1, gridRow: r + 1 }}>
                {Array.from(label(mark))[0]}
              </span>
            )),
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * The streak roads of the trend chart: big / small and odd / even of `sums` (oldest round first), each a bead
 * road (a column per run of the same result) with the counts over those rounds.
 */
export function StreakRoads({ sums }: { sums: readonly number[] }): ReactElement | null {
  if (sums.length === 0) return null;
  return (
    <div className="roads">
      {KINDS.map((kind) => (
        <Road key={kind} sums={sums} kind={kind} />
      ))}
    </div>
  );
}
