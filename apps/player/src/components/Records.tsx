import { InfiniteScroll } from 'antd-mobile';
import { FilterOutline } from 'antd-mobile-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformToday } from '../app/platform-day';
import { EmptyState } from './EmptyState';
import { Page } from './Page';

/** A record screen (bet record, capital detail) once the platform's day is known: its date ranges are in platform days. */
export function OnPlatformDay({ title, render }: { title: string; render: (today: Date) => ReactElement }): ReactElement {
  const { t } = useTranslation();
  const today = usePlatformToday();
  return today === undefined ? (
    <Page title={title}>
      <div className="muted small pad">{t('common.loading')}</div>
    </Page>
  ) : (
    render(today)
  );
}

/** The header button that opens a record screen's filter drawer. */
export function FilterButton({ label, onClick }: { label: string; onClick: () => void }): ReactElement {
  return (
    <button type="button" className="icon-button" onClick={onClick} aria-label={label}>
      <FilterOutline />
    </button>
  );
}

interface RecordsEndProps {
  /** How many rows are shown. */
  shown: number;
  hasMore: boolean;
  failed: boolean;
  loadMore: () => Promise<void>;
  onReload: () => void;
}

/** Under a paged record list: 'no data' (or the failure) with a reload once nothing came, then the next pages as it scrolls. */
export function RecordsEnd({ shown, hasMore, failed, loadMore, onReload }: RecordsEndProps): ReactElement {
  const { t } = useTranslation();
  return (
    <>
      {!hasMore && shown === 0 ? failed ? <EmptyState text={t('common.loadFailed')} onReload={onReload} /> : <EmptyState onReload={onReload} /> : null}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
        {hasMore ? t('common.loading') : shown > 0 && !failed ? <span className="end">--END--</span> : null}
      </InfiniteScroll>
    </>
  );
}
