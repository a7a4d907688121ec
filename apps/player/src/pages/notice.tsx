import { Badge, Button, Dialog, InfiniteScroll, List, Tabs } from 'antd-mobile';
import { NOTICE_TABS, type NoticeTab, type NoticeUnread } from '@sum28/contracts';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api';
import { formatTime } from '../app/format';
import { EmptyState } from '../components/EmptyState';
import { Page } from '../components/Page';
import { addNoticePage, markNoticeRead, type NoticeTabState } from '../features/notice/notice-list';
import { HISTORY_PAGE_SIZE } from '@sum28/domain';

const TITLE_KEY: Record<NoticeTab, string> = { message: 'notice.messages', announcement: 'notice.announcements' };

/** One tab: its entries page by page; a tap opens the entry and marks it read on the server. */
function NoticeTabList({ tab, onUnread }: { tab: NoticeTab; onUnread: (u: NoticeUnread) => void }): ReactElement {
  const { t } = useTranslation();
  const [state, setState] = useState<NoticeTabState>({ rows: [], atEnd: false });
  const [failed, setFailed] = useState(false);
  const page = useRef(1);
  const loadMore = useCallback(async (): Promise<void> => {
    const p = page.current;
    try {
      const answer = await api.call('noticeList', { tab, page: p, pageSize: HISTORY_PAGE_SIZE }, { loading: false });
      page.current = p + 1;
      setState((s) => addNoticePage(s, answer, p, HISTORY_PAGE_SIZE));
      onUnread(answer.unread);
      setFailed(false);
    } catch {
      setFailed(true);
      setState((s) => ({ ...s, atEnd: true }));
    }
  }, [tab, onUnread]);
  const reload = (): void => {
    page.current = 1;
    setFailed(false);
    setState({ rows: [], atEnd: false });
  };
  const read = async (id?: number): Promise<void> => {
    const answer = await api.call('noticeRead', id === undefined ? { tab } : { id }, { loading: false });
    setState((s) => markNoticeRead(s, id));
    onUnread(answer.unread);
  };
  const unreadHere = state.rows.some((r) => !r.read);
  return (
    <>
      {unreadHere ? (
        <div className="pad right">
          <Button size="mini" fill="outline" onClick={() => void read().catch(() => undefined)}>
            {t('notice.markAllRead')}
          </Button>
        </div>
      ) : null}
      {state.rows.length > 0 ? (
        <List mode="card">
          {state.rows.map((n) => (
            <List.Item
              key={n.id}
              description={formatTime(n.createtime)}
              onClick={() => {
                void Dialog.alert({ title: n.title, content: <div className="pre-wrap">{n.content}</div>, confirmText: t('common.ok') });
                if (!n.read) void read(n.id).catch(() => undefined);
              }}
              extra={
                n.read ? null : (
                  <span className="unread">
                    <Badge content={Badge.dot} />
                    <span className="sr-only">{t('notice.unread')}</span>
                  </span>
                )
              }
            >
              {n.title}
            </List.Item>
          ))}
        </List>
      ) : null}
      {state.atEnd && state.rows.length === 0 ? (
        <EmptyState text={failed ? t('common.loadFailed') : tab === 'message' ? t('notice.noMessages') : ''} onReload={reload} />
      ) : null}
      <InfiniteScroll loadMore={loadMore} hasMore={!state.atEnd}>
        {!state.atEnd ? t('common.loading') : state.rows.length > 0 ? <span className="end">--END--</span> : null}
      </InfiniteScroll>
    </>
  );
}

/** Tabs: in-site messages and platform announcements, paged, with the server's unread counts of both tabs. */
export default function NoticePage(): ReactElement {
  const { t } = useTranslation();
  const [tab, setTab] = useState<NoticeTab>('message');
  const [unread, setUnread] = useState<NoticeUnread>({ message: 0, announcement: 0 });
  const onUnread = useCallback((u: NoticeUnread) => setUnread(u), []);
  return (
    <Page title={t('notice.title')}>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as NoticeTab)}>
        {NOTICE_TABS.map((k) => (
          <Tabs.Tab
            key={k}
            title={
              <Badge content={unread[k] > 0 ? unread[k] : null} style={{ '--right': '-10px' }}>
                {t(TITLE_KEY[k])}
              </Badge>
            }
          >
            <NoticeTabList tab={k} onUnread={onUnread} />
          </Tabs.Tab>
        ))}
      </Tabs>
    </Page>
  );
}
