import { describe, expect, it } from 'vitest';
import { analyzePortfolio, buildPortfolioValueSeries, type HoldingAnalysisInput } from './portfolio-analysis';

const apple: HoldingAnalysisInput = {
  symbol: 'AAA',
  asset_type: 'stock',
  current_price: 100,
  as_of: '2018-05-11',
  composite_rationality_score: 80,
  investment_grade: 'A',
  recommendation: 'BUY',
  closes: [80, 100, 100, 100],
};
const coin: HoldingAnalysisInput = {
  symbol: 'CCC-USD',
  asset_type: 'crypto',
  current_price: 250,
  as_of: '2017-07-03',
  composite_rationality_score: 30,
  investment_grade: 'D',
  recommendation: 'STRONG_SELL',
  closes: [200, 300, 250],
};
/** A listing priced only by the undated snapshot: no history, no engine analysis. */
const gold: HoldingAnalysisInput = {
  symbol: 'GGG',
  asset_type: 'alternative',
  current_price: 20,
  as_of: null,
  composite_rationality_score: null,
  investment_grade: null,
  recommendation: null,
  closes: [],
};

describe('analyzePortfolio, hand-computed scenario', () => {
  // AAA: 10 + 5 shares merged = 15 x 100 = 1500; CCC-USD: 2 x 250 = 500; total 2000.
  const result = analyzePortfolio(
    [
      { symbol: 'AAA', shares: 10 },
      { symbol: 'ccc-usd', shares: 2 },
      { symbol: 'AAA', shares: 5 },
    ],
    [apple, coin],
    { marketDate: '2026-11-22' },
  );

  it('values, allocation and concentration', () => {
    expect(result.total_value).toBe(2000);
    expect(result.allocation).toEqual([
      { asset_type: 'stock', value: 1500, percent: 75 },
      { asset_type: 'crypto', value: 500, percent: 25 },
    ]);
    // 0.75^2 + 0.25^2 = 0.5625 + 0.0625
    expect(result.concentration).toEqual({
      largest_position_symbol: 'AAA',
      largest_position_percent: 75,
      herfindahl_index: 0.625,
    });
    expect(result.holdings).toEqual([
      { symbol: 'AAA', weight: 0.75, investment_grade: 'A', recommendation: 'BUY' },
      { symbol: 'CCC-USD', weight: 0.25, investment_grade: 'D', recommendation: 'STRONG_SELL' },
    ]);
  });

  it('weighted rationality score, grade and speculation exposure', () => {
    // 0.75 x 80 + 0.25 x 30 = 67.5 -> B+ (65 <= 67.5 < 75); D is HIGH speculation: 25 % of value.
    expect(result.rationality_score).toBe(67.5);
    expect(result.investment_grade).toBe('B+');
    expect(result.speculation_exposure_percent).toBe(25);
    expect(result.as_of).toBe('2018-05-11');
    expect(result.history_coverage_percent).toBe(100);
  });

  it('drawdown of the aligned value series; no volatility under 21 returns', () => {
    // Common window = 3 closes from the end: AAA 100,100,100; CCC 200,300,250.
    // P = 1500+400 = 1900, 1500+600 = 2100, 1500+500 = 2000; drawdown 2000/2100 - 1 = -4.7619 %.
    expect(result.max_drawdown).toBe(-4.76);
    expect(result.volatility_annualized).toBeNull();
  });
});

describe('holdings the engine cannot analyse (snapshot-priced)', () => {
  // AAA 15 x 100 = 1500, GGG 25 x 20 = 500: GGG counts in value and allocation only.
  const result = analyzePortfolio(
    [
      { symbol: 'AAA', shares: 15 },
      { symbol: 'GGG', shares: 25 },
    ],
    [apple, gold],
    { marketDate: '2026-11-22' },
  );

  it('is valued and allocated, but neither scored nor in the price-history figures', () => {
    expect(result.allocation).toEqual([
      { asset_type: 'stock', value: 1500, percent: 75 },
      { asset_type: 'alternative', value: 500, percent: 25 },
    ]);
    expect(result.rationality_score).toBe(80);
    expect(result.investment_grade).toBe('A');
    expect(result.history_coverage_percent).toBe(75);
    // AAA alone over its 4 closes: 80 -> 100 -> 100 -> 100, never below its running max.
    expect(result.max_drawdown).toBe(0);
    expect(result.speculation_exposure_percent).toBe(0);
    expect(result.holdings[1]).toEqual({
      symbol: 'GGG',
      weight: 0.25,
      investment_grade: null,
      recommendation: null,
    });
    expect(result.as_of).toBe('2018-05-11');
  });

  it('falls back to the given date when no price is dated', () => {
    const only = analyzePortfolio([{ symbol: 'GGG', shares: 1 }], [gold], { marketDate: '2026-11-22' });
    expect(only.as_of).toBe('2026-11-22');
    expect(only.rationality_score).toBeNull();
    expect(only.investment_grade).toBeNull();
    expect(only.volatility_annualized).toBeNull();
    expect(only.max_drawdown).toBeNull();
  });

  it('an empty portfolio is all zeros and nulls', () => {
    expect(analyzePortfolio([], [], { marketDate: '2026-11-22' })).toMatchObject({
      total_value: 0,
      allocation: [],
      concentration: { largest_position_symbol: null, largest_position_percent: 0, herfindahl_index: 0 },
      speculation_exposure_percent: 0,
      holdings: [],
    });
  });
});

describe('portfolio volatility', () => {
  // 22 closes alternating 100, 110: 11 returns of +10 % and 10 of -1/11.
  const alternating = Array.from({ length: 22 }, (_, i) => (i % 2 === 0 ? 100 : 110));
  const up = 0.1;
  const down = -1 / 11;
  const mean = (11 * up + 10 * down) / 21;
  const sampleStdev = Math.sqrt((11 * (up - mean) ** 2 + 10 * (down - mean) ** 2) / 20);

  it('annualises by 252 when a holding is not crypto', () => {
    const result = analyzePortfolio(
      [{ symbol: 'AAA', shares: 3 }],
      [{ ...apple, current_price: 110, closes: alternating }],
      { marketDate: '2026-11-22' },
    );
    expect(result.volatility_annualized).toBeCloseTo(sampleStdev * Math.sqrt(252) * 100, 2);
    // Peak 110 then 100: -9.09 %.
    expect(result.max_drawdown).toBe(-9.09);
  });

  it('annualises by 365 when every holding is crypto', () => {
    const result = analyzePortfolio(
      [{ symbol: 'CCC-USD', shares: 1 }],
      [{ ...coin, current_price: 110, closes: alternating }],
      { marketDate: '2026-11-22' },
    );
    expect(result.volatility_annualized).toBeCloseTo(sampleStdev * Math.sqrt(365) * 100, 2);
  });
});

describe('buildPortfolioValueSeries', () => {
  it('aligns histories by their last close and keeps the common length', () => {
    expect(
      buildPortfolioValueSeries([
        { shares: 2, closes: [1, 2, 3, 4] },
        { shares: 10, closes: [5, 6] },
      ]),
    ).toEqual([2 * 3 + 10 * 5, 2 * 4 + 10 * 6]);
  });
});
