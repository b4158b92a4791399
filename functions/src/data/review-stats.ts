import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CONTENT_STATS, type ContentStats } from './content-queue-repository';
import { batchGetAll } from './dynamo-helpers';
import { keys } from './keys';
import { RECOMMENDATION_STATS } from './recommendation-queue-repository';
import type { RecommendationStats } from './recommendation-queue-types';
import { countersOf } from './review-queue';

/**
 * Both review queues' counters (pk=STATS, sk=REC and sk=CONTENT in the moderation table) in one
 * BatchGet, for the admin dashboard, which shows both: the same items the queues' own
 * getRecommendationStats / getContentStats read one at a time.
 */
export interface ReviewStatsReader {
  getReviewStats(): Promise<{ recommendations: RecommendationStats; content: ContentStats }>;
}

export function createReviewStatsReader(
  client: DynamoDBDocumentClient,
  tableName: string,
): ReviewStatsReader {
  return {
    async getReviewStats() {
      const items = await batchGetAll(client, tableName, [
        keys.reviewStats('REC'),
        keys.reviewStats('CONTENT'),
      ]);
      const itemOf = (sk: string) => items.find((item) => item.sk === sk);
      return {
        recommendations: countersOf(itemOf(keys.reviewStats('REC').sk), RECOMMENDATION_STATS),
        content: countersOf(itemOf(keys.reviewStats('CONTENT').sk), CONTENT_STATS),
      };
    },
  };
}
