import { InfiniteScroll, List, Tag } from 'antd-mobile';
import type { TeamMember } from '@sum28/contracts';
import { TEAM_PAGE_SIZE } from '@sum28/domain';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api';
import { readCountedPage } from '../app/paged';
import { EmptyState } from '../components/EmptyState';
import { Money } from '../components/Money';
import { Page } from '../components/Page';

/** Agents' team: id, type, username, balance; 20 a page (spec section 9). */
export default function MyTeamPage(): ReactElement {
  const { t } = useTranslation();
  const [rows, setRows] = useState<TeamMember[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [hasMore, setHasMore] = useState(true);
  const [failed, setFailed] = useState(false);
  const page = useRef(1);
  const loadMore = useCallback(async (): Promise<void> => {
    const p = page.current;
    try {
      const answer = await api.call('getMyTeam', { page: p, pageSize: TEAM_PAGE_SIZE }, { loading: false });
      const { rows: got, atEnd } = readCountedPage(answer, TEAM_PAGE_SIZE, p);
      page.current = p + 1;
      setTotal(answer.total);
      setRows((r) => [...r, ...got]);
      setHasMore(!atEnd);
    } catch {
      setFailed(true);
      setHasMore(false);
    }
  }, []);
  const reload = (): void => {
    page.current = 1;
    setRows([]);
    setFailed(false);
    setHasMore(true);
  };
  return (
    <Page title={t('team.title')}>
      {total !== null ? <div className="pad muted small">{t('team.total', { n: total })}</div> : null}
      {rows.length > 0 ? (
        <List mode="card">
          {rows.map((m) => (
            <List.Item key={m.id} description={`ID ${m.id}`} extra={<Money value={m.money} />}>
              {m.username} <Tag fill="outline">{t(`team.group${m.type}`)}</Tag>
            </List.Item>
          ))}
        </List>
      ) : null}
      {!hasMore && rows.length === 0 ? <EmptyState text={failed ? t('common.loadFailed') : undefined} onReload={reload} /> : null}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
        {hasMore ? t('common.loading') : rows.length > 0 ? <span className="end">--END--</span> : null}
      </InfiniteScroll>
    </Page>
  );
}
