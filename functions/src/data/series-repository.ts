import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AssetType, IsoDate } from '../engine/types';
import { batchGetAll, batchPutAll, putIfVersion, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';

/*
 * The state of every tracked series, one item per symbol under pk=SERIES (access patterns:
 * infra/README.md "The stored market"). The ingestion planner reads them all to decide what is due;
 * the worker records each fetch's outcome; the read path and the admin monitor read them.
 *
 * | Pattern                      | Key                                                       |
 * | ---------------------------- | --------------------------------------------------------- |
 * | one series                   | GetItem pk=SERIES, sk=<symbol>                            |
 * | every tracked series         | Query pk=SERIES                                           |
 * | record a fetch, once         | PutItem pk=SERIES, sk=<symbol>, conditioned on `version`  |
 */

/** `unknown` and `delisted` series are not fetched again until someone asks for them anew. */
export type SeriesStatus = 'pending' | 'active' | 'unknown' | 'delisted';
/** Which sessions a series is expected to have (market-data/quality/market-calendar.ts). */
export type MarketCalendarName = 'nyse' | 'euronext' | 'fx' | 'crypto';
export type AssetClass = 'equity' | 'etf' | 'index' | 'crypto' | 'fx' | 'commodity';

/** A quality finding on a series, by code (texts in the i18n resources: marketQuality.<code>). */
export interface SeriesQualityFlag {
  code: string;
  /** The bar or session it is about, when there is one. */
  date?: IsoDate;
  /** A figure the text shows (days missed, the move in percent...). */
  value?: number;
}

export interface SeriesState {
  symbol: string;
  name: string;
  /** Provider that fills the series ('yahoo', 'coingecko', 'replay') and its own id of the instrument. */
  provider: string;
  provider_id: string;
  asset_type: AssetType;
  asset_class: AssetClass;
  calendar: MarketCalendarName;
  mode: 'live' | 'replay';
  status: SeriesStatus;
  /** Why the status is unknown or delisted, in the provider's words. */
  status_reason: string | null;
  /** Contiguous range of stored bars. */
  first_date: IsoDate | null;
  last_date: IsoDate | null;
  /** The earliest date a fetch ever asked the provider for (history before it was never requested). */
  history_from: IsoDate | null;
  /** Date of the latest price (the quote's bar). */
  as_of: IsoDate | null;
  /** Bars present over bars expected by the calendar over the last year (0-1); null before any bar. */
  completeness: number | null;
  bars_expected: number | null;
  bars_present: number | null;
  quality_flags: SeriesQualityFlag[];
  /** Last successful fetch, and last attempt (wall time). */
  fetched_at: string | null;
  attempted_at: string | null;
  consecutive_failures: number;
  last_error: string | null;
  /** Split dates already applied to the stored history (a split restates every earlier bar). */
  split_dates: IsoDate[];
  /** SEC filers: the company's CIK and when its facts and filings were last fetched. */
  cik: string | null;
  fundamentals_fetched_at: string | null;
  currency: string | null;
  exchange: string | null;
  /** When the series was first asked for, and by whom ('watchlist', 'replay', 'on-demand'). */
  requested_at: string;
  requested_by: string;
  /** Optimistic lock: every write is conditioned on the version it read. */
  version: number;
}

export interface SeriesRepository {
  getSeries(symbol: string): Promise<SeriesState | null>;
  getManySeries(symbols: readonly string[]): Promise<Map<string, SeriesState>>;
  listSeries(): Promise<SeriesState[]>;
  /**
   * Writes the state if the stored version is still `state.version - 1` (or absent when `version` is
   * 1); false when another writer got there first.
   */
  putSeries(state: SeriesState): Promise<boolean>;
  /** Writes states unconditionally (BatchWrite): the replay loader's, for the series only it writes. */
  putManySeries(states: readonly SeriesState[]): Promise<void>;
}

export function createSeriesRepository(client: DynamoDBDocumentClient, tableName: string): SeriesRepository {
  return {
    async getSeries(symbol) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.series(symbol), ConsistentRead: true }),
      );
      return Item ? stripKeys<SeriesState>(Item) : null;
    },

    async getManySeries(symbols) {
      const items = await batchGetAll(
        client,
        tableName,
        [...new Set(symbols)].map((symbol) => keys.series(symbol)),
      );
      return new Map(items.map((item) => [String(item.symbol), stripKeys<SeriesState>(item)]));
    },

    async listSeries() {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.seriesPartition },
      });
      return items.map((item) => stripKeys<SeriesState>(item));
    },

    putSeries(state) {
      return putIfVersion(client, tableName, { ...keys.series(state.symbol), entity: 'series', ...state });
    },

    async putManySeries(states) {
      await batchPutAll(
        client,
        tableName,
        states.map((state) => ({ ...keys.series(state.symbol), entity: 'series', ...state })),
      );
    },
  };
}
