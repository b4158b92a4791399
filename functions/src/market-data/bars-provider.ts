import type { Bar, IsoDate } from '../engine/types';

/*
 * What the ingestion worker asks of a provider of daily prices. One folder per provider under
 * providers/ implements it (Yahoo's chart endpoint, CoinGecko, the replay of npm history); what a
 * caller may catch is SymbolNotListedError or ProviderUnavailableError (provider-errors.ts), nothing
 * provider-specific.
 */

/** A bar as the provider gave it: `closed` is false for a session still trading. */
export interface FetchedBar extends Bar {
  closed: boolean;
}

export interface ProviderSplit {
  date: IsoDate;
  /** New shares per old shares: a 4:1 split is 4 / 1. */
  numerator: number;
  denominator: number;
}

export interface FetchedSeries {
  /** The provider's own id of the instrument (Yahoo ticker, CoinGecko coin id). */
  providerId: string;
  /** In the provider's order, not yet validated (market-data/quality/bar-validation.ts does that). */
  bars: FetchedBar[];
  /** The provider's latest print, when it gives one beside the bars. */
  latest: { price: number; date: IsoDate; closed: boolean; volume: number | null } | null;
  name: string | null;
  currency: string | null;
  exchange: string | null;
  /** The provider's instrument type (Yahoo: EQUITY, ETF, INDEX, FUTURE, CURRENCY, CRYPTOCURRENCY). */
  instrumentType: string | null;
  /** Splits the provider reports inside the window: every earlier bar it serves is restated. */
  splits: ProviderSplit[];
  /** What the stored prices cite as their source, when more precise than the provider's title. */
  source?: string;
  /** Replay of OHLC series: the gap to the next bar's open (engine/types.ts SourceQuote.premarket_change). */
  premarket?: { change: number; date: IsoDate } | null;
}

/** Where a provider's numbers come from and on what terms: shown with every price it fills. */
export interface ProviderDescription {
  name: string;
  title: string;
  terms: string;
}

export interface BarsProvider {
  readonly description: ProviderDescription;
  /** How far back the provider serves daily history (CoinGecko's free tier: 365 days); null when unbounded. */
  readonly maxHistoryDays: number | null;
  /**
   * The provider's own today, when it is not the market's (the replay's clock date); absent for
   * live providers, whose today is the market calendar's (quality/market-calendar.ts).
   */
  currentDate?(now: Date): IsoDate;
  /** Bars with from <= date <= to (and the running session, when `to` is today). */
  fetchDailyBars(providerId: string, window: { from: IsoDate; to: IsoDate }): Promise<FetchedSeries>;
}
