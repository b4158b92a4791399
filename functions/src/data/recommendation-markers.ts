import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import pLimit from 'p-limit';
import { isConditionFailure, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';
import type {
  LastRecommendationMarker,
  MarkerStatus,
  RecommendationStatus,
} from './recommendation-queue-types';

/*
 * The LAST_RECS partition of the market table (recommendation-queue-repository.ts): one marker per
 * symbol naming its last queued recommendation and carrying that recommendation's review status. Its
 * writers other than the price poll (the review decision, the recommendations list's write-back) set
 * `review_status` only, by UpdateItem, which is all the admin and market areas may write there
 * (infra/lib/table-access.ts).
 */

/** How many markers' statuses are written back at once (a live universe has hundreds of markers). */
const WRITE_BACK_CONCURRENCY = 8;

/** The markers of `symbols` (those that have one), read from the LAST_RECS partition in one Query. */
export async function readLastRecommendations(
  client: DynamoDBDocumentClient,
  marketTable: string,
  symbols: readonly string[],
): Promise<Map<string, LastRecommendationMarker>> {
  const wanted = new Set(symbols);
  const items = await queryAll(client, {
    TableName: marketTable,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.lastRecommendationIndexPartition },
  });
  return new Map(
    items
      .filter((item) => wanted.has(String(item.symbol)))
      .map((item) => [String(item.symbol), stripKeys<LastRecommendationMarker>(item)]),
  );
}

/** Sets `review_status` on the marker of `symbol` under `condition` (`:id` is the recommendation's id). */
export function reviewStatusUpdate(
  marketTable: string,
  symbol: string,
  recommendationId: string,
  status: RecommendationStatus,
  condition: string,
) {
  return {
    TableName: marketTable,
    Key: keys.lastRecommendationIndexed(symbol),
    UpdateExpression: 'SET review_status = :status',
    ConditionExpression: condition,
    ExpressionAttributeValues: { ':status': status, ':id': recommendationId },
  };
}

/**
 * Writes onto markers written before markers carried a status the status the list read from their
 * items, so the next list reads none. Each marker on condition it still names that recommendation and
 * carries no status yet: a decision (which sets it in its transaction) or a newer queueing (a PENDING
 * marker) landing meanwhile wins. A marker whose condition fails is left as it is.
 */
export async function recordMarkerStatuses(
  client: DynamoDBDocumentClient,
  marketTable: string,
  statuses: readonly MarkerStatus[],
): Promise<void> {
  const limit = pLimit(WRITE_BACK_CONCURRENCY);
  await Promise.all(
    statuses.map((status) =>
      limit(async () => {
        const update = reviewStatusUpdate(
          marketTable,
          status.symbol,
          status.recommendation_id,
          status.review_status,
          'recommendation_id = :id AND attribute_not_exists(review_status)',
        );
        try {
          await client.send(new UpdateCommand(update));
        } catch (error: unknown) {
          if (!isConditionFailure(error)) throw error;
        }
      }),
    ),
  );
}
