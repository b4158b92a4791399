import { GRADES } from '@app/shared/domain/enums';
import type { ScreenerQuery, ScreenerRow, ScreenerSortColumn } from '@app/shared/domain/entities/screener';

/**
 * The screener's filters, order and pages over the rows of one graded market date (docs/product.md
 * "Screener"). Pure: the rows are built once per date by screener-service.ts.
 *
 * A range on a figure the row lacks (a factor with no data, a missing dividend yield) never matches,
 * and a missing figure sorts last in either order, so "best value first" never opens with unscored
 * rows.
 */

type RangeKey =
  | 'risk_level'
  | 'financial_health'
  | 'growth_quality'
  | 'value'
  | 'momentum'
  | 'momentum_3m'
  | 'dividend_yield';

const RANGE_FILTERS: readonly (readonly [RangeKey, keyof ScreenerQuery, keyof ScreenerQuery])[] = [
  ['risk_level', 'risk_min', 'risk_max'],
  ['financial_health', 'financial_health_min', 'financial_health_max'],
  ['growth_quality', 'growth_quality_min', 'growth_quality_max'],
  ['value', 'value_min', 'value_max'],
  ['momentum', 'momentum_min', 'momentum_max'],
  ['momentum_3m', 'momentum_3m_min', 'momentum_3m_max'],
  ['dividend_yield', 'dividend_yield_min', 'dividend_yield_max'],
];

/** Grades best first: a higher rank is a better grade, so "grade" sorts like a score. */
const gradeRank = (grade: string) => GRADES.length - GRADES.indexOf(grade as (typeof GRADES)[number]);

const sameText = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

function withinRange(value: number | null, min: unknown, max: unknown): boolean {
  if (min === undefined && max === undefined) return true;
  if (value === null) return false;
  if (typeof min === 'number' && value < min) return false;
  if (typeof max === 'number' && value > max) return false;
  return true;
}

export function matchesScreen(row: ScreenerRow, query: Partial<ScreenerQuery>): boolean {
  if (query.asset_type && row.asset_type !== query.asset_type) return false;
  if (query.etf_category && !sameText(row.etf_category, query.etf_category)) return false;
  if (query.sector && !sameText(row.sector, query.sector)) return false;
  const rank = gradeRank(row.grade);
  if (query.grade_min && rank < gradeRank(query.grade_min)) return false;
  if (query.grade_max && rank > gradeRank(query.grade_max)) return false;
  for (const [column, min, max] of RANGE_FILTERS) {
    if (!withinRange(row[column], query[min], query[max])) return false;
  }
  if (query.q) {
    const text = query.q.toLowerCase();
    if (!row.symbol.toLowerCase().includes(text) && !row.name.toLowerCase().includes(text)) return false;
  }
  return true;
}

function sortValue(row: ScreenerRow, column: ScreenerSortColumn): string | number | null {
  if (column === 'grade') return gradeRank(row.grade);
  return row[column];
}

/** Orders by the column, missing values last in either direction, ties by symbol (stable pages). */
export function compareRows(column: ScreenerSortColumn, order: 'asc' | 'desc') {
  const direction = order === 'asc' ? 1 : -1;
  return (a: ScreenerRow, b: ScreenerRow): number => {
    const left = sortValue(a, column);
    const right = sortValue(b, column);
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
    } else if (left !== right) {
      const difference =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : String(left).localeCompare(String(right));
      if (difference !== 0) return difference * direction;
    }
    return a.symbol.localeCompare(b.symbol);
  };
}

export interface ScreenedPage {
  total: number;
  rows: ScreenerRow[];
}

/** The matching rows in order, cut to the query's page; `total` counts every match. */
export function screenRows(rows: readonly ScreenerRow[], query: ScreenerQuery): ScreenedPage {
  const matching = rows.filter((row) => matchesScreen(row, query));
  matching.sort(compareRows(query.sort, query.order));
  const start = (query.page - 1) * query.page_size;
  return { total: matching.length, rows: matching.slice(start, start + query.page_size) };
}

/** The query's filters outside the open ones (asset type and grade range): those a plan must include. */
export function gatedFiltersOf(query: Partial<ScreenerQuery>, open: readonly string[]): string[] {
  const paging = new Set(['sort', 'order', 'page', 'page_size']);
  return Object.entries(query)
    .filter(([key, value]) => value !== undefined && !paging.has(key) && !open.includes(key))
    .map(([key]) => key);
}
