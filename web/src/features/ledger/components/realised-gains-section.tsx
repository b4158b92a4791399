import { Alert, Button, Flex, Loader, SelectField, StepperField, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { RealisedGainsResponse } from '@app/shared/domain/entities/ledger-reports';
import type { Language } from '@app/shared/domain/enums';
import { COST_METHODS, type CostMethod } from '@app/shared/domain/ledger/ledger-vocabulary';
import { DEFAULT_LONG_TERM_MONTHS, MAX_LONG_TERM_MONTHS } from '@app/shared/domain/ledger/report-vocabulary';
import { formatDate, formatMoney, formatNumber } from '@app/shared/domain/rules/formatting';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { routeQueryOptions, useRouteQuery } from '@/kit/api/route-query';
import { Card } from '@/kit/ui/card';
import { ScrollRegion } from '@/kit/ui/scroll-region';
import { saveFile } from '@/kit/ui/save-file';

interface Choice {
  year?: number;
  method?: CostMethod;
  long_term_months: number;
}

function Totals({ result, language }: { result: RealisedGainsResponse; language: Language }) {
  const { t } = useTranslation(['portfolio']);
  const money = (amount: number) => formatMoney(amount, result.base_currency, language);
  return (
    <>
      <table className="ledger__table" data-testid="ledger-realised-years">
        <caption>{t('portfolio:ledger.reports.yearTotals')}</caption>
        <thead>
          <tr>
            {(['taxYear', 'proceeds', 'cost', 'gain', 'shortGain', 'longGain', 'withholding'] as const).map(
              (key) => (
                <th key={key} scope="col">
                  {t(`portfolio:ledger.reports.${key}`)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {result.years.map((year) => (
            <tr key={year.year}>
              <th scope="row">{year.year}</th>
              <td>{money(year.proceeds_base)}</td>
              <td>{money(year.cost_base)}</td>
              <td>{money(year.gain_base)}</td>
              <td>{money(year.short_term_gain_base)}</td>
              <td>{money(year.long_term_gain_base)}</td>
              <td>{money(year.dividend_withholding_base)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="ledger__table">
        <caption>{t('portfolio:ledger.reports.holdingTotals')}</caption>
        <thead>
          <tr>
            {(['symbol', 'proceeds', 'cost', 'gain', 'shortGain', 'longGain'] as const).map((key) => (
              <th key={key} scope="col">
                {t(`portfolio:ledger.reports.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.holdings.map((holding) => (
            <tr key={holding.symbol}>
              <th scope="row">{holding.symbol}</th>
              <td>{money(holding.proceeds_base)}</td>
              <td>{money(holding.cost_base)}</td>
              <td>{money(holding.gain_base)}</td>
              <td>{money(holding.short_term_gain_base)}</td>
              <td>{money(holding.long_term_gain_base)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Lots({ result, language }: { result: RealisedGainsResponse; language: Language }) {
  const { t } = useTranslation(['portfolio']);
  const money = (amount: number) => formatMoney(amount, result.base_currency, language);
  const keys = [
    'symbol',
    'sellDate',
    'buyDate',
    'quantity',
    'cost',
    'proceeds',
    'gain',
    'fees',
    'taxes',
  ] as const;
  if (result.lines.length === 0) return <Text>{t('portfolio:ledger.reports.noSales')}</Text>;
  return (
    <ScrollRegion label={t('portfolio:ledger.reports.lots')}>
      <table className="ledger__table" data-testid="ledger-realised-lines">
        <caption>{t('portfolio:ledger.reports.lots')}</caption>
        <thead>
          <tr>
            {[...keys, 'holdingDays' as const, 'term' as const].map((key) => (
              <th key={key} scope="col">
                {key === 'fees' || key === 'taxes'
                  ? t(`portfolio:ledger.reports.lines.${key}`)
                  : t(`portfolio:ledger.reports.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.lines.map((line, index) => (
            <tr key={index}>
              <th scope="row">{line.symbol}</th>
              <td>{formatDate(line.sell_date, language)}</td>
              <td>
                {formatDate(line.buy_date, language)}
                {line.estimated ? ` (${t('portfolio:ledger.reports.estimatedCost')})` : ''}
              </td>
              <td>{formatNumber(line.quantity, language)}</td>
              <td>{money(line.cost_base)}</td>
              <td>{money(line.proceeds_base)}</td>
              <td>{money(line.gain_base)}</td>
              <td>{money(line.fees_base)}</td>
              <td>{money(line.taxes_base)}</td>
              <td>{line.holding_days}</td>
              <td>{t(`portfolio:ledger.reports.${line.term === 'long' ? 'termLong' : 'termShort'}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Realised gains per tax year (README "Realised gains per tax year"), with the CSV download. */
export function RealisedGainsSection({ costMethod }: { costMethod: CostMethod }) {
  const { t, i18n } = useTranslation(['portfolio']);
  const language = (i18n.language === 'fr' || i18n.language === 'es' ? i18n.language : 'en') as Language;
  const [choice, setChoice] = useState<Choice>({ long_term_months: DEFAULT_LONG_TERM_MONTHS });
  const query = {
    ...(choice.year === undefined ? {} : { year: choice.year }),
    method: choice.method ?? costMethod,
    long_term_months: choice.long_term_months,
  };
  const gains = useRouteQuery(contract.portfolio.realisedGains, { query });
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState<string | null>(null);
  const result = gains.data;

  async function download() {
    setFailed(null);
    try {
      const file = await queryClient.fetchQuery(
        routeQueryOptions(contract.portfolio.exportRealisedGains, { query }, { staleTime: 0 }),
      );
      saveFile(file.content, file.filename, 'text/csv');
    } catch (error: unknown) {
      setFailed(serverMessageOf(error, i18n) ?? t('portfolio:ledger.reports.downloadFailed'));
    }
  }

  return (
    <Card className="ledger__section" aria-labelledby="ledger-realised-gains">
      <h2 id="ledger-realised-gains">{t('portfolio:ledger.reports.gainsTitle')}</h2>
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        <SelectField
          label={t('portfolio:ledger.reports.taxYear')}
          value={choice.year === undefined ? '' : String(choice.year)}
          onChange={(event) =>
            setChoice({ ...choice, year: event.target.value ? Number(event.target.value) : undefined })
          }
        >
          <option value="">{t('portfolio:ledger.reports.allYears')}</option>
          {(result?.years ?? []).map((year) => (
            <option key={year.year} value={year.year}>
              {year.year}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('portfolio:ledger.reports.method')}
          value={choice.method ?? costMethod}
          onChange={(event) => setChoice({ ...choice, method: event.target.value as CostMethod })}
        >
          {COST_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(`portfolio:ledger.costMethods.${method}`)}
            </option>
          ))}
        </SelectField>
        <StepperField
          label={t('portfolio:ledger.reports.longTermMonths')}
          min={1}
          max={MAX_LONG_TERM_MONTHS}
          value={choice.long_term_months}
          onStepChange={(value) => setChoice({ ...choice, long_term_months: value })}
        />
        <Button onClick={() => void download()}>{t('portfolio:ledger.reports.download')}</Button>
      </Flex>
      {failed ? <Text role="alert">{failed}</Text> : null}
      {gains.isPending ? <Loader aria-hidden="true" /> : null}
      {gains.isError ? (
        <Alert variation="error">
          {serverMessageOf(gains.error, i18n) ?? t('portfolio:ledger.reports.loadFailed')}
        </Alert>
      ) : null}
      {result ? (
        <>
          <Text className="ledger__hint">{t('portfolio:ledger.reports.gainsExplanation')}</Text>
          <Totals result={result} language={language} />
          <Lots result={result} language={language} />
        </>
      ) : null}
    </Card>
  );
}
