import { Grid } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';

const COLOURS = ['#1f6feb', '#0f7b6c', '#8250df', '#bf3989', '#9a6700', '#cf222e', '#1a7f37', '#57606a', '#0969da'] as const;

/** The default-avatar page: a static grid (spec section 2). */
export default function DefaultAvatarPage(): ReactElement {
  const { t } = useTranslation();
  return (
    <Page title={t('baseInfo.defaultAvatar')}>
      <Grid columns={3} gap={16} className="pad">
        {COLOURS.map((c, i) => (
          <Grid.Item key={c}>
            <div className="avatar avatar--large" style={{ background: c }} role="img" aria-label={t('baseInfo.avatarN', { n: i + 1 })}>
              {i + 1}
            </div>
          </Grid.Item>
        ))}
      </Grid>
    </Page>
  );
}
