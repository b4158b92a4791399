import { MIN_HISTORY_BARS } from '../engine/backtest';
import { addCalendarDays } from '../engine/point-in-time';
import { backfillDailyScores, dailyScoreOf, type DailyScore } from '../engine/score-history';
import type { IsoDate } from '../engine/types';
import { ANALYSIS_HISTORY_DAYS } from '../market-data/market-engine';
import type { SymbolPoll } from './price-poll-context';

/*
 * The score history's daily writer (engine/README.md "Score history"), a step of the price poll: the
 * poll already holds the day's analysis of every symbol, in replay and live mode alike (the ingestion
 * worker only stores bars). The day's own analysis is kept as it is; the days of the poll's window
 * before the first stored day (a new series, the first run) are backfilled point in time, each from
 * the bars up to it (the same ANALYSIS_HISTORY_DAYS the card reads) and the fundamentals known by it.
 * A stored day is never written again (score-history-repository.ts). At most SCORE_BACKFILL_DAYS_PER_RUN
 * earlier days are backfilled per symbol and run, newest first: the replayed universe's first poll
 * stays short, and the history fills in over the next runs.
 *
 * Live, a day is kept once its bar is final: the day before the market date (the UTC day) and earlier.
 */
export async function recordScoreHistory(poll: SymbolPoll): Promise<void> {
  const repository = poll.deps.scoreHistory;
  if (!repository || poll.quote.stale || poll.window.length === 0) return;
  const { engine } = poll.deps;
  const live = engine.dataMode === 'live';
  const lastFinal: IsoDate = live ? addCalendarDays(poll.marketDate.date, -1) : poll.quote.as_of;
  const range = await repository.getRange(poll.info.symbol);
  const missing = poll.window
    .map((bar) => bar.date)
    .filter((date) => date <= lastFinal && (!range || date < range.from || date > range.through));
  // A first run over hundreds of symbols backfills a bounded number of days each (the newest first,
  // so the stored range stays contiguous); the next runs go on further back.
  const budget = poll.deps.scoreBackfillDaysPerRun ?? Infinity;
  const older = missing.filter((date) => !range || date < range.from);
  const wanted = new Set([
    ...older.slice(Math.max(0, older.length - budget)),
    ...missing.filter((date) => range && date > range.through),
  ]);
  if (wanted.size === 0) return;

  const today = poll.analysis.price_date;
  const toStore: DailyScore[] = [];
  // The day's own analysis, once it has the backtest's minimum of history (as every backfilled day).
  if (!live && wanted.has(today)) {
    if (poll.window.length >= MIN_HISTORY_BARS) toStore.push(dailyScoreOf(poll.analysis));
    wanted.delete(today);
  }
  if (wanted.size > 0) {
    const first = [...wanted].sort()[0] as IsoDate;
    const bars = await engine.source.provider.getDailyBars(
      poll.info.symbol,
      addCalendarDays(first, -ANALYSIS_HISTORY_DAYS),
      lastFinal,
    );
    const known = new Map<IsoDate, Awaited<ReturnType<typeof engine.source.fundamentalsFor>>>();
    for (const date of wanted) known.set(date, await engine.source.fundamentalsFor(poll.info.ticker, date));
    toStore.push(
      ...backfillDailyScores(
        {
          symbol: poll.info.symbol,
          assetType: poll.info.asset_type,
          bars,
          fundamentalsAt: (date) => known.get(date) ?? null,
        },
        { dates: wanted, historyDays: ANALYSIS_HISTORY_DAYS },
      ),
    );
  }
  await repository.putNewDays(poll.info.symbol, toStore);
}
