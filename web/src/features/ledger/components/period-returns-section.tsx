import { Alert, Flex, Loader, SelectField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { PeriodReturnsResponse } from '@app/shared/domain/entities/ledger-reports';
import type { Language } from '@app/shared/domain/enums';
import {
  ATTRIBUTION_LINES,
  REPORT_PERIODS,
  type ReportPeriodName,
} from '@app/shared/domain/ledger/report-vocabulary';
import { formatDate, formatMoney, formatPercent } from '@app/shared/domain/rules/formatting';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteQuery } from '@/kit/api/route-query';
import { Card } from '@/kit/ui/card';
import { ReturnsHeatMap } from './returns-heat-map';
import { ScrollRegion } from '@/kit/ui/scroll-region';

type PortfolioPeriod = PeriodReturnsResponse['portfolio'][number];

const percentOf = (fraction: number | null, language: Language) =>
  fraction === null
    ? null
    : formatPercent(fraction * 100, language, { signed: true, maximumFractionDigits: 2 });

function usePeriodName() {
  const { t } = useTranslation(['portfolio']);
  return (period: string) =>
    (REPORT_PERIODS as readonly string[]).includes(period)
      ? t(`portfolio:ledger.reports.periods.${period as ReportPeriodName}`)
      : period;
}

/** Every period: TWR beside the index, the gain in money and the change split by line (they add up). */
function PeriodsTable({ result, language }: { result: PeriodReturnsResponse; language: Language }) {
  const { t } = useTranslation(['portfolio']);
  const name = usePeriodName();
  const unavailable = t('portfolio:ledger.performance.unavailable');
  const money = (amount: number) => formatMoney(amount, result.base_currency, language);
  const cells = (item: PortfolioPeriod) => [
    percentOf(item.time_weighted, language) ?? unavailable,
    percentOf(item.benchmark_time_weighted, language) ?? unavailable,
    money(item.money_gain_base),
    money(item.change_base),
    ...ATTRIBUTION_LINES.map((line) => money(item.attribution[line])),
  ];
  return (
    <ScrollRegion label={t('portfolio:ledger.reports.returnsTitle')}>
      <table className="ledger__table" data-testid="ledger-period-returns">
        <caption>{t('portfolio:ledger.reports.returnsTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('portfolio:ledger.reports.period')}</th>
            <th scope="col">{t('portfolio:ledger.reports.timeWeighted')}</th>
            <th scope="col">{`${t('portfolio:ledger.reports.benchmark')} (${result.benchmark})`}</th>
            <th scope="col">{t('portfolio:ledger.reports.moneyGain')}</th>
            <th scope="col">{t('portfolio:ledger.reports.change')}</th>
            {ATTRIBUTION_LINES.map((line) => (
              <th key={line} scope="col">
                {t(`portfolio:ledger.reports.lines.${line}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.portfolio.map((item) => (
            <tr key={item.period} data-testid={`ledger-period-${item.period}`}>
              <th scope="row">
                {name(item.period)}
                {item.covers_full_period ? null : (
                  <Text as="span" className="ledger__hint">
                    {` ${t('portfolio:ledger.reports.partial', { date: formatDate(item.start, language) })}`}
                  </Text>
                )}
              </th>
              {cells(item).map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Each holding over one chosen period: its own TWR and gain in money, the index beside. */
function HoldingsPeriods({ result, language }: { result: PeriodReturnsResponse; language: Language }) {
  const { t } = useTranslation(['portfolio']);
  const name = usePeriodName();
  const [period, setPeriod] = useState('YTD');
  const unavailable = t('portfolio:ledger.performance.unavailable');
  const periods = result.portfolio.map((item) => item.period);
  return (
    <section aria-labelledby="ledger-holdings-periods">
      <h3 id="ledger-holdings-periods">{t('portfolio:ledger.reports.holdingsTitle')}</h3>
      <SelectField
        label={t('portfolio:ledger.reports.holdingPeriod')}
        value={period}
        onChange={(event) => setPeriod(event.target.value)}
      >
        {periods.map((item) => (
          <option key={item} value={item}>
            {name(item)}
          </option>
        ))}
      </SelectField>
      <table className="ledger__table">
        <thead>
          <tr>
            <th scope="col">{t('portfolio:ledger.reports.symbol')}</th>
            <th scope="col">{t('portfolio:ledger.reports.timeWeighted')}</th>
            <th scope="col">{t('portfolio:ledger.reports.benchmark')}</th>
            <th scope="col">{t('portfolio:ledger.reports.moneyGain')}</th>
          </tr>
        </thead>
        <tbody>
          {result.holdings.map((holding) => {
            const item = holding.periods.find((entry) => entry.period === period);
            return (
              <tr key={holding.symbol}>
                <th scope="row">{holding.symbol}</th>
                <td>{percentOf(item?.time_weighted ?? null, language) ?? unavailable}</td>
                <td>{percentOf(item?.benchmark_time_weighted ?? null, language) ?? unavailable}</td>
                <td>
                  {item ? formatMoney(item.money_gain_base, result.base_currency, language) : unavailable}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** Returns per period (shared/src/domain/ledger/README.md "Returns per period"), at the market date. */
export function PeriodReturnsSection({ benchmark }: { benchmark?: string | undefined }) {
  const { t, i18n } = useTranslation(['portfolio']);
  const language = (i18n.language === 'fr' || i18n.language === 'es' ? i18n.language : 'en') as Language;
  const returns = useRouteQuery(contract.portfolio.periodReturns, { query: benchmark ? { benchmark } : {} });
  const result = returns.data;
  return (
    <Card className="ledger__section" aria-labelledby="ledger-period-returns-title">
      <h2 id="ledger-period-returns-title">{t('portfolio:ledger.reports.returnsTitle')}</h2>
      {returns.isPending ? (
        <Flex gap="small" role="status">
          <Loader aria-hidden="true" />
          <Text>{t('portfolio:ledger.reports.loading')}</Text>
        </Flex>
      ) : null}
      {returns.isError ? (
        <Alert variation="error">
          {serverMessageOf(returns.error, i18n) ?? t('portfolio:ledger.reports.loadFailed')}
        </Alert>
      ) : null}
      {result && result.portfolio.length > 0 ? (
        <>
          <PeriodsTable result={result} language={language} />
          <HoldingsPeriods result={result} language={language} />
          <ReturnsHeatMap months={result.monthly} language={language} />
        </>
      ) : null}
    </Card>
  );
}
