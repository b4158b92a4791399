import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { DataQuality, AlertLevel, RecommendationAction, SentimentLabel } from '@app/shared/domain/enums';
import type { LocalizedText } from '@app/shared/domain/entities/common';
import type { AssetType, Bar, Grade, IsoDate } from '../engine/types';
import { keys } from './keys';

/*
 * The market table (written by the price poll, read by the ai and admin areas) and the engine's
 * recommendation queue in the moderation table. Access patterns:
 *
 * | Pattern                                   | Key                                                    |
 * | ----------------------------------------- | ------------------------------------------------------ |
 * | latest quote of a symbol (many: BatchGet) | pk=SYMBOL#<s>, sk=QUOTE                                |
 * | daily bars of a symbol in a date range    | pk=SYMBOL#<s>, sk BETWEEN BAR#<from> AND BAR#<to>      |
 * | feed health of a symbol                   | pk=SYMBOL#<s>, sk=HEALTH                               |
 * | feed health of the whole universe (Query) | pk=FEED, sk begins_with HEALTH#                        |
 * | last recommendation queued for a symbol   | pk=SYMBOL#<s>, sk=LAST_REC                             |
 * | an alert raised once per bar and kind     | pk=SYMBOL#<s>, sk=ALERTED#<as_of>#<kind> (TTL)         |
 * | newest live alerts first (Query)          | pk=ALERTS, sk=<published ISO>#<id> (TTL expires_at)    |
 * | last run of a job                         | pk=JOB#<job>, sk=LAST                                  |
 * | moderation: one recommendation            | pk=REC#<ulid>, sk=ITEM                                 |
 * | moderation: pending queue, oldest first   | gsi1pk=QUEUE#REC#PENDING, gsi1sk=<generated_at>#<id>   |
 */

/** Job name of the price poll's run record (pk=JOB#price-poll, sk=LAST). */
export const PRICE_POLL_JOB = 'price-poll';

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
  source: string;
  mode: 'replay' | 'live';
  /** True when the provider served its last stored quote because the source failed. */
  stale: boolean;
  /** When the poll stored this quote (wall time). */
  updated_at: string;
}

/** Feed health per symbol (admin price monitor, ai health). Rules: market/feed-quality.ts. */
export interface FeedHealth {
  symbol: string;
  name: string;
  data_quality: DataQuality;
  /** Why the quality is not 'good' (empty when it is). */
  quality_reasons: string[];
  /** Last time the poll stored a changed quote; null when it never did. */
  last_updated: string | null;
  last_error: string | null;
  consecutive_errors: number;
  as_of: IsoDate | null;
  current_price: number | null;
  high_5d: number | null;
  low_5d: number | null;
  /** Sample standard deviation of the last 5 daily returns, in percent (not annualised). */
  volatility_5d: number | null;
  /** Range of daily bars stored in the table (contiguous). */
  bars_from: IsoDate | null;
  bars_through: IsoDate | null;
  source: string | null;
}

export interface LastRecommendationMarker {
  symbol: string;
  recommendation_id: string;
  action: RecommendationAction;
  as_of: IsoDate;
  generated_at: string;
}

/** Part 2 section 3 "admin pending recommendation", plus what the engine knew when it made it. */
export interface QueuedRecommendation {
  id: string;
  symbol: string;
  recommendation: RecommendationAction;
  /** 0-10 from the nugget risk score (shared rule `riskLevel`). */
  risk_level: number;
  /** 0-1. */
  confidence: number;
  /** Composite rationality score out of 10. */
  ai_score: number;
  reasoning: string;
  reasoning_localized: LocalizedText;
  target_price: number;
  generated_at: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  as_of: IsoDate;
  investment_grade: Grade;
  composite_rationality_score: number;
  data_mode: 'replay' | 'live';
}

