import { describe, expect, it } from 'vitest';
import type { GradedSymbol } from '../data/market-day-repository';
import type { FactorScore, SymbolAnalysis, SymbolInfo } from '../engine/types';
import { buildScreenedDay } from './screener-service';

const info = (symbol: string, figures: Partial<SymbolInfo> = {}): SymbolInfo => ({
  symbol,
  ticker: symbol,
  name: `${symbol} name`,
  asset_type: 'stock',
  frequency: 'daily',
  has_ohlc: true,
  has_volume: true,
  first_date: '2007-01-03',
  last_date: '2017-11-10',
  source: { origin: 'replay' } as SymbolInfo['source'],
  ...figures,
});

const factor = (name: FactorScore['name'], score: number, status: FactorScore['status'] = 'ok') =>
  ({ name, score, status }) as FactorScore;

/** A stored grade with the figures the screener reads; the rest of an analysis is not read. */
function graded(symbol: string, value: FactorScore['status'] = 'ok'): GradedSymbol {
  const analysis = {
    risk_metrics: { momentum_3m: 4.5 },
    nugget_scores: {
      investment_grade: 'B+',
      composite_rationality_score: 66.2,
      risk_score: 34,
      factors: [
        factor('financial_health', 71),
        factor('growth_quality', 58),
        factor('value', 50, value),
        factor('momentum', 62),
        factor('risk', 34),
      ],
    },
  } as unknown as SymbolAnalysis;
  return {
    quote: { symbol, price: 41.5, as_of: '2016-12-30', change_percent: 0.8 } as GradedSymbol['quote'],
    analysis,
  };
}

describe('buildScreenedDay', () => {
  it('rows from the stored grades: funds by ETF category, stocks by sector, no-data factors null', () => {
    const universe = [
      info('JPM', { category: 'Finance' }),
      info('TLT', { category: 'bonds' }),
      info('GLD', { asset_type: 'alternative', category: 'gold' }),
      info('EURUSD=X'),
      info('DXC', { category: 'Technology services' }),
      info('NEW'),
    ];
    const day = new Map<string, GradedSymbol>([
      ['JPM', graded('JPM', 'no_data')],
      ['TLT', graded('TLT')],
      ['GLD', graded('GLD')],
      ['EURUSD=X', { ...graded('EURUSD=X'), analysis: null }],
      // DXC: no price on the date, so not in the graded day. NEW: quoted, not graded.
      ['NEW', { ...graded('NEW'), analysis: null }],
    ]);

    const screened = buildScreenedDay(universe, day, () => null);

    expect(screened.rows.map((row) => [row.symbol, row.asset_type, row.etf_category, row.sector])).toEqual([
      ['JPM', 'stock', null, 'Finance'],
      ['TLT', 'etf', 'bonds', null],
      ['GLD', 'etf', 'gold', null],
    ]);
    const jpm = screened.rows[0]!;
    // Risk score 34 -> level 3 (34 / 10 rounded); the value factor had no data: null, not its neutral 50.
    expect(jpm).toMatchObject({
      grade: 'B+',
      score: 66.2,
      risk_level: 3,
      financial_health: 71,
      value: null,
      momentum: 62,
      momentum_3m: 4.5,
      dividend_yield: null,
      price: 41.5,
    });
    expect(screened.rows[1]!.value).toBe(50);
    expect(screened.etfCategories).toEqual(['bonds', 'gold']);
    expect(screened.sectors).toEqual(['Finance']);
  });
});
