import { describe, expect, it } from 'vitest';
import { ScreenerQuerySchema, type ScreenerRow } from '@app/shared/domain/entities/screener';
import { gatedFiltersOf, screenRows } from './screener-filter';

/** A row with neutral figures; each test states the ones it is about. */
function row(symbol: string, figures: Partial<ScreenerRow> = {}): ScreenerRow {
  return {
    symbol,
    name: `${symbol} Inc`,
    asset_type: 'stock',
    etf_category: null,
    sector: null,
    grade: 'B',
    score: 50,
    risk_level: 5,
    financial_health: 50,
    growth_quality: 50,
    value: 50,
    momentum: 50,
    momentum_3m: 0,
    dividend_yield: null,
    price: 10,
    change_percent: 0,
    as_of: '2017-01-01',
    ...figures,
  };
}

const query = (input: Record<string, unknown>) => ScreenerQuerySchema.parse(input);
const symbolsOf = (rows: readonly ScreenerRow[]) => rows.map((entry) => entry.symbol);

describe('screenRows', () => {
  const universe = [
    row('AAA', { grade: 'A+', score: 82, risk_level: 3, value: 71.5, sector: 'Finance' }),
    row('BBB', { grade: 'B-', score: 44, risk_level: 7, value: null, sector: 'finance' }),
    row('CCC', { grade: 'C', score: 35, risk_level: 9, value: 20 }),
    row('GLD', { asset_type: 'etf', etf_category: 'gold', grade: 'B+', score: 60, value: null }),
    row('TLT', {
      asset_type: 'etf',
      etf_category: 'bonds',
      grade: 'A',
      score: 70,
      risk_level: 2,
      value: 71.5,
    }),
  ];

  it('keeps the grades between grade_min and grade_max, ends included', () => {
    // Grades best first: A+, A, B+, B, B-, C, D. Between B- and A: A (TLT), B+ (GLD), B- (BBB).
    const page = screenRows(
      universe,
      query({ grade_min: 'B-', grade_max: 'A', sort: 'symbol', order: 'asc' }),
    );

    expect(symbolsOf(page.rows)).toEqual(['BBB', 'GLD', 'TLT']);
    expect(page.total).toBe(3);
  });

  it('a factor without data matches no range on it, even the whole 0-100', () => {
    const page = screenRows(universe, query({ value_min: 0, value_max: 100, sort: 'symbol', order: 'asc' }));

    expect(symbolsOf(page.rows)).toEqual(['AAA', 'CCC', 'TLT']);
  });

  it('a factor without data sorts last in both orders, ties broken by symbol', () => {
    const descending = screenRows(universe, query({ sort: 'value', order: 'desc' }));
    const ascending = screenRows(universe, query({ sort: 'value', order: 'asc' }));

    // Values: AAA 71.5, TLT 71.5 (tie: AAA first), CCC 20; BBB and GLD none.
    expect(symbolsOf(descending.rows)).toEqual(['AAA', 'TLT', 'CCC', 'BBB', 'GLD']);
    expect(symbolsOf(ascending.rows)).toEqual(['CCC', 'AAA', 'TLT', 'BBB', 'GLD']);
  });

  it('sorts grades by merit, not alphabetically', () => {
    const page = screenRows(universe, query({ sort: 'grade', order: 'desc' }));

    expect(symbolsOf(page.rows)).toEqual(['AAA', 'TLT', 'GLD', 'BBB', 'CCC']);
  });

  it('filters risk level, asset type, ETF category and sector (sector case-insensitive)', () => {
    expect(symbolsOf(screenRows(universe, query({ risk_min: 7, risk_max: 10 })).rows).sort()).toEqual([
      'BBB',
      'CCC',
    ]);
    expect(symbolsOf(screenRows(universe, query({ asset_type: 'etf' })).rows).sort()).toEqual(['GLD', 'TLT']);
    expect(symbolsOf(screenRows(universe, query({ etf_category: 'Gold' })).rows)).toEqual(['GLD']);
    expect(symbolsOf(screenRows(universe, query({ sector: 'FINANCE' })).rows).sort()).toEqual(['AAA', 'BBB']);
  });

  it('matches text in the symbol or the name', () => {
    const named = [
      row('XOM', { name: 'Exxon Mobil' }),
      row('MSFT', { name: 'Microsoft' }),
      row('AAPL', { name: 'Apple' }),
    ];

    expect(symbolsOf(screenRows(named, query({ q: 'mobil' })).rows)).toEqual(['XOM']);
    expect(symbolsOf(screenRows(named, query({ q: 'ms' })).rows)).toEqual(['MSFT']);
  });

  it('no dividend yield (replay) matches no dividend range', () => {
    expect(screenRows(universe, query({ dividend_yield_min: 0 })).total).toBe(0);
  });

  it('pages: the total counts every match, the page holds its slice', () => {
    const many = Array.from({ length: 23 }, (_, index) => row(`S${String(index).padStart(2, '0')}`));

    const third = screenRows(many, query({ sort: 'symbol', order: 'asc', page: 3, page_size: 10 }));

    // 23 rows, 10 a page: page 3 holds S20, S21, S22.
    expect(third.total).toBe(23);
    expect(symbolsOf(third.rows)).toEqual(['S20', 'S21', 'S22']);
  });
});

describe('ScreenerQuerySchema', () => {
  it.each([
    [{ risk_min: 11 }, 'risk_min'],
    [{ value_max: 101 }, 'value_max'],
    [{ risk_min: 6, risk_max: 4 }, 'risk_min'],
    [{ grade_min: 'A', grade_max: 'C' }, 'grade_min'],
    [{ sort: 'volume' }, 'sort'],
    [{ page_size: 0 }, 'page_size'],
  ])('refuses %o naming %s', (input, field) => {
    const result = ScreenerQuerySchema.safeParse(input);

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });
});

describe('gatedFiltersOf', () => {
  it('names the filters beyond the open ones, never paging or order', () => {
    const parsed = query({
      asset_type: 'stock',
      grade_min: 'B',
      sector: 'Finance',
      q: 'x',
      sort: 'value',
      page: 2,
    });

    expect(gatedFiltersOf(parsed, ['asset_type', 'grade_min', 'grade_max'])).toEqual(['sector', 'q']);
  });
});
