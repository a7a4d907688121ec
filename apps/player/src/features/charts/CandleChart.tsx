import { MAX_SUM, MIN_SUM } from '@sum28/domain';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { shortIssue, type Candle } from './candles';

interface ShapeProps {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  payload?: Candle;
}

/** The candle body (recharts has no candlestick type): a rect over [min(open, close), max(open, close)]. */
function CandleBody({ x = 0, y = 0, width = 0, height = 0, payload }: ShapeProps): ReactElement {
  const h = Math.max(2, height);
  return <rect x={x} y={height < 2 ? y - 1 : y} width={width} height={h} fill={payload?.rising === false ? 'var(--loss)' : 'var(--gain)'} />;
}

/** The tooltip: round and sum (the spec), with the candle's open and range. */
function CandleTip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: unknown }> }): ReactElement | null {
  const { t } = useTranslation();
  const c = payload?.[0]?.payload as Candle | undefined;
  if (active !== true || c === undefined) return null;
  return (
    <div className="chart-tip">
      <div>{t('find.tipRound', { issue: c.issue })}</div>
      <div className="strong">{t('find.tipSum', { sum: c.close })}</div>
      <div className="muted">{t('find.tipRange', { open: c.open, low: c.low, high: c.high })}</div>
    </div>
  );
}

/** The find screen's candlestick chart: round vs sum; body previous sum -> this sum, wick the recent range. */
export default function CandleChart({ candles, label }: { candles: Candle[]; label: string }): ReactElement {
  return (
    <figure className="chart-box" aria-label={label} role="figure">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={candles} margin={{ top: 8, right: 12, bottom: 4, left: -20 }} barCategoryGap="25%">
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e3e6ea" />
          <XAxis dataKey="issue" tickFormatter={shortIssue} tick={{ fontSize: 11, fill: '#5c6370' }} minTickGap={16} />
          <YAxis domain={[MIN_SUM, MAX_SUM]} ticks={[0, 7, 14, 21, 27]} tick={{ fontSize: 11, fill: '#5c6370' }} allowDecimals={false} />
          <Tooltip content={(p) => <CandleTip active={p.active} payload={p.payload} />} cursor={{ fill: 'rgba(31, 95, 199, 0.08)' }} />
          <Bar dataKey="body" maxBarSize={24} shape={(p: unknown) => <CandleBody {...(p as ShapeProps)} />} isAnimationActive={false}>
            <ErrorBar dataKey="wick" width={0} strokeWidth={1.5} stroke="#5c6370" direction="y" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
