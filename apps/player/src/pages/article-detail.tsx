import { Skeleton } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatTime } from '../app/format';
import { useApi } from '../app/hooks';
import { EmptyState } from '../components/EmptyState';
import { Page } from '../components/Page';

/** Title and the article's HTML, which the server sanitised when it was saved (no scripts, no handlers). */
export default function ArticleDetailPage(): ReactElement {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const news = useApi('articleList');
  // Tabs carry the whole article; hot topics may carry only the title (today's API sends id and title).
  const all = news.data ? [...news.data.articleTabs.flatMap((tab) => tab.articles), ...news.data.tops] : [];
  const article = all.find((a) => a.id === id);
  return (
    <Page title={article?.title ?? t('news.title')}>
      {news.loading && news.data === undefined ? (
        <Skeleton.Paragraph animated className="pad" />
      ) : article === undefined ? (
        <EmptyState onReload={news.reload} />
      ) : (
        <article className="card article">
          <h2>{article.title}</h2>
          {typeof article.createtime === 'number' ? <p className="muted small">{formatTime(article.createtime)}</p> : null}
          <div className="article__body" dangerouslySetInnerHTML={{ __html: article.content }} />
        </article>
      )}
    </Page>
  );
}
