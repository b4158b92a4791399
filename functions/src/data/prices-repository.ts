import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Bar, IsoDate } from '../engine/types';
import type { StoredBar, StoredQuote } from './stored-prices';

import {
  encodeBar,
  MAX_MERGE_ATTEMPTS,
  monthItemOf,
  MONTH_WRITE_CONCURRENCY,
  mergeMonth,
  monthOf,
  storedBarOf,
  toEngineBar,
} from './bar-months';
import { batchGetAll, batchPutAll, isConditionFailure, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';
import { getQuoteAsOf, putTimedQuoteCopy } from './quote-history';
import { packYears, unpackYear } from './bar-years';

/*
 * Quotes and daily bars of the market table, written by the ingestion worker and read by every area
 * (access patterns: infra/README.md "The stored market"):
 *
 * | Pattern                                   | Key                                                       |
 * | ----------------------------------------- | --------------------------------------------------------- |
 * | latest quote of a symbol (many: BatchGet) | pk=SYMBOL#<s>, sk=QUOTE                                   |
 * | daily bars of a symbol in a date range    | pk=SYMBOL#<s>, sk BETWEEN BARS#<from year> AND BARS#<to>  |
 * | a replayed year, packed (bar-years.ts)    | pk=SYMBOL#<s>, sk=BARS#<yyyy>, BatchWrite                 |
 * | merge bars into a month, idempotently     | GetItem + PutItem sk=BARS#<yyyy-mm>, version-conditioned  |
 * | a live quote as it was at an instant      | pk=SYMBOL#<s>, sk <= QUOTE_AT#<iso>, newest first         |
 *
 * Bars live one item per calendar month, keyed by date inside the item: a second write of the same
 * date replaces it, so a redelivered message can never store a date twice. Live quotes are also kept
 * by the time they were stored (`QUOTE_AT#<updated_at>`, TTL one hour), so a plan that sees prices
 * late (FREE: 15 minutes) reads the quote as it was then, not a copy of the latest.
 */

export interface BarMergeResult {
  /** Dates whose stored values changed (new or corrected). */
  datesWritten: number;
  /** Month items written. */
  monthsWritten: number;
}

export interface PricesRepository {
  getQuote(symbol: string): Promise<StoredQuote | null>;
  getQuotes(symbols: readonly string[]): Promise<Map<string, StoredQuote>>;
  /** Stores the quote unless the stored one has the same as_of, market date, price, closed and stale flags; true when written. */
  putQuoteIfChanged(quote: StoredQuote): Promise<boolean>;
  /** The newest live quote stored at or before `instant` (null when none is that old). */
  getQuoteAsOf(symbol: string, instant: Date): Promise<StoredQuote | null>;
  /**
   * Merges bars into their months by date. A date whose price fields, `closed` and flags are unchanged
   * is left as stored (its fetch time too). With `replace`, stored dates inside the range that the
   * new bars lack are dropped (a history restated after a split).
   */
  mergeBars(
    symbol: string,
    bars: readonly StoredBar[],
    options?: { replace?: { from: IsoDate; to: IsoDate } },
  ): Promise<BarMergeResult>;
  /**
   * Writes whole calendar years as given, one packed item each (bar-years.ts), replacing what was
   * stored: the replay loader's bulk path (market-data/ingestion/load-replay.ts), for the series only
   * it writes. Read back by getStoredBars with the month items.
   */
  putWholeYears(series: readonly { symbol: string; bars: readonly StoredBar[] }[]): Promise<number>;
  /** Bars with from <= date <= to, ascending, with their provenance. */
  getStoredBars(symbol: string, from: IsoDate, to: IsoDate): Promise<StoredBar[]>;
  /** The same bars as the engine reads them. */
  getBars(symbol: string, from: IsoDate, to: IsoDate): Promise<Bar[]>;
}

export function createPricesRepository(client: DynamoDBDocumentClient, tableName: string): PricesRepository {
  /** Writes one month conditioned on the version read; false when another writer got there first. */
  async function putMonth(
    symbol: string,
    month: string,
    bars: StoredBar[],
    version: number | null,
  ): Promise<boolean> {
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.barMonth(symbol, month),
            entity: 'bar-month',
            symbol,
            month,
            bars: bars.map(encodeBar),
            version: (version ?? 0) + 1,
          },
          ConditionExpression: version === null ? 'attribute_not_exists(pk)' : 'version = :version',
          ...(version === null ? {} : { ExpressionAttributeValues: { ':version': version } }),
        }),
      );
      return true;
    } catch (error: unknown) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** The month merged from `stored`, written; on a race, read again and merge again. */
  async function mergeOneMonth(
    symbol: string,
    month: string,
    incoming: readonly StoredBar[],
    replace: { from: IsoDate; to: IsoDate } | undefined,
    first: { bars: StoredBar[]; version: number | null },
  ): Promise<number> {
    let current = first;
    for (let attempt = 1; ; attempt += 1) {
      const merged = mergeMonth(current.bars, incoming, replace);
      if (merged.changed === 0) return 0;
      if (await putMonth(symbol, month, merged.bars, current.version)) return merged.changed;
      if (attempt >= MAX_MERGE_ATTEMPTS)
        throw new Error(`bars of ${symbol} ${month}: too many concurrent writers`);
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.barMonth(symbol, month), ConsistentRead: true }),
      );
      current = monthItemOf(Item);
    }
  }

  async function getStoredBars(symbol: string, from: IsoDate, to: IsoDate): Promise<StoredBar[]> {
    if (from > to) return [];
    const items = await queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.symbolPartition(symbol),
        // From the year's key: `BARS#2016` sorts before `BARS#2016-01`, so a year item is included.
        ':from': `${keys.barMonthPrefix}${from.slice(0, 4)}`,
        ':to': `${keys.barMonthPrefix}${monthOf(to)}`,
      },
    });
    return items
      .flatMap((item) =>
        item.packed
          ? unpackYear(item)
          : (Array.isArray(item.bars) ? (item.bars as Record<string, unknown>[]) : []).map(storedBarOf),
      )
      .filter((bar) => bar.date >= from && bar.date <= to)
      .sort((a, b) => a.date.localeCompare(b.date));
  }

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
              'attribute_not_exists(pk) OR as_of <> :as_of OR price <> :price OR stale <> :stale OR attribute_not_exists(closed) OR closed <> :closed OR attribute_not_exists(market_date) OR market_date <> :market_date',
            ExpressionAttributeValues: {
              ':as_of': quote.as_of,
              ':price': quote.price,
              ':stale': quote.stale,
              ':closed': quote.closed,
              ':market_date': quote.market_date ?? quote.as_of,
            },
          }),
        );
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
      if (quote.mode === 'live') await putTimedQuoteCopy(client, tableName, quote);
      return true;
    },

    getQuoteAsOf: (symbol, instant) => getQuoteAsOf(client, tableName, symbol, instant),

    async putWholeYears(series) {
      const items = series.flatMap(({ symbol, bars }) =>
        packYears(bars).map((year) => ({
          ...keys.barYear(symbol, year.year),
          entity: 'bar-year',
          symbol,
          ...year,
        })),
      );
      await batchPutAll(client, tableName, items);
      return items.length;
    },

    async mergeBars(symbol, bars, options = {}) {
      const byMonth = new Map<string, StoredBar[]>();
      for (const bar of bars)
        byMonth.set(monthOf(bar.date), [...(byMonth.get(monthOf(bar.date)) ?? []), bar]);
      // A replaced range also covers months the new bars no longer reach.
      if (options.replace) {
        for (let month = monthOf(options.replace.from); month <= monthOf(options.replace.to);) {
          if (!byMonth.has(month)) byMonth.set(month, []);
          const [year, monthNumber] = month.split('-').map(Number) as [number, number];
          month =
            monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
        }
      }
      const months = [...byMonth.keys()].sort();
      // Every month in one consistent BatchGet, then the changed ones written a few at a time.
      const storedItems = await batchGetAll(
        client,
        tableName,
        months.map((month) => keys.barMonth(symbol, month)),
        { consistentRead: true },
      );
      const storedByMonth = new Map(storedItems.map((item) => [String(item.month), monthItemOf(item)]));
      let datesWritten = 0;
      let monthsWritten = 0;
      let next = 0;
      const writers = Array.from({ length: Math.min(MONTH_WRITE_CONCURRENCY, months.length) }, async () => {
        while (next < months.length) {
          const month = months[next] as string;
          next += 1;
          const first = storedByMonth.get(month) ?? { bars: [], version: null };
          const changed = await mergeOneMonth(
            symbol,
            month,
            byMonth.get(month) ?? [],
            options.replace,
            first,
          );
          if (changed > 0) {
            datesWritten += changed;
            monthsWritten += 1;
          }
        }
      });
      await Promise.all(writers);
      return { datesWritten, monthsWritten };
    },

    getStoredBars,

    async getBars(symbol, from, to) {
      return (await getStoredBars(symbol, from, to)).map(toEngineBar);
    },
  };
}
