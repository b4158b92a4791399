import { Alert, Button, Flex, Loader, SelectField, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { LedgerSettingsBody, PerformanceResponse } from '@app/shared/domain/entities/ledger';
import type { Language } from '@app/shared/domain/enums';
import { BASE_CURRENCIES } from '@app/shared/domain/ledger/currencies';
import { COST_METHODS } from '@app/shared/domain/ledger/ledger-book';
import { formatDate, formatMoney, formatPercent } from '@app/shared/domain/rules/formatting';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { Card } from '@/kit/ui/card';
import { BenchmarkChoice } from './benchmark-choice';
import { HoldingsTable } from './holdings-table';

// recharts is loaded with this section only, never with the signed-in shell.
const ValueChart = lazy(() => import('./value-chart').then((module) => ({ default: module.ValueChart })));
const AllocationCharts = lazy(() =>
  import('./allocation-charts').then((module) => ({ default: module.AllocationCharts })),
);

const percentOf = (fraction: number | null, language: Language) =>
  fraction === null
    ? null
    : formatPercent(fraction * 100, language, { signed: true, maximumFractionDigits: 2 });

/** Base currency and cost method: the ledger's settings, saved for the user. */
function SettingsForm({ settings }: { settings: LedgerSettingsBody }) {
  const { t, i18n } = useTranslation(['portfolio']);
  const save = useRouteMutation(contract.portfolio.saveLedgerSettings);
  const [chosen, setChosen] = useState(settings);
  return (
    <Flex
      as="form"
      gap="small"
      alignItems="flex-end"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ body: chosen });
      }}
    >
      <SelectField
        label={t('portfolio:ledger.settings.baseCurrency')}
        value={chosen.base_currency}
        onChange={(event) =>
          setChosen({ ...chosen, base_currency: event.target.value as LedgerSettingsBody['base_currency'] })
        }
      >
        {BASE_CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('portfolio:ledger.settings.costMethod')}
        value={chosen.cost_method}
        onChange={(event) =>
          setChosen({ ...chosen, cost_method: event.target.value as LedgerSettingsBody['cost_method'] })
        }
      >
        {COST_METHODS.map((method) => (
          <option key={method} value={method}>
            {t(`portfolio:ledger.costMethods.${method}`)}
          </option>
        ))}
      </SelectField>
      <Button type="submit" isLoading={save.isPending}>
        {t('portfolio:ledger.settings.save')}
      </Button>
      {save.isSuccess ? <Text role="status">{t('portfolio:ledger.settings.saved')}</Text> : null}
      {save.isError ? <Text role="alert">{serverMessageOf(save.error, i18n)}</Text> : null}
    </Flex>
  );
}

