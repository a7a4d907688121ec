import { List, Switch } from 'antd-mobile';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isVibrationOn, setVibration } from '../app/session';
import { Page } from '../components/Page';

/** The profit-vibration switch, stored on this device only. */
export default function SystemPage(): ReactElement {
  const { t } = useTranslation();
  const [on, setOn] = useState(isVibrationOn());
  return (
    <Page title={t('system.title')}>
      <List mode="card">
        <List.Item
          description={t('system.vibrationHelp')}
          extra={
            <Switch
              checked={on}
              aria-label={t('system.vibration')}
              onChange={(v) => {
                setVibration(v);
                setOn(v);
              }}
            />
          }
        >
          {t('system.vibration')}
        </List.Item>
      </List>
    </Page>
  );
}
