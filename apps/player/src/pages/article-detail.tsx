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
  const all = news.data ? [...news.data.tops, ...news.data.articleTabs.flatMap((tab) => tab.articles)] : [];
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
          <p className="muted small">{formatTime(article.createtime)}</p>
          <div className="article__body" dangerouslySetInnerHTML={{ __html: article.content }} />
        </article>
      )}
    </Page>
  );
}
