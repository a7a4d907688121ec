import { Button, Dialog, Tag } from 'antd-mobile';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getLine, setLine } from '../app/session';
import { Page } from '../components/Page';

/** Routes 1 and 2 (2 marked best); choosing confirms, stores the route for the session and goes back. */
export default function ChangeLinePage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [line, setCurrent] = useState(getLine());
  const choose = async (l: 0 | 1): Promise<void> => {
    const ok = await Dialog.confirm({ content: t('changeLine.confirm', { n: l + 1 }), confirmText: t('common.ok'), cancelText: t('common.cancel') });
    if (!ok) return;
    setLine(l);
    setCurrent(l);
    void navigate(-1);
  };
  return (
    <Page title={t('changeLine.title')}>
      {([0, 1] as const).map((l) => (
        <section key={l} className="card row-between">
          <div>
            <strong>{t('changeLine.route', { n: l + 1 })}</strong> {l === 1 ? <Tag color="success">{t('changeLine.best')}</Tag> : null}
            {line === l ? <div className="muted small">{t('changeLine.current')}</div> : null}
          </div>
          <Button color="primary" size="small" onClick={() => void choose(l)}>
            {t('changeLine.start')}
          </Button>
        </section>
      ))}
    </Page>
  );
}
