import { Box, Card, CardContent, CardHeader, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useIntlLocale } from '../common/fields';
import type { DashboardStats } from '@sum28/contracts';

/** The dashboard's charts (recharts, in their own lazily loaded chunk): money per window, RTP observed vs theoretical. */
export default function DashboardCharts({ stats }: { stats: DashboardStats }): React.ReactElement {
  const translate = useTranslate();
  const theme = useTheme();
  const locale = useIntlLocale();
  const fmt = (v: unknown): string => (typeof v === 'number' ? new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(v) : String(v));
  const money = stats.windows.map((w) => ({
    name: translate(`resources.dashboard.window.${w.window}`),
    recharges: w.recharges,
    withdrawals: w.withdrawals,
    turnover: w.turnover,
    payouts: w.payouts,
    ggr: w.ggr,
  }));
  const rtp = stats.rtp
    .filter((r) => r.bets > 0)
    .map((r) => ({ name: r.play_type, observed: r.observed_rtp_percent ?? 0, theoretical: r.theoretical_rtp_percent ?? 0 }));
  const colors = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.info.main, theme.palette.warning.main, theme.palette.success.main];
  const axis = { fill: theme.palette.text.secondary, fontSize: 12 };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      <Card component="section" aria-label={translate('resources.dashboard.charts.money')}>
        <CardHeader title={translate('resources.dashboard.charts.money')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
        <CardContent sx={{ height: 280 }}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={money}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="name" tick={axis} />
              <YAxis tick={axis} tickFormatter={fmt} width={80} />
              <Tooltip formatter={fmt} />
              <Legend />
              {(['recharges', 'withdrawals', 'turnover', 'payouts', 'ggr'] as const).map((k, i) => (
                <Bar key={k} dataKey={k} name={translate(`resources.dashboard.kpi.${k}`)} fill={colors[i]} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </CardContent>
      </Card>
      <Card component="section" aria-label={translate('resources.dashboard.charts.rtp')}>
        <CardHeader title={translate('resources.dashboard.charts.rtp')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
        <CardContent sx={{ height: 280 }}>
          {rtp.length === 0 ? (
            translate('resources.dashboard.rtp.empty')
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rtp}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" tick={axis} />
                <YAxis tick={axis} unit="%" domain={[0, 'auto']} />
                <Tooltip formatter={fmt} />
                <Legend />
                <Bar dataKey="observed" name={translate('resources.dashboard.rtp.observed')} fill={colors[0]} isAnimationActive={false} />
                <Bar dataKey="theoretical" name={translate('resources.dashboard.rtp.theoretical')} fill={colors[1]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
