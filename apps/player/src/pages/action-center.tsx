import { List, Skeleton } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../app/format';
import { useApi } from '../app/hooks';
import { BannerSlide } from '../components/BannerSlide';
import { EmptyState } from '../components/EmptyState';
import { Page } from '../components/Page';

/** Current promotions: the operator's banners and announcements (the spec names the route, not its content). */
export default function ActionCenterPage(): ReactElement {
  const { t } = useTranslation();
  const index = useApi('index', {}, { silent: true });
  const banners = index.data?.banner ?? [];
  const notices = index.data?.notice ?? [];
  if (index.loading && index.data === undefined) {
    return (
      <Page title={t('action.title')}>
        <Skeleton.Paragraph animated className="pad" />
      </Page>
    );
  }
  return (
    <Page title={t('action.title')}>
      {banners.length === 0 && notices.length === 0 ? <EmptyState onReload={index.reload} /> : null}
      {banners.map((b, i) => (
        <div key={b.id} className="card action">
          <BannerSlide banner={b} n={i + 1} />
        </div>
      ))}
      {notices.length > 0 ? (
        <List mode="card" header={t('notice.announcements')}>
          {notices.map((n) => (
            <List.Item key={n.id} description={formatTime(n.createtime)}>
              {n.title}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Page>
  );
}
