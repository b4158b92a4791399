import type { FeedHealth, FeedHealthRepository } from './feed-health-repository';
import type { FeedSummaryRepository } from './feed-summary-repository';
import { PRICE_POLL_JOB, type JobRunRecord, type JobRunsRepository } from './job-runs-repository';
import type { PricesRepository } from './prices-repository';
import type { StoredQuote } from './stored-prices';

/*
 * The price feed's state as the monitors read it (the ai health check, the admin dashboard): the last
 * price-poll run, every symbol's feed health and the stored quotes of the symbols asked for. From the
 * feed summary the poll writes after each run (feed-summary-repository.ts) when there is one: one
 * Query. Falls back to the per-symbol items (the run record, a Query, BatchGets of 100 quotes) before
 * the first summary, for the symbols the summary did not look up, and, for the quotes, when they are
 * written between runs (live: the ingestion worker stores them, so the summary's would be older).
 */

export interface FeedStateDeps {
  /** Absent in some unit tests: the per-symbol items are read. */
  feedSummary?: Pick<FeedSummaryRepository, 'getSummary'>;
  feedHealth: Pick<FeedHealthRepository, 'listFeedHealth'>;
  prices: Pick<PricesRepository, 'getQuotes'>;
  jobRuns: Pick<JobRunsRepository, 'getLastJobRun'>;
}

export interface FeedState {
  lastRun: JobRunRecord | null;
  health: FeedHealth[];
  quotes: Map<string, StoredQuote>;
}

/** Which quotes to read: a list, or the symbols of the health rows (the admin dashboard's). */
export type QuotedSymbols = readonly string[] | ((health: readonly FeedHealth[]) => readonly string[]);

const quotesOf = async (prices: FeedStateDeps['prices'], symbols: readonly string[]) =>
  symbols.length > 0 ? prices.getQuotes(symbols) : new Map<string, StoredQuote>();

export async function readFeedState(
  deps: FeedStateDeps,
  quoted: QuotedSymbols,
  options: { quotesWrittenBetweenRuns: boolean },
): Promise<FeedState> {
  const summary = deps.feedSummary ? await deps.feedSummary.getSummary() : null;
  if (!summary) {
    if (typeof quoted !== 'function') {
      const [lastRun, health, quotes] = await Promise.all([
        deps.jobRuns.getLastJobRun(PRICE_POLL_JOB),
        deps.feedHealth.listFeedHealth(),
        quotesOf(deps.prices, quoted),
      ]);
      return { lastRun, health, quotes };
    }
    const [lastRun, health] = await Promise.all([
      deps.jobRuns.getLastJobRun(PRICE_POLL_JOB),
      deps.feedHealth.listFeedHealth(),
    ]);
    return { lastRun, health, quotes: await quotesOf(deps.prices, quoted(health)) };
  }
  const symbols = typeof quoted === 'function' ? quoted(summary.health) : quoted;
  if (options.quotesWrittenBetweenRuns)
    return { lastRun: summary.job_run, health: summary.health, quotes: await quotesOf(deps.prices, symbols) };
  const looked = new Set(summary.symbols);
  const stored = new Map(summary.quotes.map((quote) => [quote.symbol, quote]));
  const quotes = await quotesOf(
    deps.prices,
    symbols.filter((symbol) => !looked.has(symbol)),
  );
  for (const symbol of symbols) {
    const quote = stored.get(symbol);
    if (quote) quotes.set(symbol, quote);
  }
  return { lastRun: summary.job_run, health: summary.health, quotes };
}
