import { Alert, Loader, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { DividendIncomeResponse } from '@app/shared/domain/entities/ledger-reports';
import type { Language } from '@app/shared/domain/enums';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteQuery } from '@/kit/api/route-query';
import { Card } from '@/kit/ui/card';
import { ScrollRegion } from '@/kit/ui/scroll-region';
import { IncomeCalendar } from './income-calendar';

const percentOf = (fraction: number, language: Language) =>
  formatPercent(fraction * 100, language, { maximumFractionDigits: 2 });

/** Each holding held: its trailing 12-month dividends per share times the shares held, and the yield on cost. */
function ProjectionTable({ result, language }: { result: DividendIncomeResponse; language: Language }) {
  const { t } = useTranslation(['portfolio']);
  const money = (amount: number) => formatMoney(amount, result.base_currency, language);
  const keys = ['shares', 'trailingPayments', 'perShare', 'expected', 'cost', 'yieldOnCost'] as const;
  return (
    <ScrollRegion label={t('portfolio:ledger.income.projectionTitle')}>
      <table className="ledger__table" data-testid="ledger-income-projection">
        <caption>{t('portfolio:ledger.income.projectionTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('portfolio:ledger.reports.symbol')}</th>
            {keys.map((key) => (
              <th key={key} scope="col">
                {t(`portfolio:ledger.income.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.projection.map((holding) => (
            <tr key={holding.symbol}>
              <th scope="row">{holding.symbol}</th>
              <td>{formatNumber(holding.quantity, language)}</td>
              <td>{holding.trailing_payments}</td>
              {holding.trailing_dividends_per_share_base === null ? (
                <td colSpan={2}>{t('portfolio:ledger.income.noHistory')}</td>
              ) : (
                <>
                  <td>{money(holding.trailing_dividends_per_share_base)}</td>
                  <td>{money(holding.projected_income_base ?? 0)}</td>
                </>
              )}
              <td>{money(holding.cost_base)}</td>
              <td>{holding.yield_on_cost === null ? '' : percentOf(holding.yield_on_cost, language)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {t('portfolio:ledger.income.total')}
            </th>
            <td>{money(result.projected_income_base)}</td>
            <td />
            <td>{result.yield_on_cost === null ? '' : percentOf(result.yield_on_cost, language)}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

/**
 * Dividend income ahead (shared/src/domain/ledger/README.md "Dividend income ahead"): the dividends
 * recorded, as a calendar and a table, and the next 12 months' income the last 12 months' would give.
 */
export function DividendIncomeSection() {
  const { t, i18n } = useTranslation(['portfolio']);
  const language = (i18n.language === 'fr' || i18n.language === 'es' ? i18n.language : 'en') as Language;
  const income = useRouteQuery(contract.portfolio.dividendIncome);
  const result = income.data;
  return (
    <Card className="ledger__section" aria-labelledby="ledger-dividend-income">
      <h2 id="ledger-dividend-income">{t('portfolio:ledger.income.title')}</h2>
      {income.isPending ? (
        <Text role="status">
          <Loader aria-hidden="true" /> {t('portfolio:ledger.income.loading')}
        </Text>
      ) : null}
      {income.isError ? (
        <Alert variation="error">
          {serverMessageOf(income.error, i18n) ?? t('portfolio:ledger.income.loadFailed')}
        </Alert>
      ) : null}
      {result ? (
        <>
          {result.calendar.length === 0 ? (
            <Text>{t('portfolio:ledger.income.noDividends')}</Text>
          ) : (
            <IncomeCalendar result={result} language={language} />
          )}
          <h3>{t('portfolio:ledger.income.projectionTitle')}</h3>
          <Text className="ledger__hint">
            {t('portfolio:ledger.income.projectionExplanation', {
              from: formatDate(result.trailing_from, language, 'UTC'),
              to: formatDate(result.market_date, language, 'UTC'),
            })}
          </Text>
          {result.projection.length > 0 ? <ProjectionTable result={result} language={language} /> : null}
        </>
      ) : null}
    </Card>
  );
}
