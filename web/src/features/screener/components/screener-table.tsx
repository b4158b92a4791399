import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Language } from '@app/shared/domain/enums';
import {
  SCREENER_SORT_COLUMNS,
  type ScreenerRow,
  type ScreenerSortColumn,
} from '@app/shared/domain/entities/screener';
import { formatCurrency, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';

/** The columns shown, in order: every column the screener sorts by; each header sorts by its own. */
const COLUMNS = SCREENER_SORT_COLUMNS;

export interface ScreenerTableProps {
  rows: readonly ScreenerRow[];
  sort: ScreenerSortColumn;
  order: 'asc' | 'desc';
  language: Language;
  onSort: (column: ScreenerSortColumn) => void;
  /** The address of a row's explained score. */
  explainHref: (symbol: string) => string;
  /** A control at the end of each row (another feature's, such as "add to watchlist"); none without it. */
  rowAction?: ((symbol: string) => ReactNode) | undefined;
}

export function ScreenerTable({
  rows,
  sort,
  order,
  language,
  onSort,
  explainHref,
  rowAction,
}: ScreenerTableProps) {
  const { t } = useTranslation('screener');
  const noData = t('noData');
  const score = (value: number | null) => (value === null ? noData : formatNumber(value, language, 0));
  const percent = (value: number | null) =>
    value === null ? noData : formatPercent(value, language, { signed: true, maximumFractionDigits: 1 });

  const cell = (row: ScreenerRow, column: ScreenerSortColumn) => {
    switch (column) {
      case 'symbol':
        return (
          <Link to={explainHref(row.symbol)} aria-label={t('explain', { symbol: row.symbol })}>
            {row.symbol}
          </Link>
        );
      case 'name':
        return row.name;
      case 'asset_type':
        return t(`assetTypes.${row.asset_type}`);
      case 'sector':
        return row.etf_category
          ? t(`etfCategories.${row.etf_category}`, row.etf_category)
          : (row.sector ?? noData);
      case 'grade':
        return row.grade;
      case 'risk_level':
        return formatNumber(row.risk_level, language, 0);
      case 'momentum_3m':
      case 'change_percent':
      case 'dividend_yield':
        return percent(row[column]);
      case 'price':
        return formatCurrency(row.price, language);
      default:
        return score(row[column]);
    }
  };

  return (
    <div className="screener__scroll">
      <table className="screener__table">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                <button
                  type="button"
                  className="screener__sort"
                  onClick={() => onSort(column)}
                  title={t('sortBy', { column: t(`columns.${column}`) })}
                >
                  {t(`columns.${column}`)}
                  {sort === column ? <span aria-hidden="true">{order === 'asc' ? ' ▲' : ' ▼'}</span> : null}
                </button>
              </th>
            ))}
            {rowAction ? <th scope="col" /> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.symbol} data-testid="screener-row">
              {COLUMNS.map((column) => (
                <td key={column}>{cell(row, column)}</td>
              ))}
              {rowAction ? <td>{rowAction(row.symbol)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
