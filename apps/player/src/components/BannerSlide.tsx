import type { Banner } from '@sum28/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

interface Props {
  banner: Banner;
  /** 1-based position, for the name of a banner without a caption */
  n: number;
  /** the screen's largest paint: fetched at high priority */
  priority?: boolean;
  onLoad?: () => void;
}

/**
 * One banner: the image (which carries no words) with its caption, in the player's language as the server sent it,
 * drawn over its foot. With a link it is one link (named by the caption); a path on this site opens in the app.
 */
export function BannerSlide({ banner, n, priority = false, onLoad }: Props): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const caption = banner.title.trim();
  const body = (
    <>
      <img
        className="banner"
        src={banner.image}
        // the caption below names the banner; without one, the image does
        alt={caption === '' ? t('home.bannerAlt', { n }) : ''}
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        onLoad={onLoad}
        onError={onLoad}
      />
      {caption !== '' ? <span className="banner-slide__caption">{caption}</span> : null}
    </>
  );
  const link = banner.link.trim();
  if (link === '') return <div className="banner-slide">{body}</div>;
  const internal = link.startsWith('/') && !link.startsWith('//');
  return (
    <a
      className="banner-slide"
      href={link}
      {...(internal ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
      onClick={(e) => {
        if (!internal) return;
        e.preventDefault();
        void navigate(link);
      }}
    >
      {body}
    </a>
  );
}
