import { Badge, List, Tabs } from 'antd-mobile';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../app/format';
import { useApi } from '../app/hooks';
import { EmptyState } from '../components/EmptyState';
import { Page } from '../components/Page';

const READ_KEY = 'readNotices';

function readIds(): number[] {
  try {
    const v = JSON.parse(window.localStorage.getItem(READ_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Tabs: in-site messages and platform announcements, with unread counts (read state kept on this device).
 * Announcements come from the home call; the player API has no in-site message call yet, so that tab is empty.
 */
export default function NoticePage(): ReactElement {
  const { t } = useTranslation();
  const index = useApi('index', {}, { silent: true });
  const [read, setRead] = useState<number[]>(readIds);
  const [tab, setTab] = useState('announcements');
  const notices = index.data?.notice ?? [];
  const unread = notices.filter((n) => !read.includes(n.id)).length;
  useEffect(() => {
    window.localStorage.setItem(READ_KEY, JSON.stringify(read));
  }, [read]);
  return (
    <Page title={t('notice.title')}>
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="messages" title={t('notice.messages')}>
          <EmptyState text={t('notice.noMessages')} />
        </Tabs.Tab>
        <Tabs.Tab
          key="announcements"
          title={
            <Badge content={unread > 0 ? unread : null} style={{ '--right': '-10px' }}>
              {t('notice.announcements')}
            </Badge>
          }
        >
          {notices.length === 0 && !index.loading ? (
            <EmptyState onReload={index.reload} />
          ) : (
            <List mode="card">
              {notices.map((n) => (
                <List.Item
                  key={n.id}
                  description={formatTime(n.createtime)}
                  onClick={() => setRead((r) => (r.includes(n.id) ? r : [...r, n.id]))}
                  extra={
                    read.includes(n.id) ? null : (
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
          )}
        </Tabs.Tab>
      </Tabs>
    </Page>
  );
}
