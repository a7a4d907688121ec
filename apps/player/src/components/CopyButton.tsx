import { Toast } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it, else a selected, off-screen textarea
 * and `document.execCommand('copy')` (older WebViews, pages not served over HTTPS). True when either worked.
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText !== undefined) {
    const ok = await navigator.clipboard.writeText(text).then(
      () => true,
      () => false,
    );
    if (ok) return true;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Two overlapping sheets: the usual copy sign (antd-mobile-icons has none). */
function CopyIcon(): ReactElement {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8">
      <rect x="8" y="8" width="12" height="13" rx="2" />
      <path d="M16 8V5a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h2" />
    </svg>
  );
}

/**
 * A 44x44 copy button beside an order number or an address: copies `text` and says so in a toast (or that it could
 * not, and how to copy it by hand). `what` names the value for the button's label ("Copy order number").
 */
export function CopyButton({ text, what }: { text: string; what: string }): ReactElement {
  const { t } = useTranslation();
  const copy = async (): Promise<void> => {
    const ok = text !== '' && (await copyText(text));
    Toast.show(ok ? { icon: 'success', content: t('common.copied') } : { icon: 'fail', content: t('clipboard.failedText') });
  };
  return (
    <button type="button" className="icon-button copy-button" onClick={() => void copy()} aria-label={t('common.copyWhat', { what })} title={t('common.copy')}>
      <CopyIcon />
    </button>
  );
}
