import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { SocialContentSchema } from '@app/shared/domain/entities/admin';
import { numberOf } from './dynamo-helpers';
import { keys } from './keys';
import { createReviewQueue, type DecisionOutcome, type Page, type PageRequest } from './review-queue';

/*
 * The generated social posts under moderation (the CONTENT review queue of the moderation table,
 * review-queue.ts) and the content job's day marker (pk=JOB#content-generation, sk=<yyyy-mm-dd>).
 */

export type SocialContent = z.infer<typeof SocialContentSchema>;
export type ContentStatus = SocialContent['status'];

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

export interface ContentStats {
  generated: number;
  pending: number;
  approved: number;
  needs_revision: number;
  rejected: number;
}

export interface ModerationDecision {
  status: 'APPROVED' | 'NEEDS_REVISION' | 'REJECTED';
  moderatedBy: string;
  moderatedAt: string;
  moderationNotes?: string;
  flaggedIssues: string[];
}

/** The content queue's counters (also read with the recommendation queue's by review-stats.ts). */
export const CONTENT_STATS = ['generated', 'pending', 'approved', 'needs_revision', 'rejected'] as const;
const STATS = CONTENT_STATS;
const CONTENT_JOB = 'content-generation';

export function createContentQueueRepository(client: DynamoDBDocumentClient, tableName: string) {
  const queue = createReviewQueue<StoredSocialContent>(client, tableName, {
    name: 'CONTENT',
    entity: 'social-content',
  });

  return {
    /** Stores a generated post once (ids are deterministic per day and slot); false when it exists. */
    saveGeneratedContent: (content: NewSocialContent): Promise<boolean> => queue.enqueue(content),

    getContent: (id: string) => queue.get(id),

    listPendingContent: (page: PageRequest): Promise<Page<StoredSocialContent>> =>
      queue.list('PENDING', page),

    moderateContent(id: string, decision: ModerationDecision): Promise<DecisionOutcome> {
      const sets = ['moderated_by = :by', 'moderated_at = :at', 'flagged_issues = :issues'];
      const values: Record<string, unknown> = {
        ':by': decision.moderatedBy,
        ':at': decision.moderatedAt,
        ':issues': decision.flaggedIssues,
      };
      if (decision.moderationNotes !== undefined) {
        sets.push('moderation_notes = :notes');
        values[':notes'] = decision.moderationNotes;
      }
      const counter = { APPROVED: 'approved', NEEDS_REVISION: 'needs_revision', REJECTED: 'rejected' }[
        decision.status
      ];
      return queue.decide(id, { status: decision.status, counter, sets, values });
    },

    getContentStats: (): Promise<ContentStats> => queue.readCounters(STATS),

    /** The day marker the content job writes once a day's posts are stored. */
    async getContentDay(day: string): Promise<{ day: string; posts: number; generated_at: string } | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.jobRun(CONTENT_JOB, day) }),
      );
      return Item ? { day, posts: numberOf(Item.posts), generated_at: String(Item.generated_at) } : null;
    },

    async markContentDay(day: string, posts: number, generatedAt: string): Promise<void> {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.jobRun(CONTENT_JOB, day),
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

export type ContentQueueRepository = ReturnType<typeof createContentQueueRepository>;
