import { describe, expect, it } from 'vitest';
import { analyzeSymbol } from './analytics/analyze-symbol';
import { selectFundamentalsAsOf } from './point-in-time';
import { backfillDailyScores, describeScoreChange, type DailyScore } from './score-history';
import type { AnnualFundamentals, Bar } from './types';

/*
 * The backfill grades each day with only what was known that day. The series is built by hand so
 * that a later bar (a crash after the day) and a later filing (a loss-making year published after the
 * day) would each change the day's grade if they reached it: the test first shows they do when handed
 * to the analyser as if known, then that the backfill's day is the same with or without them.
 */

const DAY = 86_400_000;
const dateOf = (index: number) =>
  new Date(Date.parse('2020-01-01T00:00:00Z') + index * DAY).toISOString().slice(0, 10);

/** A calm rise of 0.3 % a day, with a small alternating wiggle so volatility is not zero. */
function calmBars(count: number): Bar[] {
  return Array.from({ length: count }, (_, index) => ({
    date: dateOf(index),
    close: 100 * 1.003 ** index * (index % 2 === 0 ? 1.002 : 0.998),
    volume: 1_000_000,
  }));
}

function report(periodEnding: string, overrides: Partial<AnnualFundamentals>): AnnualFundamentals {
  return {
    symbol: 'HAND',
    period_ending: periodEnding,
    fiscal_year: Number(periodEnding.slice(0, 4)),
    total_revenue: 100,
    net_income: 20,
    gross_margin_pct: 40,
    operating_margin_pct: 25,
    profit_margin_pct: 20,
    after_tax_roe_pct: 20,
    current_ratio: 2,
    total_liabilities: 50,
    total_equity: 100,
    long_term_debt: 20,
    short_term_debt: 5,
    earnings_per_share: 5,
    shares_outstanding: 100,
    ...overrides,
  };
}

// Fiscal 2018 and 2019: healthy, published 90 days after 2019-12-31 (2020-03-30), before the day.
const known = [report('2018-12-31', { total_revenue: 90, net_income: 18 }), report('2019-12-31', {})];
// Fiscal year to 2020-03-31, deeply loss-making: published 2020-06-29, after the day.
const laterFiling = report('2020-03-31', {
  total_revenue: 60,
  net_income: -40,
  operating_margin_pct: -30,
  profit_margin_pct: -60,
  after_tax_roe_pct: -40,
  current_ratio: 0.6,
  total_equity: 20,
  long_term_debt: 80,
});

const DAY_INDEX = 100; // 2020-04-10
const day = dateOf(DAY_INDEX);

