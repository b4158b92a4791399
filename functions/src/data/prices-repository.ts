import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AssetType, Bar, IsoDate } from '../engine/types';
import { batchGetAll, batchPutAll, isConditionFailure, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Quotes and daily bars of the market table, written by the price poll and read by the ai and
 * portfolio areas (access patterns: infra/README.md):
 *
 * | Pattern                                   | Key                                               |
 * | ----------------------------------------- | ------------------------------------------------- |
 * | latest quote of a symbol (many: BatchGet) | pk=SYMBOL#<s>, sk=QUOTE                           |
 * | daily bars of a symbol in a date range    | pk=SYMBOL#<s>, sk BETWEEN BAR#<from> AND BAR#<to> |
 * | a live quote as it was at an instant      | pk=SYMBOL#<s>, sk <= QUOTE_AT#<iso>, newest first |
 *
 * Live quotes are also kept by the time they were stored (`QUOTE_AT#<updated_at>`, TTL one hour), so a
 * plan that sees prices late (FREE: 15 minutes) reads the quote as it was then, not a copy of the latest.
 */

/** How long a live quote's timed copy is kept: the longest delay a plan has, with room to spare. */
export const QUOTE_HISTORY_SECONDS = 60 * 60;

/** The latest quote of a symbol as the price poll stored it. */
export interface StoredQuote {
  symbol: string;
  name: string;
  asset_type: AssetType;
  price: number;
  previous_close: number | null;
  change: number | null;
  change_percent: number | null;
  volume: number | null;
  after_hours_price: number | null;
  premarket_change: number | null;
  premarket_date: IsoDate | null;
  /** Trading day the price belongs to. */
  as_of: IsoDate;
  /** The market date it was read at (engine Quote `market_date`); absent on quotes stored before the market clock. */
  market_date?: IsoDate;
  source: string;
  mode: 'replay' | 'live';
  /** True when the provider served its last stored quote because the source failed. */
  stale: boolean;
  /** When the poll stored this quote (wall time). */
  updated_at: string;
}

export interface PricesRepository {
  getQuote(symbol: string): Promise<StoredQuote | null>;
  getQuotes(symbols: readonly string[]): Promise<Map<string, StoredQuote>>;
  /** Stores the quote unless the stored one has the same as_of, market date, price and stale flag; true when written. */
  putQuoteIfChanged(quote: StoredQuote): Promise<boolean>;
  /** The newest live quote stored at or before `instant` (null when none is that old). */
  getQuoteAsOf(symbol: string, instant: Date): Promise<StoredQuote | null>;
  putBars(symbol: string, bars: readonly Bar[]): Promise<number>;
  getBars(symbol: string, from: IsoDate, to: IsoDate): Promise<Bar[]>;
}

function barOf(item: Record<string, unknown>): Bar {
  const bar: Bar = { date: String(item.date), close: Number(item.close) };
  if (typeof item.open === 'number') bar.open = item.open;
  if (typeof item.high === 'number') bar.high = item.high;
  if (typeof item.low === 'number') bar.low = item.low;
  if (typeof item.volume === 'number') bar.volume = item.volume;
  return bar;
}

export function createPricesRepository(client: DynamoDBDocumentClient, tableName: string): PricesRepository {
  return {
    async getQuote(symbol) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.quote(symbol) }));
      return Item ? stripKeys<StoredQuote>(Item) : null;
    },

    async getQuotes(symbols) {
      const items = await batchGetAll(
        client,
        tableName,
        [...new Set(symbols)].map((symbol) => keys.quote(symbol)),
      );
      return new Map(items.map((item) => [String(item.symbol), stripKeys<StoredQuote>(item)]));
    },

    async putQuoteIfChanged(quote) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.quote(quote.symbol), entity: 'quote', ...quote },
            ConditionExpression:
              'attribute_not_exists(pk) OR as_of <> :as_of OR price <> :price OR stale <> :stale OR market_date <> :market_date OR attribute_not_exists(market_date)',
            ExpressionAttributeValues: {
              ':as_of': quote.as_of,
              ':price': quote.price,
              ':stale': quote.stale,
              ':market_date': quote.market_date ?? quote.as_of,
            },
          }),
        );
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
      if (quote.mode === 'live') {
        const expiresAt = Math.floor(Date.parse(quote.updated_at) / 1000) + QUOTE_HISTORY_SECONDS;
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.quoteAt(quote.symbol, quote.updated_at),
              entity: 'quote-at',
              ...quote,
              expires_at: expiresAt,
            },
          }),
        );
      }
      return true;
    },

    async getQuoteAsOf(symbol, instant) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.symbolPartition(symbol),
            ':from': keys.quoteAtPrefix,
            ':to': `${keys.quoteAtPrefix}${instant.toISOString()}`,
          },
          ScanIndexForward: false,
          Limit: 1,
        }),
      );
      const item = Items?.[0];
      if (!item) return null;
      const { expires_at: _expiresAt, ...quote } = stripKeys<StoredQuote & { expires_at?: number }>(item);
      return quote;
    },

    async putBars(symbol, bars) {
      // Bars are facts about past days: writing one twice stores the same item, so retries are safe.
      await batchPutAll(
        client,
        tableName,
        bars.map((bar) => ({ ...keys.bar(symbol, bar.date), entity: 'bar', symbol, ...bar })),
      );
      return bars.length;
    },

    async getBars(symbol, from, to) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.symbolPartition(symbol),
          ':from': `${keys.barPrefix}${from}`,
          ':to': `${keys.barPrefix}${to}`,
        },
      });
      return items.map(barOf);
    },
  };
}