function ReturnsTable({ result, language }: { result: PerformanceResponse; language: Language }) {
  const { t } = useTranslation(['portfolio']);
  const unavailable = t('portfolio:ledger.performance.unavailable');
  return (
    <table className="ledger__table">
      <caption>{t('portfolio:ledger.performance.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('portfolio:ledger.performance.period')}</th>
          <th scope="col">{t('portfolio:ledger.returns.timeWeighted.label')}</th>
          <th scope="col">{t('portfolio:ledger.returns.moneyWeighted.label')}</th>
        </tr>
      </thead>
      <tbody>
        {result.returns.map((entry) => (
          <tr key={entry.period}>
            <th scope="row">
              {t(`portfolio:ledger.periods.${entry.period}`)}
              {entry.covers_full_period ? null : (
                <Text as="span" className="ledger__hint">
                  {t('portfolio:ledger.returns.partialPeriod', { date: formatDate(entry.start, language) })}
                </Text>
              )}
            </th>
            <td data-testid={`ledger-return-${entry.period}`}>
              {percentOf(entry.time_weighted, language) ?? unavailable}
            </td>
            <td>{percentOf(entry.money_weighted_annualised, language) ?? unavailable}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function GainsList({ result, language }: { result: PerformanceResponse; language: Language }) {
  const { t } = useTranslation(['portfolio']);
  const money = (amount: number) => formatMoney(amount, result.base_currency, language);
  const { totals } = result;
  const rows: [string, number, string?][] = [
    [t('portfolio:ledger.performance.value'), totals.value_base, 'ledger-value'],
    [t('portfolio:ledger.gains.realised'), totals.realised.gain_base],
    [t('portfolio:ledger.gains.unrealised'), totals.unrealised.gain_base, 'ledger-unrealised'],
    [
      t('portfolio:ledger.gains.priceEffect'),
      totals.unrealised.price_effect_base + totals.realised.price_effect_base,
    ],
    [
      t('portfolio:ledger.gains.currencyEffect'),
      totals.unrealised.currency_effect_base + totals.realised.currency_effect_base,
    ],
    [t('portfolio:ledger.gains.dividends'), totals.dividends_base],
    [t('portfolio:ledger.gains.interest'), totals.interest_base],
    [t('portfolio:ledger.gains.fees'), totals.fees_paid_base],
    [t('portfolio:ledger.gains.total'), totals.total_gain_base],
  ];
  return (
    <dl className="ledger__gains">
      {rows.map(([label, amount, testId]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{money(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Gains and returns at the market date, each return explained in one sentence, the benchmark beside. */
export function PerformanceSection({ settings }: { settings: LedgerSettingsBody }) {
  const { t, i18n } = useTranslation(['portfolio']);
  const language = (i18n.language === 'fr' || i18n.language === 'es' ? i18n.language : 'en') as Language;
  const [benchmark, setBenchmark] = useState<string | undefined>(undefined);
  const performance = useRouteQuery(contract.portfolio.performance, {
    query: benchmark ? { benchmark } : {},
  });
  const result = performance.data;
  const max = result?.benchmark;
  return (
    <Card className="ledger__section" aria-labelledby="ledger-performance">
      <h2 id="ledger-performance">{t('portfolio:ledger.performance.title')}</h2>
      <SettingsForm key={`${settings.base_currency}-${settings.cost_method}`} settings={settings} />
      <BenchmarkChoice value={benchmark} onChange={setBenchmark} />
      {performance.isPending ? (
        <Flex gap="small" role="status">
          <Loader aria-hidden="true" />
          <Text>{t('portfolio:ledger.performance.loading')}</Text>
        </Flex>
      ) : null}
      {performance.isError ? (
        <Alert variation="error">
          {serverMessageOf(performance.error, i18n) ?? t('portfolio:ledger.performance.loadFailed')}
        </Alert>
      ) : null}
      {result ? (
        <>
          <Text>{t('portfolio:ledger.page.asOf', { date: formatDate(result.market_date, language) })}</Text>
          <GainsList result={result} language={language} />
          <HoldingsTable result={result} language={language} />
          <Text className="ledger__hint">{t('portfolio:ledger.gains.currencyEffectExplanation')}</Text>
          <ReturnsTable result={result} language={language} />
          <ul className="ledger__explanations">
            <li>{t('portfolio:ledger.returns.timeWeighted.explanation')}</li>
            <li>{t('portfolio:ledger.returns.moneyWeighted.explanation')}</li>
            <li>{t('portfolio:ledger.returns.whyTheyDiffer')}</li>
          </ul>
          {result.series.length > 1 ? (
            <Suspense fallback={<Loader aria-hidden="true" />}>
              <ValueChart
                series={result.series}
                currency={result.base_currency}
                benchmarkSymbol={max?.symbol ?? ''}
                language={language}
              />
            </Suspense>
          ) : null}
          {result.allocation.total_base !== 0 ? (
            <section aria-labelledby="ledger-allocation">
              <h3 id="ledger-allocation">{t('portfolio:ledger.allocation.title')}</h3>
              <Suspense fallback={<Loader aria-hidden="true" />}>
                <AllocationCharts
                  allocation={result.allocation}
                  currency={result.base_currency}
                  language={language}
                />
              </Suspense>
            </section>
          ) : null}
          {max ? (
            <div>
              <h3>
                {t('portfolio:ledger.benchmark.label')}
                <Text as="span" className="ledger__hint">
                  {t(`portfolio:ledger.periods.${max.period}`)}
                </Text>
              </h3>
              <Text>
                {t('portfolio:ledger.performance.portfolioLine', {
                  value:
                    percentOf(max.portfolio_time_weighted, language) ??
                    t('portfolio:ledger.performance.unavailable'),
                })}
              </Text>
              <Text>
                {t('portfolio:ledger.performance.benchmarkLine', {
                  symbol: max.symbol,
                  value:
                    percentOf(max.benchmark_time_weighted, language) ??
                    t('portfolio:ledger.performance.unavailable'),
                })}
              </Text>
            </div>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
