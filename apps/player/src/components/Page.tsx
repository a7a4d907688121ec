import { LeftOutline } from 'antd-mobile-icons';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** A screen with a top bar (title, back) and its content. */
export function Page({
  title,
  children,
  back = true,
  right,
  className,
}: {
  title: string;
  children: ReactNode;
  back?: boolean;
  right?: ReactNode;
  className?: string;
}): ReactElement {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · Sum28`;
  }, [title]);
  const goBack = (): void => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/', { replace: true });
  };
  return (
    <div className={className ? `page ${className}` : 'page'}>
      <header className="page__bar">
        <div className="page__side">
          {back ? (
            <button type="button" className="icon-button" onClick={goBack} aria-label={t('common.back')}>
              <LeftOutline aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <h1 className="page__title">{title}</h1>
        <div className="page__side page__side--right">{right}</div>
      </header>
      <div className="page__body">{children}</div>
    </div>
  );
}