export interface StoredMarketAlert {
  alert_id: string;
  symbol: string;
  alert_level: AlertLevel;
  event_type: 'price_move' | 'volume_surge';
  title: string;
  message: string;
  impact_score: number;
  sentiment: SentimentLabel;
  sentiment_score: number;
  published_time: string;
  source: string;
  url: string;
  keywords: string[];
  recommended_action: string;
  /** Trading day of the bar that raised the alert. */
  as_of: IsoDate;
  /** Epoch seconds; DynamoDB TTL removes the item some time after (reads filter on it too). */
  expires_at: number;
}

export interface JobRunRecord {
  job: string;
  started_at: string;
  finished_at: string;
  status: 'succeeded' | 'partial' | 'failed';
  data_mode: 'replay' | 'live';
  symbols_total: number;
  symbols_ok: number;
  symbols_failed: number;
  quotes_changed: number;
  bars_written: number;
  recommendations_enqueued: number;
  alerts_written: number;
  duration_ms: number;
  errors: string[];
}

/** What the price poll and the ai area need from stored market data (fakes implement it in tests). */
export interface MarketRepository {
  getQuote(symbol: string): Promise<StoredQuote | null>;
  getQuotes(symbols: readonly string[]): Promise<Map<string, StoredQuote>>;
  /** Stores the quote unless the stored one has the same as_of, price and stale flag; true when written. */
  putQuoteIfChanged(quote: StoredQuote): Promise<boolean>;
  putBars(symbol: string, bars: readonly Bar[]): Promise<number>;
  getBars(symbol: string, from: IsoDate, to: IsoDate): Promise<Bar[]>;
  getHealth(symbol: string): Promise<FeedHealth | null>;
  listFeedHealth(): Promise<FeedHealth[]>;
  putHealth(health: FeedHealth): Promise<void>;
  getLastRecommendation(symbol: string): Promise<LastRecommendationMarker | null>;
  getLastRecommendations(symbols: readonly string[]): Promise<Map<string, LastRecommendationMarker>>;
  /**
   * Queues a recommendation for review and remembers it as the symbol's last one, atomically, only
   * if the symbol's last queued action differs. False when another poll queued it first.
   */
  enqueueRecommendationIfChanged(item: QueuedRecommendation): Promise<boolean>;
  getRecommendationStatuses(ids: readonly string[]): Promise<Map<string, QueuedRecommendation['status']>>;
  /** Writes the alert once per (symbol, as_of, kind); false when it was already raised. */
  putAlertOnce(alert: StoredMarketAlert, kind: string): Promise<boolean>;
  /** Newest first, unexpired only. */
  listAlerts(limit: number, nowEpochSeconds: number): Promise<StoredMarketAlert[]>;
  putJobRun(record: JobRunRecord): Promise<void>;
  getLastJobRun(job: string): Promise<JobRunRecord | null>;
}

export interface MarketTables {
  market: string;
  moderation: string;
}

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

export interface MarketRepositoryOptions {
  /**
   * The moderation table's writes that queue a recommendation (moderation-repository's
   * `enqueueRecommendationItems`: the item and the dashboard counters). Without it only the item is put.
   */
  recommendationQueueItems?: (item: QueuedRecommendation) => TransactItems;
}

const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;
/** Unprocessed items come back under throttling; a few retries with a short pause absorb it. */
const MAX_BATCH_ROUNDS = 6;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stripKeys<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, entity: _entity, ...rest } = item;
  return rest as T;
}

function barOf(item: Record<string, unknown>): Bar {
  const bar: Bar = { date: String(item.date), close: Number(item.close) };
  if (typeof item.open === 'number') bar.open = item.open;
  if (typeof item.high === 'number') bar.high = item.high;
  if (typeof item.low === 'number') bar.low = item.low;
  if (typeof item.volume === 'number') bar.volume = item.volume;
  return bar;
}

