import { Button, Flex, Heading, Loader, TableCell, TableRow, Text, TextField } from '@aws-amplify/ui-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY, formatDate, formatNumber, localeFor } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@app/web/kit/preferences';
import { Card } from '@app/web/kit/ui/card';
import { DataTable } from '@/components/data-table';
import { keepPreviousData } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { useRouteQuery } from '@app/web/kit/route-query';
import { costPer1000ByDay, costsCsvFileName, costsToCsv } from '../api/costs-csv';
import './costs.css';

const CostChart = lazy(() => import('./cost-chart'));

interface CostsRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** A row's model tokens of one kind, "in / out", or that the source does not count them (CloudWatch). */
function TokensCell({ input, output }: { input: number | null; output: number | null }) {
  const { t } = useTranslation('admin');
  const { language } = usePreferences();
  return (
    <TableCell className="admin-nowrap">
      {input === null || output === null
        ? t('costs.tokensNotCounted')
        : t('costs.tokens', {
            input: formatNumber(input, language, 0),
            output: formatNumber(output, language, 0),
          })}
    </TableCell>
  );
}

/** Costs are fractions of a cent: USD with up to 6 decimals. */
function useCostFormatter(): (value: number) => string {
  const { language } = usePreferences();
  return useMemo(() => {
    const format = new Intl.NumberFormat(localeFor(language), {
      style: 'currency',
      currency: CURRENCY,
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
    });
    return (value: number) => format.format(value);
  }, [language]);
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** For finance: the cost of each route per UTC day, a chart of cost per 1,000 requests, a CSV. */
export function CostsTab() {
  const { t } = useTranslation('admin');
  const { language } = usePreferences();
  const formatCost = useCostFormatter();
  const [range, setRange] = useState<CostsRange>({});
  const invalidRange = Boolean(range.from && range.to && range.from > range.to);
  // The server picks the period when none is given; the previous answer stays while a new one loads.
  const costs = useRouteQuery(
    contract.admin.costs,
    { query: invalidRange ? {} : range },
    { placeholderData: keepPreviousData },
  );
  const data = costs.data;
  const points = useMemo(() => costPer1000ByDay(data?.rows ?? []), [data]);

  return (
    <Flex direction="column" gap="medium">
      <div>
        <Heading level={3}>{t('costs.title')}</Heading>
        <Text className="app-muted">{t('costs.subtitle')}</Text>
      </div>
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        <TextField
          label={t('costs.from')}
          type="date"
          value={range.from ?? data?.from ?? ''}
          onChange={(event) => setRange((current) => ({ ...current, from: event.target.value || undefined }))}
          hasError={invalidRange}
          errorMessage={t('costs.invalidRange')}
        />
        <TextField
          label={t('costs.to')}
          type="date"
          value={range.to ?? data?.to ?? ''}
          onChange={(event) => setRange((current) => ({ ...current, to: event.target.value || undefined }))}
        />
        <Button
          onClick={() => data && download(costsToCsv(data.rows), costsCsvFileName(data.from, data.to))}
          isDisabled={!data || data.rows.length === 0}
        >
          {t('costs.downloadCsv')}
        </Button>
      </Flex>
      {!data ? (
        <Loader aria-label={t('loading')} />
      ) : data.rows.length === 0 ? (
        <Text className="app-muted">{t('costs.empty')}</Text>
      ) : (
        <>
          <Card>
            <Heading level={4} className="app-card-title">
              {t('costs.chartTitle')}
            </Heading>
            <Suspense fallback={<Loader aria-label={t('loading')} />}>
              <CostChart points={points} formatCost={formatCost} label={t('costs.costPer1000')} />
            </Suspense>
          </Card>
          <Card>
            <DataTable
              testId="costs-table"
              columns={(
                [
                  'route',
                  'day',
                  'requests',
                  'p50',
                  'p95',
                  'averageCost',
                  'totalCost',
                  'costPer1000',
                  'bedrockTokens',
                  'modelTokens',
                ] as const
              ).map((column) => t(`costs.${column}`))}
            >
              {data.rows.map((row) => (
                <TableRow key={`${row.day}|${row.route}`}>
                  <TableCell as="th" scope="row">
                    <code>{row.route}</code>
                  </TableCell>
                  <TableCell className="admin-nowrap">{row.day}</TableCell>
                  <TableCell>{formatNumber(row.requests, language, 0)}</TableCell>
                  <TableCell>
                    {t('costs.milliseconds', { value: formatNumber(row.p50_ms, language, 0) })}
                  </TableCell>
                  <TableCell>
                    {t('costs.milliseconds', { value: formatNumber(row.p95_ms, language, 0) })}
                  </TableCell>
                  <TableCell>{formatCost(row.average_cost_usd)}</TableCell>
                  <TableCell>{formatCost(row.total_cost_usd)}</TableCell>
                  <TableCell>{formatCost(row.cost_per_1000_usd)}</TableCell>
                  <TokensCell input={row.bedrock_input_tokens} output={row.bedrock_output_tokens} />
                  <TokensCell input={row.model_input_tokens} output={row.model_output_tokens} />
                </TableRow>
              ))}
            </DataTable>
          </Card>
        </>
      )}
      <Text className="app-muted" fontSize="small">
        {t('costs.note')}
        {data
          ? ` ${t('costs.priceTable', { region: data.price_table.region, date: formatDate(data.price_table.as_of, language, 'UTC'), source: data.price_table.source })}`
          : null}
      </Text>
    </Flex>
  );
}
