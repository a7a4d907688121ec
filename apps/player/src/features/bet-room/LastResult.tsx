import type { IssueRow, LastIssue } from '@sum28/contracts';
import { Popup } from 'antd-mobile';
import { CheckShieldOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Whether the player asked for less motion: the draw reveal then shows the digits at once. */
const reducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** How long the draw reveal takes: each digit, then the sum (matches `.ball--reveal` in bet-room.css). */
export const REVEAL_MS = 2000;

/**
 * The last result, pinned with the countdown: its digits and sum; when a round draws while the room is open, the three
 * digits appear one by one and then the sum (a short reveal, skippable, none with prefers-reduced-motion). The recent
 * results open in a sheet.
 */
export function LastResult({ last, recent }: { last: LastIssue | null; recent: IssueRow[] }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [revealing, setRevealing] = useState<string | null>(null);
  const shown = useRef<string | null>(null);
  const issue = last?.issue ?? null;
  useEffect(() => {
    if (issue === null) return;
    const before = shown.current;
    shown.current = issue;
    // A round drawn while the room is open is revealed; the result found on entering the room is not.
    if (before === null || before === issue || reducedMotion()) return;
    setRevealing(issue);
    const timer = setTimeout(() => setRevealing(null), REVEAL_MS);
    return () => clearTimeout(timer);
  }, [issue]);
  if (last === null) return <div className="last-result muted small">{t('betRoom.noResult')}</div>;
  const reveal = revealing === last.issue;
  const ball = (n: number, i: number, sum = false): ReactElement => (
    <b className={`ball${sum ? ' ball--sum' : ''}${reveal ? ' ball--reveal' : ''}`} style={reveal ? { animationDelay: `${i * 450}ms` } : undefined}>
      {n}
    </b>
  );
  return (
    <div className={reveal ? 'last-result last-result--reveal' : 'last-result'}>
      <button type="button" className="last-result__head" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span className="small muted last-result__issue">{t('betRoom.round', { issue: last.issue })}</span>
        <span className="digits" aria-label={t('betRoom.resultLabel', { a: last.site_1, b: last.site_2, c: last.site_3, sum: last.code })}>
          {ball(last.site_1, 0)}+{ball(last.site_2, 1)}+{ball(last.site_3, 2)}={ball(last.code, 3, true)}
        </span>
        <span className="tag">{last.base_names[0]}</span>
        <span className="tag">{last.base_names[1]}</span>
      </button>
      {reveal ? (
        <button type="button" className="chip-button last-result__skip" onClick={() => setRevealing(null)}>
          {t('betRoom.skipReveal')}
        </button>
      ) : null}
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="sheet" showCloseButton>
        <h2 className="section__title">{t('betRoom.recentTitle')}</h2>
        <ul id="recent-results" className="recent">
          {[{ issue: last.issue, site_1: last.site_1, site_2: last.site_2, site_3: last.site_3, sum: last.code }, ...recent].map((r) => (
            <li key={r.issue} className="recent__row small">
              <span className="muted">{r.issue}</span>
              <span className="money">
                {r.site_1} + {r.site_2} + {r.site_3} = {r.sum}
              </span>
            </li>
          ))}
        </ul>
      </Popup>
    </div>
  );
}

/** The fairness chip: the open round's result is sealed by its published hash; the sheet shows it and where to verify. */
export function FairnessChip({ issue, hash, gameId }: { issue: string; hash: string; gameId: number }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="chip-button fair-chip" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <CheckShieldOutline aria-hidden="true" /> {t('betRoom.fairChip')}
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="sheet" showCloseButton>
        <h2 className="section__title">{t('betRoom.fairTitle')}</h2>
        <p className="small">{t('betRoom.fairText')}</p>
        <div className="hash small">
          <span className="muted">{t('betRoom.hash', { issue })}</span>
          <code className="hash__value break">{hash}</code>
          <Link to={`/fairness?game_id=${gameId}&issue=${issue}`}>{t('betRoom.verifyLater')}</Link>
        </div>
      </Popup>
    </>
  );
}
