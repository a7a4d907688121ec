import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** The eye button that hides and shows amounts (home, wallet, personal). */
export function HideToggle({ hidden, onToggle }: { hidden: boolean; onToggle: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <button type="button" className="icon-button" onClick={onToggle} aria-label={hidden ? t('common.show') : t('common.hide')}>
      {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
    </button>
  );
}
