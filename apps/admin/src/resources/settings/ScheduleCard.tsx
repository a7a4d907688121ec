import { Alert, Box, Card, CardContent, CircularProgress, Divider, Typography } from '@mui/material';
import type { GameSchedule } from '@sum28/contracts';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { API_ROOT, httpClient } from '../../api';

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; schedule: GameSchedule };

/**
 * The round schedule (opening hours, time zone, round length, betting close) from GET settings/schedule: deployment
 * configuration, shown read-only with the reason (changing it mid-day would change the published schedule of rounds).
 */
export function ScheduleCard(): React.ReactElement {
  const translate = useTranslate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    httpClient(`${API_ROOT}/settings/schedule`)
      .then(({ json }) => live && setState({ kind: 'ready', schedule: json as GameSchedule }))
      .catch(() => live && setState({ kind: 'error' }));
    return () => {
      live = false;
    };
  }, []);
  const t = (k: string, o?: Record<string, unknown>): string => translate(`resources.settings.schedule.${k}`, o);
  return (
    <Card component="section" aria-labelledby="settings-schedule">
      <CardContent>
        <Typography variant="h6" component="h2" id="settings-schedule">
          {t('title')}
        </Typography>
        <Divider sx={{ mb: 2 }} />
        <Alert severity="info" role="note" sx={{ mb: 2, maxWidth: 640 }}>
          {t('explain')}
        </Alert>
        {state.kind === 'loading' && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
        {state.kind === 'error' && (
          <Typography color="error" role="alert">
            {t('error')}
          </Typography>
        )}
        {state.kind === 'ready' && (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }} data-testid="schedule">
            {(
              [
                ['open_hours', state.schedule.open_hours === 'always' ? t('always') : state.schedule.open_hours],
                ['tz', state.schedule.tz],
                ['round_seconds', t('seconds', { smart_count: state.schedule.round_seconds })],
                ['bet_close_seconds', t('seconds', { smart_count: state.schedule.bet_close_seconds })],
              ] as const
            ).map(([key, value]) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="textSecondary">
                  {t(key)}
                </Typography>
                <Typography component="dd" variant="body1" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
