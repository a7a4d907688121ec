import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Card, CardContent, CardHeader, Chip, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { chiSquareVerdict, type FairnessVerdict, isPlayType, rtpDeviation } from '@sum28/domain';
import { lazy, Suspense } from 'react';
import { Button, Link, Title, useCanAccess, useTranslate } from 'react-admin';
import { useIntlLocale } from '../common/fields';
import type { DashboardStats, WindowStats } from '@sum28/contracts';
import { useStats } from './useStats';

const Charts = lazy(() => import('./DashboardCharts'));

const MONEY_KEYS = ['recharges', 'withdrawals', 'turnover', 'payouts', 'ggr'] as const;
const PLAYER_KEYS = ['new_players', 'active_players'] as const;

export function VerdictChip({ verdict }: { verdict: FairnessVerdict }): React.ReactElement {
  const translate = useTranslate();
  const color = verdict === 'flagged' ? 'error' : verdict === 'ok' ? 'success' : 'default';
  return (
    <Chip size="small" color={color} variant={verdict === 'flagged' ? 'filled' : 'outlined'} label={translate(`resources.dashboard.verdict.${verdict}`)} />
  );
}

/**
 * The console's first screen: money and players for today / 7 / 30 days, the approvals queue (refreshing), charts
 * (recharts, loaded lazily) and the fairness monitor (observed vs theoretical RTP per play type, digit and sum
 * frequencies with chi-square and p-value; bounds and verdicts from libs/domain). Staff without `stats.read` get a
 * welcome card.
 */
export default function Dashboard(): React.ReactElement {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: 'dashboard' });
  const { stats, error, loading, reload } = useStats(canAccess === true);
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="resources.dashboard.title" />
      {isPending ? null : canAccess !== true ? (
        <Card>
          <CardContent>
            <Typography variant="h5" component="h1">
              {translate('resources.dashboard.welcome')}
            </Typography>
            <Typography>{translate('resources.dashboard.welcome_help')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h5" component="h1">
              {translate('resources.dashboard.title')}
            </Typography>
            <Button label="ra.action.refresh" onClick={reload}>
              <RefreshIcon />
            </Button>
          </Stack>
          {error !== null && <Alert severity="error">{translate(error, { _: error })}</Alert>}
          {loading && stats === null ? <Skeleton variant="rectangular" height={240} /> : stats !== null && <Body stats={stats} />}
        </Stack>
      )}
    </Box>
  );
}

function Body({ stats }: { stats: DashboardStats }): React.ReactElement {
  return (
    <>
      <Pending stats={stats} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
        {stats.windows.map((w) => (
          <WindowCard key={w.window} w={w} />
        ))}
      </Box>
      <Suspense fallback={<Skeleton variant="rectangular" height={280} />}>
        <Charts stats={stats} />
      </Suspense>
      <RtpMonitor stats={stats} />
      <DigitMonitor stats={stats} />
    </>
  );
}

function Pending({ stats }: { stats: DashboardStats }): React.ReactElement {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ action: 'list', resource: 'capital_logs' });
  const p = stats.pending_approvals;
  const text = translate('resources.dashboard.pending', { total: p.total, recharges: p.recharges, withdrawals: p.withdrawals });
  return (
    <Alert severity={p.total > 0 ? 'warning' : 'info'} data-testid="pending-approvals">
      {canAccess === true ? <Link to="/capital-logs">{text}</Link> : text}
    </Alert>
  );
}