describe('backfillDailyScores', () => {
  const original = calmBars(190); // to 2020-07-08, past the later filing's publication
  // After the day: a 60 % crash in a week, then flat.
  const crashed = original.map((bar, index) =>
    index <= DAY_INDEX
      ? bar
      : { ...bar, close: (original[DAY_INDEX] as Bar).close * (index < DAY_INDEX + 5 ? 0.7 : 0.4) },
  );

  it('the later bar and the later filing would change the day if they leaked (the test can fail)', () => {
    const honest = analyzeSymbol({
      symbol: 'HAND',
      bars: original.slice(0, DAY_INDEX + 1),
      fundamentals: selectFundamentalsAsOf(known, day),
      assetType: 'stock',
      asOf: day,
    }).nugget_scores;
    // The later filing handed over as if known on the day.
    const leakedFiling = analyzeSymbol({
      symbol: 'HAND',
      bars: original.slice(0, DAY_INDEX + 1),
      fundamentals: { latest: laterFiling, previous: known[1] as AnnualFundamentals, eps_split_factor: 1 },
      assetType: 'stock',
      asOf: day,
    }).nugget_scores;
    // The crash's bars relabelled as the days before the day (prices the day could not have seen).
    const leakedBars = analyzeSymbol({
      symbol: 'HAND',
      bars: crashed
        .slice(0, DAY_INDEX + 30)
        .map((bar, index, all) => ({ ...bar, date: dateOf(index - all.length + DAY_INDEX + 1) })),
      fundamentals: selectFundamentalsAsOf(known, day),
      assetType: 'stock',
      asOf: day,
    }).nugget_scores;
    expect(leakedFiling.investment_grade).not.toBe(honest.investment_grade);
    expect(leakedBars.investment_grade).not.toBe(honest.investment_grade);
  });

  it('grades each day the same whatever came after it: a later crash and a later filing change nothing', () => {
    const before = backfillDailyScores({
      symbol: 'HAND',
      assetType: 'stock',
      bars: original.slice(0, DAY_INDEX + 1),
      fundamentalsHistory: known,
    });
    const after = backfillDailyScores({
      symbol: 'HAND',
      assetType: 'stock',
      bars: crashed,
      fundamentalsHistory: [...known, laterFiling],
    });
    const byDate = new Map(after.map((score) => [score.date, score]));
    expect(before.length).toBe(DAY_INDEX + 1 - 63); // days 63..100 have the 64 bars of history
    for (const score of before) expect(byDate.get(score.date)).toEqual(score);
    // The later days do see the crash and the filing.
    const last = after.at(-1) as DailyScore;
    expect(last.date).toBe(dateOf(189));
    expect(last.composite).toBeLessThan((byDate.get(day) as DailyScore).composite);
  });

  it('grades only the days asked for, each from a window of history days', () => {
    const seen: string[] = [];
    const scores = backfillDailyScores(
      { symbol: 'HAND', assetType: 'stock', bars: original, fundamentalsHistory: known },
      {
        dates: new Set([day]),
        historyDays: 70,
        analyze: (input) => {
          seen.push(`${input.bars[0]?.date}..${input.bars.at(-1)?.date}`);
          return analyzeSymbol(input);
        },
      },
    );
    expect(scores.map((score) => score.date)).toEqual([day]);
    // 70 calendar days before 2020-04-10 is 2020-01-31 (index 30): 71 bars.
    expect(seen).toEqual([`${dateOf(30)}..${day}`]);
  });
});

describe('describeScoreChange', () => {
  const factor = (name: 'value' | 'risk', score: number, inputs: [string, number, number][]) => ({
    name,
    score,
    status: 'ok' as const,
    effective_weight: 0.25,
    higher_is_better: name !== 'risk',
    inputs: inputs.map(([input, value, inputScore]) => ({
      name: input,
      value,
      unit: 'ratio' as const,
      score: inputScore,
      weight: 0.5,
    })),
  });
  const dayScore = (
    date: string,
    composite: number,
    value: number,
    risk: number,
    pe: number,
    peScore: number,
  ): DailyScore => ({
    symbol: 'HAND',
    date,
    grade: composite >= 55 ? 'B' : 'B-',
    composite,
    price: 10,
    data_completeness: 1,
    factors: [
      factor('value', value, [
        ['pe_ratio', pe, peScore],
        ['dividend_yield', 2, 40],
      ]),
      factor('risk', risk, [['volatility_1month', 20, 30]]),
    ],
  });

  it('names the factor that moved, by how much, and the input behind it', () => {
    const change = describeScoreChange(
      dayScore('2020-01-02', 57, 60, 30, 15, 80),
      dayScore('2020-02-03', 52, 40, 30, 25, 40),
    );
    expect(change).toMatchObject({ grade_from: 'B', grade_to: 'B-', composite_delta: -5 });
    // value 60 -> 40: -20 points; x 0.25 = -5 composite points. Risk did not move.
    expect(change.factors).toHaveLength(1);
    expect(change.factors[0]).toMatchObject({
      name: 'value',
      from: 60,
      to: 40,
      delta: -20,
      composite_points: -5,
    });
    // pe_ratio's sub-score 80 -> 40 at half the weight: 0.5 x (40 - 80) = -20 factor points.
    expect(change.factors[0]?.inputs).toEqual([
      { name: 'pe_ratio', unit: 'ratio', from: 15, to: 25, factor_points: -20 },
    ]);
  });
});
