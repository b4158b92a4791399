import { SelectField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { DEFAULT_BENCHMARK } from '@app/shared/domain/entities/ledger';
import { useRouteQuery } from '@/kit/api/route-query';

export interface BenchmarkChoiceProps {
  value: string | undefined;
  onChange: (symbol: string) => void;
}

/**
 * The index to compare with: only the indices the market data holds (the API lists them), so the
 * select never offers a comparison it cannot draw; with one index it says that is all there is.
 */
export function BenchmarkChoice({ value, onChange }: BenchmarkChoiceProps) {
  const { t } = useTranslation(['portfolio']);
  const benchmarks = useRouteQuery(contract.portfolio.listBenchmarks);
  const data = benchmarks.data;
  if (benchmarks.isError) {
    return (
      <Text role="alert">
        {t('portfolio:ledger.benchmarkChoice.loadFailed', { symbol: DEFAULT_BENCHMARK })}
      </Text>
    );
  }
  if (!data || data.indices.length === 0) return null;
  const [only] = data.indices;
  return (
    <div>
      <SelectField
        label={t('portfolio:ledger.benchmarkChoice.label')}
        value={value ?? data.default}
        onChange={(event) => onChange(event.target.value)}
        descriptiveText={
          data.indices.length === 1 && only
            ? t('portfolio:ledger.benchmarkChoice.onlyOne', { name: `${only.name} (${only.symbol})` })
            : t('portfolio:ledger.benchmarkChoice.several')
        }
      >
        {data.indices.map((index) => (
          <option key={index.symbol} value={index.symbol}>
            {`${index.name} (${index.symbol})`}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
