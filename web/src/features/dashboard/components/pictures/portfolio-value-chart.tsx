import { Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PerformanceResponse } from '@app/shared/domain/entities/ledger';
import type { Language } from '@app/shared/domain/enums';
import { formatMoney } from '@app/shared/domain/rules/formatting';
import { dateAxisProps, dateTooltipProps, moneyAxisProps } from '@/kit/charts/chart-props';

export interface PortfolioValueLabels {
  value: string;
  invested: string;
  /** Null when the answer has no benchmark: its line is not drawn. */
  benchmark: string | null;
}

/** The ledger's weekly value, money invested and the benchmark path (recharts, loaded on demand). */
export default function PortfolioValueChart({
  series,
  currency,
  language,
  labels,
}: {
  series: PerformanceResponse['series'];
  currency: string;
  language: Language;
  labels: PortfolioValueLabels;
}) {
  const money = (value: number) => formatMoney(value, currency, language);
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <XAxis {...dateAxisProps(language)} />
        <YAxis {...moneyAxisProps(money)} width={90} />
        <Tooltip {...dateTooltipProps(language, money)} />
        <Legend />
        <Line
          name={labels.value}
          dataKey="value_base"
          stroke="#3b82f6"
          dot={false}
          isAnimationActive={false}
        />
        <Line
          name={labels.invested}
          dataKey="invested_base"
          stroke="#94a3b8"
          strokeDasharray="4 4"
          dot={false}
          isAnimationActive={false}
        />
        {labels.benchmark ? (
          <Line
            name={labels.benchmark}
            dataKey="benchmark_value_base"
            stroke="#f59e0b"
            dot={false}
            isAnimationActive={false}
            connectNulls
          />
        ) : null}
      </LineChart>
    </ResponsiveContainer>
  );
}
