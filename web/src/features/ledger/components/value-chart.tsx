import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PerformanceResponse } from '@app/shared/domain/entities/ledger';
import type { Language } from '@app/shared/domain/enums';
import { formatDate, formatMoney } from '@app/shared/domain/rules/formatting';

export interface ValueChartProps {
  series: PerformanceResponse['series'];
  currency: string;
  benchmarkSymbol: string;
  language: Language;
}

/**
 * Value against invested capital and the same money in the index (recharts, loaded only with this
 * section); the table below it carries the same points for screen readers and keyboards.
 */
export function ValueChart({ series, currency, benchmarkSymbol, language }: ValueChartProps) {
  const { t } = useTranslation(['portfolio']);
  const money = (amount: number) => formatMoney(amount, currency, language);
  const labels = {
    value: t('portfolio:ledger.chart.value'),
    invested: t('portfolio:ledger.chart.invested'),
    benchmark: t('portfolio:ledger.chart.benchmark', { symbol: benchmarkSymbol }),
  };
  return (
    <figure className="ledger__chart">
      <figcaption>{t('portfolio:ledger.chart.caption', { symbol: benchmarkSymbol })}</figcaption>
      <div aria-hidden="true">
        <ResponsiveContainer width="100%" height={280}>
          <LineChart data={series} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              dataKey="date"
              tickFormatter={(date: string) => formatDate(date, language)}
              minTickGap={40}
            />
            <YAxis tickFormatter={(amount: number) => money(amount)} width={96} />
            <Tooltip
              labelFormatter={(date) => formatDate(String(date), language)}
              formatter={(amount) => money(Number(amount))}
            />
            <Legend />
            <Line
              type="monotone"
              dataKey="value_base"
              name={labels.value}
              stroke="#2563eb"
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="stepAfter"
              dataKey="invested_base"
              name={labels.invested}
              stroke="#6b7280"
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="benchmark_value_base"
              name={labels.benchmark}
              stroke="#f59e0b"
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{t('portfolio:ledger.chart.showTable')}</summary>
        <table className="ledger__table">
          <thead>
            <tr>
              <th scope="col">{t('portfolio:ledger.fields.date')}</th>
              <th scope="col">{labels.value}</th>
              <th scope="col">{labels.invested}</th>
              <th scope="col">{labels.benchmark}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatDate(point.date, language)}</th>
                <td>{money(point.value_base)}</td>
                <td>{money(point.invested_base)}</td>
                <td>
                  {point.benchmark_value_base === null
                    ? t('portfolio:ledger.performance.unavailable')
                    : money(point.benchmark_value_base)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