function WindowCard({ w }: { w: WindowStats }): React.ReactElement {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(locale);
  return (
    <Card component="section" aria-labelledby={`w-${w.window}`}>
      <CardHeader id={`w-${w.window}`} title={translate(`resources.dashboard.window.${w.window}`)} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Table size="small">
          <TableBody>
            {MONEY_KEYS.map((k) => (
              <TableRow key={k}>
                <TableCell component="th" scope="row">
                  {translate(`resources.dashboard.kpi.${k}`)}
                </TableCell>
                <TableCell align="right" sx={k === 'ggr' && w.ggr < 0 ? { color: 'error.main' } : undefined}>
                  {money.format(w[k])}
                </TableCell>
              </TableRow>
            ))}
            {PLAYER_KEYS.map((k) => (
              <TableRow key={k}>
                <TableCell component="th" scope="row">
                  {translate(`resources.dashboard.kpi.${k}`)}
                </TableCell>
                <TableCell align="right">{count.format(w[k])}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** A figure with exactly `digits` decimals in the console's language, or '-' when there is none. */
function fixed(locale: string, x: number | null, digits: number): string {
  return x === null ? '-' : new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(x);
}

function RtpMonitor({ stats }: { stats: DashboardStats }): React.ReactElement {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const pct = (n: number | null): string => (n === null ? '-' : `${fixed(locale, n, 2)}%`);
  const rows = stats.rtp.filter((r) => r.bets > 0);
  return (
    <Card component="section" aria-labelledby="rtp-monitor">
      <CardHeader
        id="rtp-monitor"
        title={translate('resources.dashboard.rtp.title')}
        subheader={translate('resources.dashboard.rtp.help')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {rows.length === 0 ? (
          <Typography>{translate('resources.dashboard.rtp.empty')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.dashboard.rtp.play_type')}</TableCell>
                <TableCell align="right">{translate('resources.dashboard.rtp.bets')}</TableCell>
                <TableCell align="right">{translate('resources.dashboard.rtp.observed')}</TableCell>
                <TableCell align="right">{translate('resources.dashboard.rtp.theoretical')}</TableCell>
                <TableCell align="right">{translate('resources.dashboard.rtp.z')}</TableCell>
                <TableCell>{translate('resources.dashboard.rtp.verdict')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const d = isPlayType(r.play_type)
                  ? rtpDeviation(r.play_type, r.bets, r.observed_rtp_percent, r.theoretical_rtp_percent)
                  : { z: null, verdict: 'insufficient' as const };
                return (
                  <TableRow key={r.play_type}>
                    <TableCell>{r.play_type}</TableCell>
                    <TableCell align="right">{new Intl.NumberFormat(locale).format(r.bets)}</TableCell>
                    <TableCell align="right">{pct(r.observed_rtp_percent)}</TableCell>
                    <TableCell align="right">{pct(r.theoretical_rtp_percent)}</TableCell>
                    <TableCell align="right">{fixed(locale, d.z, 2)}</TableCell>
                    <TableCell>
                      <VerdictChip verdict={d.verdict} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function DigitMonitor({ stats }: { stats: DashboardStats }): React.ReactElement {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const n = (x: number | null, d: number): string => fixed(locale, x, d);
  const lines = [
    ...stats.digits.positions.map((p) => ({ key: `p${p.position}`, label: translate('resources.dashboard.digits.position', { n: p.position }), t: p })),
    { key: 'sums', label: translate('resources.dashboard.digits.sums'), t: stats.digits.sums },
  ];
  return (
    <Card component="section" aria-labelledby="digit-monitor">
      <CardHeader
        id="digit-monitor"
        title={translate('resources.dashboard.digits.title')}
        subheader={translate('resources.dashboard.digits.help', { rounds: stats.digits.rounds })}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.dashboard.digits.test')}</TableCell>
              <TableCell>{translate('resources.dashboard.digits.counts')}</TableCell>
              <TableCell align="right">{translate('resources.dashboard.digits.chi_square')}</TableCell>
              <TableCell align="right">{translate('resources.dashboard.digits.dof')}</TableCell>
              <TableCell align="right">{translate('resources.dashboard.digits.p_value')}</TableCell>
              <TableCell>{translate('resources.dashboard.rtp.verdict')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map(({ key, label, t }) => (
              <TableRow key={key}>
                <TableCell>{label}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{t.counts.join(' ')}</TableCell>
                <TableCell align="right">{n(t.chi_square, 2)}</TableCell>
                <TableCell align="right">{t.dof}</TableCell>
                <TableCell align="right">{n(t.p_value, 4)}</TableCell>
                <TableCell>
                  <VerdictChip verdict={chiSquareVerdict(t.p_value, stats.digits.rounds)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
