import { analyzeSymbol } from './analytics/analyze-symbol';
import { addCalendarDays, selectFundamentalsAsOf } from './point-in-time';
import type {
  AnalyzeSymbolInput,
  AnnualFundamentals,
  AssetType,
  Bar,
  IsoDate,
  PointInTimeFundamentals,
  SymbolAnalysis,
} from './types';

/*
 * One symbol graded on one past day with only what was known that day: the bars up to that day (the
 * analyser is handed a slice that ends there) and the annual reports published by then. The month-end
 * backtest (backtest.ts) and the daily score history (score-history.ts) both grade through here.
 */

export interface PointInTimeSymbol {
  symbol: string;
  assetType: AssetType;
  bars: readonly Bar[];
  /** Every fiscal year of the company; the analysis picks those published by each date. */
  fundamentalsHistory?: readonly AnnualFundamentals[];
  /**
   * Or what was known on a date, decided by the caller (live: the SEC facts filed by then,
   * market-data/providers/sec-edgar/sec-fundamentals.ts). Takes precedence over the history.
   */
  fundamentalsAt?: (date: IsoDate) => PointInTimeFundamentals | null;
}

export interface PointInTimeOptions {
  /** Calendar days of bars the analyser sees before the day (the live card's window); all when absent. */
  historyDays?: number;
  /** Injected so tests can watch what the analyser is given. */
  analyze?: (input: AnalyzeSymbolInput) => SymbolAnalysis;
}

/** The fundamentals known on `date`: the caller's point-in-time reader, or the published history. */
export function fundamentalsKnownOn(entry: PointInTimeSymbol, date: IsoDate): PointInTimeFundamentals | null {
  return entry.fundamentalsAt
    ? entry.fundamentalsAt(date)
    : selectFundamentalsAsOf(entry.fundamentalsHistory, date);
}

/** The analysis of `entry` on the date of `entry.bars[index]`, from bars up to that index only. */
export function analyzeAtIndex(
  entry: PointInTimeSymbol,
  index: number,
  options: PointInTimeOptions = {},
): SymbolAnalysis {
  const day = (entry.bars[index] as Bar).date;
  let bars = entry.bars.slice(0, index + 1);
  if (options.historyDays !== undefined) {
    const from = addCalendarDays(day, -options.historyDays);
    bars = bars.filter((bar) => bar.date >= from);
  }
  return (options.analyze ?? analyzeSymbol)({
    symbol: entry.symbol,
    bars,
    fundamentals: fundamentalsKnownOn(entry, day),
    assetType: entry.assetType,
    asOf: day,
  });
}
