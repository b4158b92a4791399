import { localeFor, numberFormat } from '@app/shared/domain/rules/formatting';
import type { Language } from '@app/shared/domain/enums';
import figures from './backtest-figures.generated.json';
import type { BacktestFigures, BacktestPeriod, GradeRow } from './backtest-figures';

/*
 * The few backtest figures the marketing pages state (home, about), read from the generated figures
 * (backtest-figures.ts), so a claim can only say what the committed backtest measured. The top
 * bucket is A+/A, the bottom D (functions/src/engine/README.md "Backtest").
 */

export const BACKTEST_FIGURES = figures as BacktestFigures;
export const BACKTEST_ANCHOR = '/methodology#backtest';

function bucket(period: BacktestPeriod, name: string): GradeRow | undefined {
  return BACKTEST_FIGURES.periods[period].grades_3m.find((row) => row.bucket === name);
}

/** A figure with exactly `digits` decimals in the reader's locale; a dash when the backtest has none. */
export function formatFixed(value: number | null | undefined, language: Language, digits = 2): string {
  if (value === null || value === undefined) return '—';
  return numberFormat(localeFor(language), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A percentage with one decimal, e.g. "7.2%" ("7,2 %" in French). */
export function formatFixedPercent(value: number | null | undefined, language: Language, digits = 1): string {
  if (value === null || value === undefined) return '—';
  return numberFormat(localeFor(language), {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value / 100);
}

const fall = (value: number | null | undefined) =>
  value === null || value === undefined ? value : Math.abs(value);

/** 3-month maximum drawdowns of A+/A and of D over a period, as the size of the fall ("fell 7.2%"). */
export function drawdownClaim(period: BacktestPeriod, language: Language) {
  return {
    topDrawdown: formatFixedPercent(fall(bucket(period, 'A+/A')?.forward_max_drawdown), language),
    bottomDrawdown: formatFixedPercent(fall(bucket(period, 'D')?.forward_max_drawdown), language),
  };
}

/** What the home page says: the universe, the out-of-sample 3-month A-minus-D spread and its t, the drawdowns. */
export function homeClaim(language: Language) {
  const { universe } = BACKTEST_FIGURES;
  const spread = BACKTEST_FIGURES.periods.out_of_sample.long_short.grade['3'];
  return {
    key: BACKTEST_FIGURES.predictive_out_of_sample ? 'stats.bodyPredictive' : 'stats.bodyNotPredictive',
    values: {
      symbols: formatFixed(universe.symbols, language, 0),
      monthEnds: formatFixed(universe.month_ends, language, 0),
      from: universe.first_month_end,
      to: universe.last_month_end,
      spread: formatFixed(spread.mean, language),
      t: formatFixed(spread.t_statistic, language),
      ...drawdownClaim('out_of_sample', language),
    },
  } as const;
}
