import { useTranslation } from 'react-i18next';
import type { PerformanceResponse } from '@app/shared/domain/entities/ledger';
import type { Language } from '@app/shared/domain/enums';
import { formatMoney, formatNumber } from '@app/shared/domain/rules/formatting';
import { formatMarketDate } from '@/kit/market/market-date';

/** Quantities to the ledger's smallest amount (1e-8), as entered. */
const QUANTITY_DECIMALS = 8;

/**
 * The open positions at the market date, as the portfolio page lists them (docs/product.md "One
 * valuation"): each valued position with its value and cost, and each position without a dated
 * close with its quantity and "No data on <date>", counted in no total.
 */
export function HoldingsTable({ result, language }: { result: PerformanceResponse; language: Language }) {
  const { t } = useTranslation(['portfolio', 'common']);
  if (result.holdings.length === 0 && result.unpriced_holdings.length === 0) return null;
  const money = (amount: number) => formatMoney(amount, result.base_currency, language);
  return (
    <table className="ledger__table">
      <caption>{t('portfolio:ledger.performance.holding')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('portfolio:ledger.performance.holding')}</th>
          <th scope="col">{t('portfolio:ledger.performance.quantity')}</th>
          <th scope="col">{t('portfolio:ledger.performance.value')}</th>
          <th scope="col">{t('portfolio:ledger.performance.cost')}</th>
        </tr>
      </thead>
      <tbody>
        {result.holdings.map((holding) => (
          <tr key={holding.symbol} data-testid={`ledger-holding-${holding.symbol}`}>
            <th scope="row">{holding.symbol}</th>
            <td>{formatNumber(holding.quantity, language, QUANTITY_DECIMALS)}</td>
            <td>{money(holding.value_base)}</td>
            <td>
              {money(holding.cost_base)}
              {holding.estimated ? (
                <span className="ledger__hint">{t('portfolio:ledger.performance.estimated')}</span>
              ) : null}
            </td>
          </tr>
        ))}
        {result.unpriced_holdings.map((holding) => (
          <tr key={holding.symbol} data-testid={`ledger-holding-${holding.symbol}`}>
            <th scope="row">{holding.symbol}</th>
            <td>{formatNumber(holding.quantity, language, QUANTITY_DECIMALS)}</td>
            <td colSpan={2}>
              {t('common:replay.noDataOn', { date: formatMarketDate(holding.no_data_on, language) })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
