import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AssetType, Language } from '@app/shared/domain/enums';
import type { PriceBar } from '@app/shared/domain/entities/market';
import { formatMoney, formatPercent } from '@app/shared/domain/rules/formatting';
import { dateAxisProps, dateTooltipProps, dollars, moneyAxisProps } from '@/kit/charts/chart-props';

const TYPE_COLOURS: Record<AssetType, string> = {
  stock: '#3b82f6',
  crypto: '#f59e0b',
  alternative: '#10b981',
};

export interface AllocationSlice {
  assetType: AssetType;
  value: number;
  percent: number;
}

/** Allocation by asset type (recharts; loaded with the rest of the charts on demand). */
export function AllocationChart({
  slices,
  currency,
  language,
}: {
  slices: AllocationSlice[];
  /** The portfolio's currency (its ledger's base currency). */
  currency: string;
  language: Language;
}) {
  const { t } = useTranslation(['common']);
  const data = slices
    .filter((slice) => slice.value > 0)
    .map((slice) => ({ ...slice, name: t(`common:assetTypesPlural.${slice.assetType}`) }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <PieChart>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          innerRadius={55}
          outerRadius={90}
          isAnimationActive={false}
        >
          {data.map((slice) => (
            <Cell key={slice.assetType} fill={TYPE_COLOURS[slice.assetType]} />
          ))}
        </Pie>
        <Tooltip
          formatter={(value, _name, item) =>
            `${formatMoney(Number(value), currency, language)} (${formatPercent(
              (item.payload as AllocationSlice).percent,
              language,
            )})`
          }
        />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** Closing prices of one holding over the replayed history. */
export function PriceHistoryChart({ bars, language }: { bars: PriceBar[]; language: Language }) {
  return (
    <ResponsiveContainer width="100%" height={200}>
      <AreaChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <XAxis {...dateAxisProps(language)} />
        <YAxis {...moneyAxisProps(dollars(language))} />
        <Tooltip {...dateTooltipProps(language, dollars(language))} />
        <Area type="monotone" dataKey="close" stroke="#3b82f6" fill="#3b82f633" isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
