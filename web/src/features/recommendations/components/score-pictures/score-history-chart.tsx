import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DailyScore } from '@app/shared/domain/entities/score-history';
import { formatDate, formatNumber } from '@app/shared/domain/rules/formatting';
import { dateAxisProps } from '@/kit/charts/chart-props';
import { GRADE_THRESHOLDS } from '@app/shared/domain/rules/grades';
import type { Language } from '@app/shared/domain/enums';

/** Each grade's band on the 0-100 axis, from the shared thresholds (D below the last). */
export function gradeBands(): { grade: string; from: number; to: number }[] {
  const bands = GRADE_THRESHOLDS.map((threshold, index) => ({
    grade: threshold.grade as string,
    from: threshold.minScore,
    to: index === 0 ? 100 : (GRADE_THRESHOLDS[index - 1] as { minScore: number }).minScore,
  }));
  return [...bands, { grade: 'D', from: 0, to: (GRADE_THRESHOLDS.at(-1) as { minScore: number }).minScore }];
}

const BAND_COLOURS = ['#16a34a', '#22c55e', '#84cc16', '#eab308', '#f59e0b', '#f97316', '#ef4444'];

/** The composite score of each stored day over the grade bands (recharts, loaded on demand). */
export default function ScoreHistoryChart({ days, language }: { days: DailyScore[]; language: Language }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={days} margin={{ top: 8, right: 24, bottom: 0, left: 0 }} accessibilityLayer={false}>
        {gradeBands().map((band, index) => (
          <ReferenceArea
            key={band.grade}
            y1={band.from}
            y2={band.to}
            fill={BAND_COLOURS[index]}
            fillOpacity={0.12}
            label={{ value: band.grade, position: 'right', fontSize: 10 }}
            ifOverflow="hidden"
          />
        ))}
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis {...dateAxisProps(language)} />
        <YAxis
          domain={[0, 100]}
          ticks={[0, 35, 45, 55, 65, 75, 85, 100]}
          width={32}
          tick={{ fontSize: 11 }}
        />
        <Tooltip
          labelFormatter={(date) => formatDate(String(date), language, 'UTC')}
          formatter={(value, _name, item) =>
            `${formatNumber(Number(value), language, 1)} (${(item.payload as DailyScore).grade})`
          }
        />
        <Line type="monotone" dataKey="composite" stroke="#3b82f6" dot={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
