import { GRADES } from '@app/shared/domain/enums';
import {
  SCREENER_FACTORS,
  SCREENER_OPEN_FILTERS,
  type ScreenerSortColumn,
} from '@app/shared/domain/entities/screener';

/**
 * The screener's form as the page keeps it (text of each input, '' when unset) and the query it sends
 * (docs/product.md "Screener"): only what is set, numbers as numbers.
 */

const FACTOR_MIN_FIELDS = SCREENER_FACTORS.map((factor) => `${factor}_min` as const);

export const FILTER_FIELDS = [
  'asset_type',
  'grade_min',
  'grade_max',
  'etf_category',
  'sector',
  'risk_min',
  'risk_max',
  ...FACTOR_MIN_FIELDS,
  'momentum_3m_min',
  'q',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type FilterForm = Record<FilterField, string>;

export const EMPTY_FORM = Object.fromEntries(FILTER_FIELDS.map((field) => [field, ''])) as FilterForm;

const TEXT_FIELDS: ReadonlySet<FilterField> = new Set([
  'asset_type',
  'grade_min',
  'grade_max',
  'etf_category',
  'sector',
  'q',
]);

export const GRADE_OPTIONS = GRADES;

/** Whether a field is open to every plan (the others need the plan's screener filters). */
export const isOpenFilter = (field: FilterField) =>
  (SCREENER_OPEN_FILTERS as readonly string[]).includes(field);

export interface ScreenState {
  form: FilterForm;
  sort: ScreenerSortColumn;
  order: 'asc' | 'desc';
  page: number;
}

export const PAGE_SIZE = 25;

/** The request for a state: the set fields only; a plan without all filters sends only the open ones. */
export function queryOf(state: ScreenState, allFilters: boolean): Record<string, string | number> {
  const query: Record<string, string | number> = {
    sort: state.sort,
    order: state.order,
    page: state.page,
    page_size: PAGE_SIZE,
  };
  for (const field of FILTER_FIELDS) {
    const value = state.form[field].trim();
    if (value === '' || (!allFilters && !isOpenFilter(field))) continue;
    query[field] = TEXT_FIELDS.has(field) ? value : Number(value);
  }
  return query;
}

/** A new sort column starts descending (best first); the same column flips its order. */
export function nextSort(state: ScreenState, column: ScreenerSortColumn): ScreenState {
  if (state.sort === column) return { ...state, order: state.order === 'asc' ? 'desc' : 'asc', page: 1 };
  return {
    ...state,
    sort: column,
    order: column === 'symbol' || column === 'name' ? 'asc' : 'desc',
    page: 1,
  };
}
