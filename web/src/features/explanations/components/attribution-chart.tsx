import { useTranslation } from 'react-i18next';
import { Bar, BarChart, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PortfolioAttributionResponse } from '@app/shared/domain/entities/portfolio-attribution';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@/kit/preferences/preferences';

const COLOURS = ['#3b82f6', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#14b8a6', '#f97316', '#64748b'];

/**
 * A stacked bar per factor, one segment per holding: the points it adds above the neutral 50 (up) or
 * takes away (down). Recharts, loaded on demand with the card; the table beside it
 * (attribution-card.tsx) is the text alternative.
 */
export default function AttributionChart({ attribution }: { attribution: PortfolioAttributionResponse }) {
  const { t } = useTranslation('charts');
  const { language } = usePreferences();
  const points = (value: number) => formatNumber(value, language, 1);
  const data = attribution.factors.map(({ factor }) => ({
    factor: t(`attribution.factors.${factor}`),
    ...Object.fromEntries(
      attribution.holdings.map((holding) => [
        holding.symbol,
        holding.contributions.find((row) => row.factor === factor)?.points ?? 0,
      ]),
    ),
  }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      {/* A picture beside its table of the same figures: no keyboard layer inside a hidden chart (axe). */}
      <BarChart data={data} stackOffset="sign" aria-hidden="true" accessibilityLayer={false}>
        <XAxis dataKey="factor" tick={{ fontSize: 11 }} interval={0} />
        <YAxis tickFormatter={points} width={48} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(value: unknown) => points(Number(value))} />
        <Legend />
        <ReferenceLine y={0} stroke="#64748b" />
        {attribution.holdings.map((holding, index) => (
          <Bar
            key={holding.symbol}
            dataKey={holding.symbol}
            name={holding.name}
            stackId="points"
            fill={COLOURS[index % COLOURS.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
