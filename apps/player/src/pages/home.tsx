import { BANNER_AUTOPLAY_MS } from '@sum28/domain';
import type { Banner } from '@sum28/contracts';
import { Button, NoticeBar, Popup, Skeleton, Swiper } from 'antd-mobile';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatTime } from '../app/format';
import { useApi, useBalanceHidden, useUser } from '../app/hooks';
import { getLine, setLine } from '../app/session';
import { BannerSlide } from '../components/BannerSlide';
import { EmptyState } from '../components/EmptyState';
import { LanguageButton } from '../components/LanguageButton';
import { LineCard } from '../components/LineCard';
import { Money } from '../components/Money';
import { HideToggle } from '../components/HideToggle';

/** Spec section 9: banners autoplay every 5000 ms (libs/domain). */
export { BANNER_AUTOPLAY_MS };

/** When the browser has a moment (after the first paint of the first banner). */
const whenIdle = (fn: () => void): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn, { timeout: 1000 });
  else setTimeout(fn, 0);
};

/**
 * The banners. The first one is the screen's largest paint: it is drawn first as a plain image (fetched at high
 * priority; main.tsx preloads it too), and the Swiper, which measures and animates, mounts in its place once that
 * image has loaded and the browser is idle. The Swiper starts on the same banner at the same size, so nothing moves;
 * its first slide change is 5000 ms away anyway.
 */
function Banners({ banners }: { banners: readonly Banner[] }): ReactElement {
  const { t } = useTranslation();
  const [swiper, setSwiper] = useState(false);
  const first = banners[0];
  if (!swiper && first !== undefined) {
    const ready = (): void => whenIdle(() => setSwiper(true));
    return (
      <div className="banners" aria-label={t('home.banners')} role="group">
        <BannerSlide banner={first} n={1} priority onLoad={ready} />
      </div>
    );
  }
  return (
    <Swiper autoplay autoplayInterval={BANNER_AUTOPLAY_MS} loop className="banners" aria-label={t('home.banners')}>
      {banners.map((b, i) => (
        <Swiper.Item key={b.id}>
          <BannerSlide banner={b} n={i + 1} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}

export default function HomePage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUser();
  const index = useApi('index', {}, { silent: true });
  const games = useApi('lotteryIndex', {}, { silent: true });
  const [hidden, toggleHidden] = useBalanceHidden();
  const [routeOpen, setRouteOpen] = useState(false);
  const line = getLine();

  return (
    <div className="page home">
      <header className="home__header">
        <div>
          <div className="muted small">{t('home.hello')}</div>
          <h1 className="home__user">{user?.nickname || user?.username || ''}</h1>
        </div>
        <div className="home__actions">
          <button type="button" className="chip-button" onClick={() => setRouteOpen(true)}>
            {t('changeLine.route', { n: line + 1 })}
          </button>
          <LanguageButton />
        </div>
      </header>
      <section className="card balance-card" aria-label={t('home.balance')}>
        <div className="balance-card__label">
          {t('home.balance')}
          <HideToggle hidden={hidden} onToggle={toggleHidden} />
        </div>
        <Money value={user?.money} hidden={hidden} className="balance-card__value" />
        <div className="balance-card__buttons">
          <Button color="primary" onClick={() => void navigate('/recharge')}>
            {t('wallet.recharge')}
          </Button>
          <Button onClick={() => void navigate('/withdraw')}>{t('wallet.withdraw')}</Button>
        </div>
      </section>

      {index.loading && index.data === undefined ? (
        <Skeleton animated className="banner-skeleton" />
      ) : (index.data?.banner.length ?? 0) > 0 ? (
        <Banners banners={index.data?.banner ?? []} />
      ) : null}

      {index.loading && index.data === undefined ? (
        // Holds the notice bar's place while the index loads, so the sections below do not move when it arrives.
        <div className="notice-link notice-link--placeholder" aria-hidden="true" />
      ) : (index.data?.notice.length ?? 0) > 0 ? (
        <button type="button" className="notice-link" onClick={() => void navigate('/notice')} aria-label={t('notice.title')}>
          <NoticeBar content={(index.data?.notice ?? []).map((n) => n.title).join('　·　')} color="info" />
        </button>
      ) : null}

      <section className="section" aria-labelledby="lines-title">
        <h2 id="lines-title" className="section__title">
          {t('home.lines')}
        </h2>
        <div className="lines">
          {games.loading && games.data === undefined
            ? [1, 2, 3, 4].map((i) => <Skeleton key={i} animated className="line-card line-card--skeleton" />)
            : (games.data?.gameList ?? []).map((g) => <LineCard key={g.id} game={g} />)}
        </div>
      </section>

      <section className="section" aria-labelledby="activity-title">
        <h2 id="activity-title" className="section__title">
          {t('home.activity')}
        </h2>
        {(index.data?.activity.length ?? 0) === 0 ? (
          index.loading ? (
            <Skeleton.Paragraph animated />
          ) : (
            <EmptyState text={index.error ?? t('home.noActivity')} onReload={index.reload} />
          )
        ) : (
          <ul className="list card">
            {(index.data?.activity ?? []).map((a) => (
              <li key={a.id} className="list__row">
                <span>
                  <strong>{a.nickname}</strong> · {a.game_name}
                  <div className="muted small">{formatTime(a.createtime)}</div>
                </span>
                <span className="activity__paid">
                  <span className="muted small">{t('home.payout')}</span> <Money value={a.amount} className="gain" />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Popup visible={routeOpen} onMaskClick={() => setRouteOpen(false)} bodyClassName="sheet">
        <h2 className="sheet__title">{t('changeLine.title')}</h2>
        {([0, 1] as const).map((l) => (
          <Button
            key={l}
            block
            className="sheet__option"
            color={line === l ? 'primary' : 'default'}
            onClick={() => {
              setLine(l);
              setRouteOpen(false);
            }}
          >
            {t('changeLine.route', { n: l + 1 })} {l === 1 ? `(${t('changeLine.best')})` : ''}
          </Button>
        ))}
      </Popup>
    </div>
  );
}
