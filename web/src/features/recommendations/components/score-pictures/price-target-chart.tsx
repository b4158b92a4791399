import {
  Area,
  AreaChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { PriceBar } from '@app/shared/domain/entities/market';
import type { Language } from '@app/shared/domain/enums';
import { formatCurrency, formatDate } from '@app/shared/domain/rules/formatting';
import { dateAxisProps, dateTooltipProps, dollars, moneyAxisProps } from '@/kit/charts/chart-props';

export interface PriceTargetChartProps {
  bars: PriceBar[];
  target: number;
  asOf: string;
  purchase: { date: string; price: number } | null;
  language: Language;
  labels: { target: string; asOf: string; bought: string };
}

/** Closes with the rational target, the as-of date and a holding's purchase (recharts, on demand). */
export default function PriceTargetChart({
  bars,
  target,
  asOf,
  purchase,
  language,
  labels,
}: PriceTargetChartProps) {
  const closes = bars.map((bar) => bar.close);
  const low = Math.min(...closes, target, purchase?.price ?? target);
  const high = Math.max(...closes, target, purchase?.price ?? target);
  const pad = (high - low) * 0.08 || 1;
  const firstDate = bars[0]?.date ?? asOf;
  return (
    <ResponsiveContainer width="100%" height={220}>
      <AreaChart data={bars} margin={{ top: 16, right: 16, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <XAxis {...dateAxisProps(language)} />
        <YAxis {...moneyAxisProps(dollars(language), [low - pad, high + pad])} />
        <Tooltip {...dateTooltipProps(language, dollars(language))} />
        <Area type="monotone" dataKey="close" stroke="#3b82f6" fill="#3b82f633" isAnimationActive={false} />
        <ReferenceLine
          y={target}
          stroke="#16a34a"
          strokeDasharray="6 4"
          label={{
            value: `${labels.target} ${formatCurrency(target, language)}`,
            position: 'insideTopLeft',
            fontSize: 11,
          }}
        />
        <ReferenceLine
          x={asOf}
          stroke="#94a3b8"
          label={{
            value: `${labels.asOf} ${formatDate(asOf, language, 'UTC')}`,
            position: 'insideTopRight',
            fontSize: 11,
          }}
        />
        {purchase && purchase.date >= firstDate ? (
          <ReferenceDot
            x={purchase.date}
            y={purchase.price}
            r={5}
            fill="#f59e0b"
            stroke="#ffffff"
            label={{ value: labels.bought, position: 'top', fontSize: 11 }}
          />
        ) : null}
      </AreaChart>
    </ResponsiveContainer>
  );
}
