import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { AdminRecommendationSchema, SocialContentSchema } from '@app/shared/domain/entities/admin';
import { keys } from './keys';

/*
 * The moderation table: the engine's recommendations and the generated social posts under review,
 * and the counters of the admin dashboard. Access patterns:
 *
 * | Pattern                                    | Key                                                          |
 * | ------------------------------------------ | ------------------------------------------------------------ |
 * | one recommendation                         | pk=REC#<ulid>, sk=ITEM                                       |
 * | recommendations per status, newest first   | gsi1pk=QUEUE#REC#<status>, gsi1sk=<generated_at>#<id> (desc) |
 * | one post                                   | pk=CONTENT#<ulid>, sk=ITEM                                   |
 * | posts per status, newest first             | gsi1pk=QUEUE#CONTENT#<status>, gsi1sk=<generated_at>#<id>    |
 * | review counters (dashboard)                | pk=STATS, sk=REC / sk=CONTENT                                |
 * | content generated for a day (job marker)   | pk=JOB#content-generation, sk=<yyyy-mm-dd>                   |
 *
 * A review or moderation is one transaction: the conditional status change (PENDING only, so a
 * second review fails) moves the item to its new queue, and the counters move with it.
 */

export type AdminRecommendation = z.infer<typeof AdminRecommendationSchema>;
export type RecommendationStatus = AdminRecommendation['status'];
export type SocialContent = z.infer<typeof SocialContentSchema>;
export type ContentStatus = SocialContent['status'];

/** What the price poll queues: the spec's fields plus whatever else the engine wants kept with it. */
export type NewRecommendation = Omit<AdminRecommendation, 'status'> & Record<string, unknown>;

export interface StoredRecommendation extends AdminRecommendation {
  reviewed_by?: string;
  reviewed_at?: string;
  admin_notes?: string;
  quality_score?: number;
  [extra: string]: unknown;
}

export interface NewSocialContent extends Omit<SocialContent, 'status'> {
  /** UTC day the job generated it for (idempotency per day). */
  day: string;
  /** Symbols and generator the post came from, for the moderator and for audits. */
  source_symbols: string[];
  generator: string;
}

export interface StoredSocialContent extends SocialContent {
  day: string;
  source_symbols: string[];
  generator: string;
  moderated_by?: string;
  moderated_at?: string;
  moderation_notes?: string;
  flagged_issues?: string[];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface RecommendationStats {
  generated: number;
  pending: number;
  approved: number;
  rejected: number;
  quality_sum: number;
  quality_count: number;
}

export interface ContentStats {
  generated: number;
  pending: number;
  approved: number;
  needs_revision: number;
  rejected: number;
}

export interface ReviewDecision {
  status: 'APPROVED' | 'REJECTED';
  reviewedBy: string;
  reviewedAt: string;
  adminNotes?: string;
  qualityScore?: number;
}

export interface ModerationDecision {
  status: 'APPROVED' | 'NEEDS_REVISION' | 'REJECTED';
  moderatedBy: string;
  moderatedAt: string;
  moderationNotes?: string;
  flaggedIssues: string[];
}

/** The item moved; it does not exist; or someone decided on it already (a 409 for the caller). */
export type DecisionOutcome =
  { outcome: 'decided' } | { outcome: 'not_found' } | { outcome: 'already_decided'; status: string };

/** A cursor that is not one this queue handed out (tampered, truncated, or from another list). */
export class InvalidCursorError extends Error {
  constructor() {
    super('must be a cursor returned by a previous page of this list');
    this.name = 'InvalidCursorError';
  }
}

const INDEX_KEY_NAMES = ['pk', 'sk', 'gsi1pk', 'gsi1sk'] as const;

/** Opaque page cursor: base64url of the index's LastEvaluatedKey. */
export function encodeCursor(lastEvaluatedKey: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(lastEvaluatedKey), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor and checks it is a key of the queue being listed, so a forged cursor cannot
 * start a Query in another partition or carry attributes DynamoDB would reject with a 500.
 */
export function decodeCursor(cursor: string, expectedQueue: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InvalidCursorError();
  const entries = Object.entries(parsed as Record<string, unknown>);
  const valid =
    entries.length === INDEX_KEY_NAMES.length &&
    entries.every(
      ([name, value]) =>
        (INDEX_KEY_NAMES as readonly string[]).includes(name) && typeof value === 'string' && value !== '',
    ) &&
    (parsed as Record<string, string>).gsi1pk === expectedQueue;
  if (!valid) throw new InvalidCursorError();
  return parsed as Record<string, string>;
}

function stripKeys<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, entity: _entity, ...rest } = item;
  return rest as T;
}

function numberOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function cancellationCodes(error: unknown): string[] {
  if (!(error instanceof TransactionCanceledException)) return [];
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/** Two transactions touching the counters at the same instant: DynamoDB cancels one; it may simply retry. */
const MAX_CONFLICT_ATTEMPTS = 4;

async function sendWithConflictRetry(
  client: DynamoDBDocumentClient,
  command: TransactWriteCommand,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.send(command);
      return;
    } catch (error: unknown) {
      const codes = cancellationCodes(error);
      const conflictOnly = codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!conflictOnly || attempt >= MAX_CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

export interface ModerationRepositoryOptions {
  /** How many Query pages `listApprovedRecommendations` reads at most when filtering by symbol. */
  maxFilterPages?: number;
}

export function createModerationRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
  options: ModerationRepositoryOptions = {},
) {
  const maxFilterPages = options.maxFilterPages ?? 10;

  async function listQueue<T>(queue: string, page: PageRequest): Promise<Page<T>> {
    const startKey = page.cursor ? decodeCursor(page.cursor, queue) : undefined;
    const output = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :queue',
        ExpressionAttributeValues: { ':queue': queue },
        ScanIndexForward: false,
        Limit: page.limit,
        ExclusiveStartKey: startKey,
      }),
    );
    return {
      items: (output.Items ?? []).map((item) => stripKeys<T>(item)),
      nextCursor: output.LastEvaluatedKey ? encodeCursor(output.LastEvaluatedKey) : null,
    };
  }

  /** After a cancelled decision: was the item missing, or decided already? One consistent read tells. */
  async function explainRefusal(key: Record<string, string>, error: unknown): Promise<DecisionOutcome> {
    if (!cancellationCodes(error).includes('ConditionalCheckFailed')) throw error;
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
    );
    return Item ? { outcome: 'already_decided', status: String(Item.status) } : { outcome: 'not_found' };
  }

  /**
   * The two writes that queue a recommendation: the item (once) and the counters. Exposed so the
   * price poll can put them in its own transaction beside its per-symbol marker.
   */
  function enqueueRecommendationItems(recommendation: NewRecommendation) {
    const item = {
      ...recommendation,
      ...keys.recommendationItem(recommendation.id),
      ...keys.recommendationQueue('PENDING', recommendation.generated_at, recommendation.id),
      entity: 'recommendation',
      status: 'PENDING',
    };
    return [
      { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: tableName,
          Key: keys.recommendationStats,
          UpdateExpression: 'ADD generated :one, pending :one',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ];
  }

  return {
    enqueueRecommendationItems,

    /** Queues one recommendation for review; false when that id is queued already (a retried poll). */
    async enqueueRecommendation(recommendation: NewRecommendation): Promise<boolean> {
      try {
        await sendWithConflictRetry(
          client,
          new TransactWriteCommand({ TransactItems: enqueueRecommendationItems(recommendation) }),
        );
        return true;
      } catch (error: unknown) {
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
        throw error;
      }
    },

    async getRecommendation(id: string): Promise<StoredRecommendation | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.recommendationItem(id), ConsistentRead: true }),
      );
      return Item ? stripKeys<StoredRecommendation>(Item) : null;
    },

    /** Pending recommendations, newest first. Throws InvalidCursorError for a cursor of another list. */
    listPendingRecommendations(page: PageRequest): Promise<Page<StoredRecommendation>> {
      return listQueue<StoredRecommendation>(keys.recommendationQueuePartition('PENDING'), page);
    },

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
      const found: StoredRecommendation[] = [];
      let startKey: Record<string, unknown> | undefined;
      for (let pageIndex = 0; pageIndex < maxFilterPages && found.length < limit; pageIndex += 1) {
        const output = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :queue',
            ...(symbol
              ? {
                  FilterExpression: '#symbol = :symbol',
                  ExpressionAttributeNames: { '#symbol': 'symbol' },
                  ExpressionAttributeValues: {
                    ':queue': keys.recommendationQueuePartition('APPROVED'),
                    ':symbol': symbol,
                  },
                }
              : { ExpressionAttributeValues: { ':queue': keys.recommendationQueuePartition('APPROVED') } }),
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

    async reviewRecommendation(id: string, decision: ReviewDecision): Promise<DecisionOutcome> {
      const key = keys.recommendationItem(id);
      const names: Record<string, string> = { '#status': 'status' };
      const values: Record<string, unknown> = {
        ':pending': 'PENDING',
        ':status': decision.status,
        ':queue': keys.recommendationQueuePartition(decision.status),
        ':by': decision.reviewedBy,
        ':at': decision.reviewedAt,
      };
      const sets = ['#status = :status', 'gsi1pk = :queue', 'reviewed_by = :by', 'reviewed_at = :at'];
      if (decision.adminNotes !== undefined) {
        sets.push('admin_notes = :notes');
        values[':notes'] = decision.adminNotes;
      }
      const counters = [decision.status === 'APPROVED' ? 'approved :one' : 'rejected :one', 'pending :minus'];
      const counterValues: Record<string, number> = { ':one': 1, ':minus': -1 };
      if (decision.qualityScore !== undefined) {
        sets.push('quality_score = :quality');
        values[':quality'] = decision.qualityScore;
        counters.push('quality_sum :quality', 'quality_count :one');
        counterValues[':quality'] = decision.qualityScore;
      }
      try {
        await sendWithConflictRetry(
          client,
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: key,
                  UpdateExpression: `SET ${sets.join(', ')}`,
                  ConditionExpression: '#status = :pending',
                  ExpressionAttributeNames: names,
                  ExpressionAttributeValues: values,
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.recommendationStats,
                  UpdateExpression: `ADD ${counters.join(', ')}`,
                  ExpressionAttributeValues: counterValues,
                },
              },
            ],
          }),
        );
        return { outcome: 'decided' };
      } catch (error: unknown) {
        return explainRefusal(key, error);
      }
    },

    async getRecommendationStats(): Promise<RecommendationStats> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.recommendationStats }),
      );
      return {
        generated: numberOf(Item?.generated),
        pending: numberOf(Item?.pending),
        approved: numberOf(Item?.approved),
        rejected: numberOf(Item?.rejected),
        quality_sum: numberOf(Item?.quality_sum),
        quality_count: numberOf(Item?.quality_count),
      };
    },

    /** Stores a generated post once (ids are deterministic per day and slot); false when it exists. */
    async saveGeneratedContent(content: NewSocialContent): Promise<boolean> {
      try {
        await sendWithConflictRetry(
          client,
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...content,
                    ...keys.contentItem(content.id),
                    ...keys.contentQueue('PENDING', content.generated_at, content.id),
                    entity: 'social-content',
                    status: 'PENDING',
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.contentStats,
                  UpdateExpression: 'ADD generated :one, pending :one',
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error: unknown) {
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
        throw error;
      }
    },

    async getContent(id: string): Promise<StoredSocialContent | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.contentItem(id), ConsistentRead: true }),
      );
      return Item ? stripKeys<StoredSocialContent>(Item) : null;
    },

    listPendingContent(page: PageRequest): Promise<Page<StoredSocialContent>> {
      return listQueue<StoredSocialContent>(keys.contentQueuePartition('PENDING'), page);
    },

    async moderateContent(id: string, decision: ModerationDecision): Promise<DecisionOutcome> {
      const key = keys.contentItem(id);
      const values: Record<string, unknown> = {
        ':pending': 'PENDING',
        ':status': decision.status,
        ':queue': keys.contentQueuePartition(decision.status),
        ':by': decision.moderatedBy,
        ':at': decision.moderatedAt,
        ':issues': decision.flaggedIssues,
      };
      const sets = [
        '#status = :status',
        'gsi1pk = :queue',
        'moderated_by = :by',
        'moderated_at = :at',
        'flagged_issues = :issues',
      ];
      if (decision.moderationNotes !== undefined) {
        sets.push('moderation_notes = :notes');
        values[':notes'] = decision.moderationNotes;
      }
      const counter = { APPROVED: 'approved', NEEDS_REVISION: 'needs_revision', REJECTED: 'rejected' }[
        decision.status
      ];
      try {
        await sendWithConflictRetry(
          client,
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: key,
                  UpdateExpression: `SET ${sets.join(', ')}`,
                  ConditionExpression: '#status = :pending',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: values,
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.contentStats,
                  UpdateExpression: `ADD ${counter} :one, pending :minus`,
                  ExpressionAttributeValues: { ':one': 1, ':minus': -1 },
                },
              },
            ],
          }),
        );
        return { outcome: 'decided' };
      } catch (error: unknown) {
        return explainRefusal(key, error);
      }
    },

    async getContentStats(): Promise<ContentStats> {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.contentStats }));
      return {
        generated: numberOf(Item?.generated),
        pending: numberOf(Item?.pending),
        approved: numberOf(Item?.approved),
        needs_revision: numberOf(Item?.needs_revision),
        rejected: numberOf(Item?.rejected),
      };
    },

    /** The day marker the content job writes once a day's posts are stored. */
    async getContentDay(day: string): Promise<{ day: string; posts: number; generated_at: string } | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.jobRun('content-generation', day) }),
      );
      return Item ? { day, posts: numberOf(Item.posts), generated_at: String(Item.generated_at) } : null;
    },

    async markContentDay(day: string, posts: number, generatedAt: string): Promise<void> {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.jobRun('content-generation', day),
            entity: 'job-day',
            day,
            posts,
            generated_at: generatedAt,
          },
        }),
      );
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
