import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PerformanceResponse } from '@app/shared/domain/entities/ledger';
import { ASSET_TYPES, type AssetType, type Language } from '@app/shared/domain/enums';
import type { AllocationSlice } from '@app/shared/domain/ledger/allocation';
import { formatMoney, formatPercent } from '@app/shared/domain/rules/formatting';

type Allocation = PerformanceResponse['allocation'];
const DIMENSIONS = ['by_asset_type', 'by_sector', 'by_currency'] as const;
type Dimension = (typeof DIMENSIONS)[number];

export interface AllocationChartsProps {
  allocation: Allocation;
  currency: string;
  language: Language;
}

/**
 * Where the value is at the market date, three ways (recharts, loaded with this section only); each
 * chart has the same figures as a table behind it for screen readers and keyboards.
 */
export function AllocationCharts({ allocation, currency, language }: AllocationChartsProps) {
  const { t } = useTranslation(['portfolio', 'common']);
  const money = (amount: number) => formatMoney(amount, currency, language);
  const share = (fraction: number) => formatPercent(fraction * 100, language, { maximumFractionDigits: 1 });
  const labelOf = (dimension: Dimension, slice: AllocationSlice): string => {
    if (slice.kind === 'cash') return t('portfolio:ledger.allocation.cash');
    if (slice.kind === 'unknown') return t(`portfolio:ledger.allocation.unknown.${dimension}`);
    const key = slice.key ?? '';
    if (dimension === 'by_asset_type' && (ASSET_TYPES as readonly string[]).includes(key))
      return t(`common:assetTypesPlural.${key as AssetType}`);
    return key;
  };

  return (
    <div className="ledger__allocation">
      {DIMENSIONS.map((dimension) => {
        const rows = allocation[dimension].map((slice) => ({ ...slice, label: labelOf(dimension, slice) }));
        return (
          <figure key={dimension} className="ledger__chart">
            <figcaption>{t(`portfolio:ledger.allocation.captions.${dimension}`)}</figcaption>
            <div aria-hidden="true">
              <ResponsiveContainer width="100%" height={48 + rows.length * 32}>
                <BarChart
                  data={rows}
                  layout="vertical"
                  margin={{ left: 8, right: 16 }}
                  accessibilityLayer={false}
                >
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                  <XAxis type="number" tickFormatter={(amount: number) => money(amount)} />
                  <YAxis type="category" dataKey="label" width={160} />
                  <Tooltip formatter={(amount) => money(Number(amount))} />
                  <Bar dataKey="value_base" fill="#2563eb" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <details>
              <summary>{t('portfolio:ledger.chart.showTable')}</summary>
              <table className="ledger__table">
                <thead>
                  <tr>
                    <th scope="col">{t(`portfolio:ledger.allocation.columns.${dimension}`)}</th>
                    <th scope="col">{t('portfolio:ledger.performance.value')}</th>
                    <th scope="col">{t('portfolio:ledger.allocation.columns.share')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={`${row.kind}-${row.key ?? ''}`}>
                      <th scope="row">{row.label}</th>
                      <td>{money(row.value_base)}</td>
                      <td>{share(row.share)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </figure>
        );
      })}
      <p className="ledger__hint">{t('portfolio:ledger.allocation.sectorSource')}</p>
    </div>
  );
}
