import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { batchGetAll, cancellationCodes, stripKeys, type TransactItems } from './dynamo-helpers';
import { keys } from './keys';
import { readLastRecommendations, recordMarkerStatuses, reviewStatusUpdate } from './recommendation-markers';
import { createReviewQueue, type DecisionOutcome, type Page, type PageRequest } from './review-queue';
import type {
  LastRecommendationMarker,
  MarkerStatus,
  NewRecommendation,
  QueuedRecommendation,
  RecommendationStats,
  RecommendationStatus,
  ReviewDecision,
  StoredRecommendation,
} from './recommendation-queue-types';

export type * from './recommendation-queue-types';

/*
 * The engine's recommendations under review (the REC review queue of the moderation table,
 * review-queue.ts) and, per symbol, the last one the price poll queued (market table,
 * pk=SYMBOL#<s>, sk=LAST_REC), so an unchanged action is not queued again; the same marker is written
 * in the same transaction under one partition (pk=LAST_RECS, sk=<s>), so the recommendations list reads
 * every symbol's with one Query instead of a BatchGet per hundred symbols. A symbol has at most one
 * recommendation pending review: queueing a newer one supersedes the pending one (status SUPERSEDED,
 * `superseded_by` the newer id) in the same transaction. The LAST_RECS copy also carries the review
 * status of the recommendation it names (`review_status`: PENDING when queued, then the decision,
 * written in the decision's transaction), so the list reads the markers and no review item; onto a
 * marker from before, the list writes back the status it read (recommendation-markers.ts).
 */

/** How often a queueing that lost a race to a reviewer (or another poll) reads the queue again. */
const SUPERSEDE_ATTEMPTS = 3;

export interface RecommendationQueueTables {
  moderation: string;
  /** Where the per-symbol LAST_REC markers live. */
  market: string;
}