function isConditionFailure(error: unknown): boolean {
  if (error instanceof ConditionalCheckFailedException) return true;
  if (error instanceof TransactionCanceledException) {
    return (error.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed');
  }
  return false;
}

export function createMarketRepository(
  client: DynamoDBDocumentClient,
  tables: MarketTables,
  options: MarketRepositoryOptions = {},
): MarketRepository {
  const queueItems =
    options.recommendationQueueItems ??
    ((item: QueuedRecommendation): TransactItems => [
      {
        Put: {
          TableName: tables.moderation,
          Item: {
            ...keys.recommendationItem(item.id),
            ...keys.recommendationQueue(item.status, item.generated_at, item.id),
            entity: 'recommendation',
            ...item,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);

  async function batchGet(
    tableName: string,
    keyList: readonly Record<string, string>[],
  ): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    for (const part of chunk(keyList, BATCH_GET_LIMIT)) {
      let pending: Record<string, unknown>[] = part;
      for (let round = 0; pending.length > 0; round += 1) {
        if (round >= MAX_BATCH_ROUNDS) throw new Error(`BatchGet on ${tableName}: keys left unprocessed`);
        if (round > 0) await pause(25 * 2 ** round);
        const output = await client.send(
          new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending } } }),
        );
        found.push(...(output.Responses?.[tableName] ?? []));
        pending = (output.UnprocessedKeys?.[tableName]?.Keys as Record<string, unknown>[] | undefined) ?? [];
      }
    }
    return found;
  }

  async function batchPut(tableName: string, items: readonly Record<string, unknown>[]): Promise<void> {
    for (const part of chunk(items, BATCH_WRITE_LIMIT)) {
      let pending = part.map((item) => ({ PutRequest: { Item: item } }));
      for (let round = 0; pending.length > 0; round += 1) {
        if (round >= MAX_BATCH_ROUNDS) throw new Error(`BatchWrite on ${tableName}: items left unprocessed`);
        if (round > 0) await pause(25 * 2 ** round);
        const output = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
        pending = (output.UnprocessedItems?.[tableName] ?? []).flatMap((request) =>
          request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : [],
        );
      }
    }
  }

  async function queryAll(
    input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'ExclusiveStartKey'>,
  ): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const output = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
      items.push(...(output.Items ?? []));
      startKey = output.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  return {
    async getQuote(symbol) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tables.market, Key: keys.quote(symbol) }),
      );
      return Item ? stripKeys<StoredQuote>(Item) : null;
    },

    async getQuotes(symbols) {
      const unique = [...new Set(symbols)];
      const items = await batchGet(
        tables.market,
        unique.map((symbol) => keys.quote(symbol)),
      );
      return new Map(items.map((item) => [String(item.symbol), stripKeys<StoredQuote>(item)]));
    },

    async putQuoteIfChanged(quote) {
      try {
        await client.send(
          new PutCommand({
            TableName: tables.market,
            Item: { ...keys.quote(quote.symbol), entity: 'quote', ...quote },
            ConditionExpression:
              'attribute_not_exists(pk) OR as_of <> :as_of OR price <> :price OR stale <> :stale',
            ExpressionAttributeValues: {
              ':as_of': quote.as_of,
              ':price': quote.price,
              ':stale': quote.stale,
            },
          }),
        );
        return true;
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async putBars(symbol, bars) {
      // Bars are facts about past days: writing one twice stores the same item, so retries are safe.
      await batchPut(
        tables.market,
        bars.map((bar) => ({ ...keys.bar(symbol, bar.date), entity: 'bar', symbol, ...bar })),
      );
      return bars.length;
    },

    async getBars(symbol, from, to) {
      const items = await queryAll({
        TableName: tables.market,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.symbolPartition(symbol),
          ':from': `${keys.barPrefix}${from}`,
          ':to': `${keys.barPrefix}${to}`,
        },
      });
      return items.map(barOf);
    },

    async getHealth(symbol) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tables.market, Key: keys.symbolHealth(symbol) }),
      );
      return Item ? stripKeys<FeedHealth>(Item) : null;
    },

    async listFeedHealth() {
      const items = await queryAll({
        TableName: tables.market,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.feedPartition, ':prefix': keys.feedHealthPrefix },
      });
      return items.map((item) => stripKeys<FeedHealth>(item));
    },

    async putHealth(health) {
      await batchPut(tables.market, [
        { ...keys.symbolHealth(health.symbol), entity: 'feed-health', ...health },
        { ...keys.feedHealth(health.symbol), entity: 'feed-health', ...health },
      ]);
    },

    async getLastRecommendation(symbol) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tables.market, Key: keys.lastRecommendation(symbol) }),
      );
      return Item ? stripKeys<LastRecommendationMarker>(Item) : null;
    },

    async getLastRecommendations(symbols) {
      const items = await batchGet(
        tables.market,
        [...new Set(symbols)].map((symbol) => keys.lastRecommendation(symbol)),
      );
      return new Map(items.map((item) => [String(item.symbol), stripKeys<LastRecommendationMarker>(item)]));
    },

    async enqueueRecommendationIfChanged(item) {
      const marker: LastRecommendationMarker = {
        symbol: item.symbol,
        recommendation_id: item.id,
        action: item.recommendation,
        as_of: item.as_of,
        generated_at: item.generated_at,
      };
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tables.market,
                  Item: { ...keys.lastRecommendation(item.symbol), entity: 'last-recommendation', ...marker },
                  // The condition makes two concurrent polls queue one item, not two.
                  ConditionExpression: 'attribute_not_exists(pk) OR #action <> :action',
                  ExpressionAttributeNames: { '#action': 'action' },
                  ExpressionAttributeValues: { ':action': item.recommendation },
                },
              },
              ...queueItems(item),
            ],
          }),
        );
        return true;
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async getRecommendationStatuses(ids) {
      const items = await batchGet(
        tables.moderation,
        [...new Set(ids)].map((id) => keys.recommendationItem(id)),
      );
      return new Map(
        items.map((item) => [String(item.id), String(item.status) as QueuedRecommendation['status']]),
      );
    },

    async putAlertOnce(alert, kind) {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tables.market,
                  Item: {
                    ...keys.alertMarker(alert.symbol, alert.as_of, kind),
                    entity: 'alert-marker',
                    alert_id: alert.alert_id,
                    expires_at: alert.expires_at,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: tables.market,
                  Item: {
                    ...keys.liveAlert(alert.published_time, alert.alert_id),
                    entity: 'alert',
                    ...alert,
                  },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async listAlerts(limit, nowEpochSeconds) {
      const alerts: StoredMarketAlert[] = [];
      let startKey: Record<string, unknown> | undefined;
      // Expired items linger until TTL removes them (up to days later), so the filter hides them.
      do {
        const output = await client.send(
          new QueryCommand({
            TableName: tables.market,
            KeyConditionExpression: 'pk = :pk',
            FilterExpression: 'expires_at > :now',
            ExpressionAttributeValues: { ':pk': keys.liveAlertsPartition, ':now': nowEpochSeconds },
            ScanIndexForward: false,
            Limit: Math.max(limit, 25),
            ExclusiveStartKey: startKey,
          }),
        );
        alerts.push(...(output.Items ?? []).map((item) => stripKeys<StoredMarketAlert>(item)));
        startKey = output.LastEvaluatedKey;
      } while (startKey && alerts.length < limit);
      return alerts.slice(0, limit);
    },

    async putJobRun(record) {
      await client.send(
        new PutCommand({
          TableName: tables.market,
          Item: { ...keys.lastJobRun(record.job), entity: 'job-run', ...record },
        }),
      );
    },

    async getLastJobRun(job) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tables.market, Key: keys.lastJobRun(job) }),
      );
      return Item ? stripKeys<JobRunRecord>(Item) : null;
    },
  };
}
