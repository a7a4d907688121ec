import { List, Skeleton, Tabs } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../app/hooks';
import { EmptyState, LoadError } from '../components/EmptyState';
import { Page } from '../components/Page';

/** Hot topics, then the tabs original, recommend and wealth (names from the server). */
export default function MoreNewsPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const news = useApi('articleList');
  const open = (id: number): void => void navigate(`/aticleDetail?id=${id}`);
  // The API names its tabs by id ('original', 'recommend', 'wealth'); a server-given name wins when present.
  const tabName = (tab: { id: number | string; name?: string }): string => tab.name || t(`news.tab_${String(tab.id)}`, { defaultValue: String(tab.id) });
  return (
    <Page title={t('news.title')}>
      {news.loading && news.data === undefined ? (
        <Skeleton.Paragraph animated className="pad" />
      ) : news.error !== null || news.data === undefined ? (
        <LoadError message={news.error ?? ''} onRetry={news.reload} />
      ) : (
        <>
          <List mode="card" header={t('news.hot')}>
            {news.data.tops.map((a) => (
              <List.Item key={a.id} onClick={() => open(a.id)}>
                {a.title}
              </List.Item>
            ))}
          </List>
          <Tabs>
            {news.data.articleTabs.map((tab) => (
              <Tabs.Tab key={String(tab.id)} title={tabName(tab)}>
                {tab.articles.length === 0 ? (
                  <EmptyState onReload={news.reload} />
                ) : (
                  <List mode="card">
                    {tab.articles.map((a) => (
                      <List.Item key={a.id} onClick={() => open(a.id)}>
                        {a.title}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Tabs.Tab>
            ))}
          </Tabs>
        </>
      )}
    </Page>
  );
}
