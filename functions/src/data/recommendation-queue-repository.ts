import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { LocalizedText } from '@app/shared/domain/entities/common';
import type { Message } from '@app/shared/messages/message';
import type { StoredText } from '@app/shared/messages/stored-text';
import type { AdminRecommendationSchema } from '@app/shared/domain/entities/admin';
import type { RecommendationAction } from '@app/shared/domain/enums';
import type { Grade, IsoDate } from '../engine/types';
import { batchGetAll, isConditionFailure, stripKeys } from './dynamo-helpers';
import { keys } from './keys';
import { createReviewQueue, type DecisionOutcome, type Page, type PageRequest } from './review-queue';

/*
 * The engine's recommendations under review (the REC review queue of the moderation table,
 * review-queue.ts) and, per symbol, the last one the price poll queued (market table,
 * pk=SYMBOL#<s>, sk=LAST_REC), so an unchanged action is not queued again.
 */

export type AdminRecommendation = z.infer<typeof AdminRecommendationSchema>;
export type RecommendationStatus = AdminRecommendation['status'];

/** What gets queued: the admin screen's fields plus whatever else the engine wants kept with it. */
export type NewRecommendation = Omit<AdminRecommendation, 'status' | 'reasoning'> & {
  reasoning: Message | string;
} & Record<string, unknown>;

/**
 * A queued recommendation as stored. Its reasoning is a message, worded in each admin's language when
 * read; rows queued before messages hold an English sentence and, beside it, the three languages
 * (`reasoning_localized`), read as they are.
 */
export interface StoredRecommendation extends Omit<AdminRecommendation, 'reasoning'> {
  reasoning: StoredText;
  reasoning_localized?: LocalizedText;
  reviewed_by?: string;
  reviewed_at?: string;
  admin_notes?: string;
  quality_score?: number;
  [extra: string]: unknown;
}

/** What the price poll queues: the admin pending recommendation plus what the engine knew then. */
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
  /** A message (engine/recommendation-text.ts), worded when an admin reads the queue. */
  reasoning: Message;
  target_price: number;
  generated_at: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  as_of: IsoDate;
  investment_grade: Grade;
  composite_rationality_score: number;
  data_mode: 'replay' | 'live';
}

export interface LastRecommendationMarker {
  symbol: string;
  recommendation_id: string;
  action: RecommendationAction;
  as_of: IsoDate;
  generated_at: string;
}

export interface RecommendationStats {
  generated: number;
  pending: number;
  approved: number;
  rejected: number;
  quality_sum: number;
  quality_count: number;
}

export interface ReviewDecision {
  status: 'APPROVED' | 'REJECTED';
  reviewedBy: string;
  reviewedAt: string;
  adminNotes?: string;
  qualityScore?: number;
}

export interface RecommendationQueueTables {
  moderation: string;
  /** Where the per-symbol LAST_REC markers live. */
  market: string;
}

const STATS = ['generated', 'pending', 'approved', 'rejected', 'quality_sum', 'quality_count'] as const;

