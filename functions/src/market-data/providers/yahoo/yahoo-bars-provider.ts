import type { IsoDate } from '../../../engine/types';
import type { BarsProvider, FetchedSeries, ProviderDescription } from '../../bars-provider';
import { ProviderUnavailableError, SymbolNotListedError } from '../../provider-errors';
import { getProviderJson, type ProviderClientOptions } from '../http/ingestion-errors';
import { buildChartUrl, parseYahooChart, YahooNotFoundError, YahooResponseError } from './yahoo-chart';

/*
 * Daily bars from Yahoo Finance's chart endpoint for the ingestion worker (URL and answer shape in
 * yahoo-chart.ts): stocks, ETFs, indices (^GSPC), futures (GC=F), FX pairs (EURUSD=X) and coins as
 * Yahoo lists them (BTC-USD). One request per symbol and window; the guard spaces requests and keeps
 * the shared breaker. A bar is `closed` unless it is the exchange's current session and that session
 * has not ended (meta.currentTradingPeriod.regular).
 */

export const YAHOO_DESCRIPTION: ProviderDescription = {
  name: 'yahoo',
  title: 'Yahoo Finance (chart endpoint)',
  terms: 'Unofficial public endpoint, no key; it may throttle (429) or refuse address ranges.',
};

export interface YahooBarsProviderOptions extends ProviderClientOptions {
  /** LIVE_QUOTE_BASE_URL, e.g. https://query1.finance.yahoo.com/v8/finance/chart */
  baseUrl: string;
  now: () => Date;
}

export function createYahooBarsProvider(options: YahooBarsProviderOptions): BarsProvider {
  return {
    description: YAHOO_DESCRIPTION,
    maxHistoryDays: null,
    async fetchDailyBars(symbol: string, window: { from: IsoDate; to: IsoDate }): Promise<FetchedSeries> {
      const url = buildChartUrl(options.baseUrl, symbol, window);
      // An unknown symbol answers 404 with Yahoo's "Not Found" chart error: parse it.
      const body = await getProviderJson(YAHOO_DESCRIPTION.name, symbol, url, options, {
        timeoutMs: 8_000,
        bodyStatuses: [404],
      });
      try {
        const chart = parseYahooChart(body, symbol);
        const nowSeconds = options.now().getTime() / 1000;
        const session = chart.regularSession;
        const isClosed = (date: IsoDate) =>
          session === null
            ? date < options.now().toISOString().slice(0, 10)
            : date < session.date || nowSeconds >= session.endsAt;
        return {
          providerId: symbol,
          bars: chart.bars
            .filter((bar) => bar.date >= window.from && bar.date <= window.to)
            .map((bar) => ({ ...bar, closed: isClosed(bar.date) })),
          latest:
            chart.regularMarketPrice !== null && chart.regularMarketDate !== null
              ? {
                  price: chart.regularMarketPrice,
                  date: chart.regularMarketDate,
                  closed: isClosed(chart.regularMarketDate),
                  volume: chart.regularMarketVolume,
                }
              : null,
          name: chart.name,
          currency: chart.currency,
          exchange: chart.exchange,
          instrumentType: chart.instrumentType,
          splits: chart.splits,
        };
      } catch (error: unknown) {
        if (error instanceof YahooNotFoundError) {
          throw new SymbolNotListedError(YAHOO_DESCRIPTION.name, symbol, 'unknown', error.message);
        }
        if (error instanceof YahooResponseError) {
          throw new ProviderUnavailableError(YAHOO_DESCRIPTION.name, null, 'failing', error.message);
        }
        throw error;
      }
    },
  };
}