/** The recommendation queue's counters (also read with the content queue's by review-stats.ts). */
export const RECOMMENDATION_STATS = [
  'generated',
  'pending',
  'approved',
  'rejected',
  'quality_sum',
  'quality_count',
] as const;
const STATS = RECOMMENDATION_STATS;
const SUPERSEDED = { status: 'SUPERSEDED', counter: 'superseded', by: 'superseded_by' } as const;

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

  /** The symbol's recommendations pending review (at most one once every queueing supersedes). */
  async function listPendingOf(symbol: string): Promise<StoredRecommendation[]> {
    const found: StoredRecommendation[] = [];
    let startKey: Record<string, unknown> | undefined;
    for (let pageIndex = 0; pageIndex < maxFilterPages; pageIndex += 1) {
      const output = await client.send(
        new QueryCommand({
          TableName: tables.moderation,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :queue',
          FilterExpression: '#symbol = :symbol',
          ExpressionAttributeNames: { '#symbol': 'symbol' },
          ExpressionAttributeValues: {
            ':queue': keys.reviewQueuePartition('REC', 'PENDING'),
            ':symbol': symbol,
          },
          ExclusiveStartKey: startKey,
        }),
      );
      found.push(...(output.Items ?? []).map((entry) => stripKeys<StoredRecommendation>(entry)));
      startKey = output.LastEvaluatedKey;
      if (!startKey) break;
    }
    return found;
  }

  return {
    /** Queues one recommendation for review; false when that id is queued already. */
    enqueueRecommendation: (recommendation: NewRecommendation) => queue.enqueue(recommendation),

    /**
     * Queues a recommendation, remembers it as the symbol's last one and supersedes the symbol's
     * recommendations still pending, in one transaction. `last` is the marker the caller read: the
     * write is conditioned on it being still the last (so two concurrent polls queue once). False when
     * another poll queued first; a reviewer deciding a superseded item meanwhile makes it re-read.
     */
    async enqueueSuperseding(
      item: QueuedRecommendation,
      last: LastRecommendationMarker | null,
    ): Promise<boolean> {
      const marker: LastRecommendationMarker = {
        symbol: item.symbol,
        recommendation_id: item.id,
        action: item.recommendation,
        as_of: item.as_of,
        generated_at: item.generated_at,
        cycle_id: item.cycle_id,
      };
      for (let attempt = 1; ; attempt += 1) {
        const pending = await listPendingOf(item.symbol);
        try {
          await client.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Put: {
                    TableName: tables.market,
                    Item: {
                      ...keys.lastRecommendation(item.symbol),
                      entity: 'last-recommendation',
                      ...marker,
                    },
                    ...(last
                      ? {
                          ConditionExpression: 'recommendation_id = :last',
                          ExpressionAttributeValues: { ':last': last.recommendation_id },
                        }
                      : { ConditionExpression: 'attribute_not_exists(pk)' }),
                  },
                },
                ...queue.enqueueReplacingItems(item, pending, SUPERSEDED),
                // Last, so the cancellation codes of the marker and the queued item keep their places.
                {
                  Put: {
                    TableName: tables.market,
                    Item: {
                      ...keys.lastRecommendationIndexed(item.symbol),
                      entity: 'last-recommendation',
                      ...marker,
                      review_status: 'PENDING',
                    },
                  },
                },
              ],
            }),
          );
          return true;
        } catch (error: unknown) {
          const codes = cancellationCodes(error);
          // The marker moved (another poll queued this symbol first), or this id is queued already.
          if (codes[0] === 'ConditionalCheckFailed' || codes[1] === 'ConditionalCheckFailed') return false;
          // A pending item was decided meanwhile, or a concurrent write touched the counters: again.
          const retriable = codes.some(
            (code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict',
          );
          if (retriable && attempt < SUPERSEDE_ATTEMPTS) continue;
          throw error;
        }
      }
    },

    async getLastRecommendation(symbol: string): Promise<LastRecommendationMarker | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tables.market, Key: keys.lastRecommendation(symbol) }),
      );
      return Item ? stripKeys<LastRecommendationMarker>(Item) : null;
    },

    /** The markers of `symbols` (those that have one), read from the LAST_RECS partition in one Query. */
    getLastRecommendations: (symbols: readonly string[]) =>
      readLastRecommendations(client, tables.market, symbols),

    async getRecommendationStatuses(ids: readonly string[]): Promise<Map<string, RecommendationStatus>> {
      const items = await batchGetAll(
        client,
        tables.moderation,
        [...new Set(ids)].map((id) => keys.reviewItem('REC', id)),
      );
      return new Map(items.map((item) => [String(item.id), String(item.status) as RecommendationStatus]));
    },

    /** Writes back the statuses the list read for markers that carried none (recommendation-markers.ts). */
    recordMarkerStatuses: (statuses: readonly MarkerStatus[]) =>
      recordMarkerStatuses(client, tables.market, statuses),

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

    /**
     * Decides a pending recommendation and, in the same transaction, sets `review_status` on the
     * symbol's LAST_RECS marker on condition it names this one: a poll queueing a newer one meanwhile
     * supersedes it (the item's condition fails) or, landing after, writes a PENDING marker. A marker
     * naming another one (or none) fails that condition: sent again without it (markers move to new ids).
     */
    async reviewRecommendation(id: string, decision: ReviewDecision): Promise<DecisionOutcome> {
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
      const item = await queue.get(id);
      if (!item) return { outcome: 'not_found' };
      const markerUpdate: TransactItems = [
        {
          Update: reviewStatusUpdate(
            tables.market,
            item.symbol,
            id,
            decision.status,
            'recommendation_id = :id',
          ),
        },
      ];
      const decide = (also: TransactItems) =>
        queue.decide(id, {
          status: decision.status,
          counter: decision.status === 'APPROVED' ? 'approved' : 'rejected',
          sets,
          values,
          counters,
          counterValues,
          also,
        });
      try {
        return await decide(markerUpdate);
      } catch (error: unknown) {
        // The item passed its condition; the marker names another recommendation (or there is none).
        if (cancellationCodes(error)[2] !== 'ConditionalCheckFailed') throw error;
        return decide([]);
      }
    },

    getRecommendationStats: (): Promise<RecommendationStats> => queue.readCounters(STATS),
  };
}

export type RecommendationQueueRepository = ReturnType<typeof createRecommendationQueueRepository>;