export function createRecommendationQueueRepository(
  client: DynamoDBDocumentClient,
  tables: RecommendationQueueTables,
  options: { maxFilterPages?: number } = {},
) {
  const queue = createReviewQueue<StoredRecommendation>(client, tables.moderation, {
    name: 'REC',
    entity: 'recommendation',
  });
  /** How many Query pages `listApprovedRecommendations` reads at most when filtering by symbol. */
  const maxFilterPages = options.maxFilterPages ?? 10;

  return {
    /** Queues one recommendation for review; false when that id is queued already. */
    enqueueRecommendation: (recommendation: NewRecommendation) => queue.enqueue(recommendation),

    /**
     * Queues a recommendation and remembers it as the symbol's last one, atomically, only if the
     * symbol's last queued action differs (so two concurrent polls queue it once); the queue's
     * counters move in the same transaction. False when the action is unchanged or another poll won.
     */
    async enqueueIfActionChanged(item: QueuedRecommendation): Promise<boolean> {
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
                  ConditionExpression: 'attribute_not_exists(pk) OR #action <> :action',
                  ExpressionAttributeNames: { '#action': 'action' },
                  ExpressionAttributeValues: { ':action': item.recommendation },
                },
              },
              ...queue.enqueueItems(item),
            ],
          }),
        );
        return true;
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async getLastRecommendation(symbol: string): Promise<LastRecommendationMarker | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tables.market, Key: keys.lastRecommendation(symbol) }),
      );
      return Item ? stripKeys<LastRecommendationMarker>(Item) : null;
    },

    async getLastRecommendations(symbols: readonly string[]): Promise<Map<string, LastRecommendationMarker>> {
      const items = await batchGetAll(
        client,
        tables.market,
        [...new Set(symbols)].map((symbol) => keys.lastRecommendation(symbol)),
      );
      return new Map(items.map((item) => [String(item.symbol), stripKeys<LastRecommendationMarker>(item)]));
    },

    async getRecommendationStatuses(ids: readonly string[]): Promise<Map<string, RecommendationStatus>> {
      const items = await batchGetAll(
        client,
        tables.moderation,
        [...new Set(ids)].map((id) => keys.reviewItem('REC', id)),
      );
      return new Map(items.map((item) => [String(item.id), String(item.status) as RecommendationStatus]));
    },

    getRecommendation: (id: string) => queue.get(id),

    /** Pending recommendations, newest first. Throws InvalidCursorError for a cursor of another list. */
    listPendingRecommendations: (page: PageRequest): Promise<Page<StoredRecommendation>> =>
      queue.list('PENDING', page),

    /**
     * Approved recommendations, newest first: what investors may see. With a symbol, the Query reads
     * the approved queue and filters (at most `maxFilterPages` pages), so the result may stop short on
     * a very long queue.
     */
    async listApprovedRecommendations(
      filter: { symbol?: string; limit?: number } = {},
    ): Promise<StoredRecommendation[]> {
      const limit = filter.limit ?? 50;
      const symbol = filter.symbol?.toUpperCase();
      const approved = keys.reviewQueuePartition('REC', 'APPROVED');
      const found: StoredRecommendation[] = [];
      let startKey: Record<string, unknown> | undefined;
      for (let pageIndex = 0; pageIndex < maxFilterPages && found.length < limit; pageIndex += 1) {
        const output = await client.send(
          new QueryCommand({
            TableName: tables.moderation,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :queue',
            ...(symbol
              ? {
                  FilterExpression: '#symbol = :symbol',
                  ExpressionAttributeNames: { '#symbol': 'symbol' },
                  ExpressionAttributeValues: { ':queue': approved, ':symbol': symbol },
                }
              : { ExpressionAttributeValues: { ':queue': approved } }),
            ScanIndexForward: false,
            Limit: symbol ? 100 : limit,
            ExclusiveStartKey: startKey,
          }),
        );
        found.push(...(output.Items ?? []).map((item) => stripKeys<StoredRecommendation>(item)));
        startKey = output.LastEvaluatedKey;
        if (!startKey) break;
      }
      return found.slice(0, limit);
    },

    reviewRecommendation(id: string, decision: ReviewDecision): Promise<DecisionOutcome> {
      const sets = ['reviewed_by = :by', 'reviewed_at = :at'];
      const values: Record<string, unknown> = { ':by': decision.reviewedBy, ':at': decision.reviewedAt };
      const counters: string[] = [];
      const counterValues: Record<string, number> = {};
      if (decision.adminNotes !== undefined) {
        sets.push('admin_notes = :notes');
        values[':notes'] = decision.adminNotes;
      }
      if (decision.qualityScore !== undefined) {
        sets.push('quality_score = :quality');
        values[':quality'] = decision.qualityScore;
        counters.push('quality_sum :quality', 'quality_count :one');
        counterValues[':quality'] = decision.qualityScore;
      }
      return queue.decide(id, {
        status: decision.status,
        counter: decision.status === 'APPROVED' ? 'approved' : 'rejected',
        sets,
        values,
        counters,
        counterValues,
      });
    },

    getRecommendationStats: (): Promise<RecommendationStats> => queue.readCounters(STATS),
  };
}

export type RecommendationQueueRepository = ReturnType<typeof createRecommendationQueueRepository>;
