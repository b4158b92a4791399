import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AssetType, Bar, IsoDate } from '../engine/types';
import { batchGetAll, isConditionFailure, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Quotes and daily bars of the market table, written by the ingestion worker and read by every area
 * (access patterns: infra/README.md "The stored market"):
 *
 * | Pattern                                   | Key                                                       |
 * | ----------------------------------------- | --------------------------------------------------------- |
 * | latest quote of a symbol (many: BatchGet) | pk=SYMBOL#<s>, sk=QUOTE                                   |
 * | daily bars of a symbol in a date range    | pk=SYMBOL#<s>, sk BETWEEN BARS#<from month> AND BARS#<to> |
 * | merge bars into a month, idempotently     | GetItem + PutItem sk=BARS#<yyyy-mm>, version-conditioned  |
 *
 * Bars live one item per calendar month, keyed by date inside the item: a second write of the same
 * date replaces it, so a redelivered message can never store a date twice.
 */

/** The latest quote of a symbol as the ingestion worker stored it. */
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
  source: string;
  mode: 'replay' | 'live';
  /** True when the price is older than its market's calendar allows (set when read). */
  stale: boolean;
  /** False while the session the price belongs to is still trading (an intraday print). */
  closed: boolean;
  /** When the provider was asked for this price. */
  fetched_at: string;
  /** When this quote was stored (wall time). */
  updated_at: string;
}

/** A stored daily bar: the price fields and where and when they came from. */
export interface StoredBar extends Bar {
  /** False for a session still trading when it was fetched (Yahoo's current day, CoinGecko's last point). */
  closed: boolean;
  source: string;
  fetched_at: string;
  /** Quality codes, e.g. UNCONFIRMED_MOVE (market-data/quality/bar-validation.ts). */
  flags?: string[];
}

export interface BarMergeResult {
  /** Dates whose stored values changed (new or corrected). */
  datesWritten: number;
  /** Month items written. */
  monthsWritten: number;
}

export interface PricesRepository {
  getQuote(symbol: string): Promise<StoredQuote | null>;
  getQuotes(symbols: readonly string[]): Promise<Map<string, StoredQuote>>;
  /** Stores the quote unless the stored one has the same as_of, price, closed and stale flags; true when written. */
  putQuoteIfChanged(quote: StoredQuote): Promise<boolean>;
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
  /** Bars with from <= date <= to, ascending, with their provenance. */
  getStoredBars(symbol: string, from: IsoDate, to: IsoDate): Promise<StoredBar[]>;
  /** The same bars as the engine reads them. */
  getBars(symbol: string, from: IsoDate, to: IsoDate): Promise<Bar[]>;
}

const PRICE_FIELDS = ['open', 'high', 'low', 'close', 'volume'] as const;
/** Two writers merging the same month at once: one re-reads and merges again. */
const MAX_MERGE_ATTEMPTS = 5;

export function monthOf(date: IsoDate): string {
  return date.slice(0, 7);
}

function sameBar(a: StoredBar, b: StoredBar): boolean {
  return (
    PRICE_FIELDS.every((field) => a[field] === b[field]) &&
    a.closed === b.closed &&
    a.source === b.source &&
    (a.flags ?? []).join(',') === (b.flags ?? []).join(',')
  );
}

function storedBarOf(value: Record<string, unknown>): StoredBar {
  const bar: StoredBar = {
    date: String(value.date),
    close: Number(value.close),
    closed: value.closed !== false,
    source: String(value.source ?? ''),
    fetched_at: String(value.fetched_at ?? ''),
  };
  for (const field of ['open', 'high', 'low', 'volume'] as const) {
    if (typeof value[field] === 'number') bar[field] = value[field];
  }
  if (Array.isArray(value.flags) && value.flags.length > 0) bar.flags = value.flags.map(String);
  return bar;
}

/** The month's bars after the merge, and how many dates changed. */
export function mergeMonth(
  stored: readonly StoredBar[],
  incoming: readonly StoredBar[],
  replace: { from: IsoDate; to: IsoDate } | undefined,
): { bars: StoredBar[]; changed: number } {
  const byDate = new Map(stored.map((bar) => [bar.date, bar]));
  let changed = 0;
  if (replace) {
    const incomingDates = new Set(incoming.map((bar) => bar.date));
    for (const date of [...byDate.keys()]) {
      if (date >= replace.from && date <= replace.to && !incomingDates.has(date)) {
        byDate.delete(date);
        changed += 1;
      }
    }
  }
  for (const bar of incoming) {
    const current = byDate.get(bar.date);
    if (current && sameBar(current, bar)) continue;
    byDate.set(bar.date, bar);
    changed += 1;
  }
  return { bars: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)), changed };
}

function toEngineBar(bar: StoredBar): Bar {
  const engineBar: Bar = { date: bar.date, close: bar.close };
  for (const field of ['open', 'high', 'low', 'volume'] as const) {
    if (bar[field] !== undefined) engineBar[field] = bar[field];
  }
  return engineBar;
}

export function createPricesRepository(client: DynamoDBDocumentClient, tableName: string): PricesRepository {
  async function mergeOneMonth(
    symbol: string,
    month: string,
    incoming: readonly StoredBar[],
    replace: { from: IsoDate; to: IsoDate } | undefined,
  ): Promise<number> {
    for (let attempt = 1; ; attempt += 1) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.barMonth(symbol, month), ConsistentRead: true }),
      );
      const stored = Array.isArray(Item?.bars)
        ? (Item.bars as Record<string, unknown>[]).map(storedBarOf)
        : [];
      const version = typeof Item?.version === 'number' ? Item.version : null;
      const merged = mergeMonth(stored, incoming, replace);
      if (merged.changed === 0) return 0;
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.barMonth(symbol, month),
              entity: 'bar-month',
              symbol,
              month,
              bars: merged.bars,
              version: (version ?? 0) + 1,
            },
            ConditionExpression: version === null ? 'attribute_not_exists(pk)' : 'version = :version',
            ...(version === null ? {} : { ExpressionAttributeValues: { ':version': version } }),
          }),
        );
        return merged.changed;
      } catch (error: unknown) {
        if (!isConditionFailure(error) || attempt >= MAX_MERGE_ATTEMPTS) throw error;
      }
    }
  }

  async function getStoredBars(symbol: string, from: IsoDate, to: IsoDate): Promise<StoredBar[]> {
    if (from > to) return [];
    const items = await queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.symbolPartition(symbol),
        ':from': `${keys.barMonthPrefix}${monthOf(from)}`,
        ':to': `${keys.barMonthPrefix}${monthOf(to)}`,
      },
    });
    return items
      .flatMap((item) => (Array.isArray(item.bars) ? (item.bars as Record<string, unknown>[]) : []))
      .map(storedBarOf)
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
              'attribute_not_exists(pk) OR as_of <> :as_of OR price <> :price OR stale <> :stale OR attribute_not_exists(closed) OR closed <> :closed',
            ExpressionAttributeValues: {
              ':as_of': quote.as_of,
              ':price': quote.price,
              ':stale': quote.stale,
              ':closed': quote.closed,
            },
          }),
        );
        return true;
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
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
      let datesWritten = 0;
      let monthsWritten = 0;
      for (const [month, monthBars] of [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        const changed = await mergeOneMonth(symbol, month, monthBars, options.replace);
        if (changed > 0) {
          datesWritten += changed;
          monthsWritten += 1;
        }
      }
      return { datesWritten, monthsWritten };
    },

    getStoredBars,

    async getBars(symbol, from, to) {
      return (await getStoredBars(symbol, from, to)).map(toEngineBar);
    },
  };
}
