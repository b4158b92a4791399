import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LiveGradeFigures, LiveObservation } from '../engine/live-outcomes';
import { isConditionFailure, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';

/*
 * The live track record's outcomes (engine/live-outcomes.ts; engine/README.md "Live outcomes"), in the
 * market table (access patterns: infra/README.md):
 *
 * | Pattern                                   | Key                                                        |
 * | ----------------------------------------- | ---------------------------------------------------------- |
 * | one chained date's outcomes, written once | PutItem pk=GRADE_OUTCOME#<months>, sk=DATE#<date>, attribute_not_exists |
 * | the latest date recorded at a horizon     | Query pk=GRADE_OUTCOME#<months>, newest first, Limit 1     |
 * | every date recorded at a horizon          | Query pk=GRADE_OUTCOME#<months>                            |
 *
 * An item keeps each graded symbol's return (about 60 bytes a symbol, some 35 KB for the universe)
 * so the public figures can pool the dates with the backtest's definitions (medians included).
 */

export interface StoredLiveOutcome {
  /** The chained market date the window starts at. */
  date: string;
  months: number;
  /** The date the window ends at (no bar after it is used). */
  horizon_date: string;
  /** The chain entry's hash and formula version the grades came from. */
  chain_hash: string;
  formula_version: string;
  observations: LiveObservation[];
  grades: LiveGradeFigures[];
}

export interface LiveOutcomeRepository {
  getLatest(months: number): Promise<StoredLiveOutcome | null>;
  /** Writes the outcome unless its date and horizon have one; true when written. */
  putOutcome(outcome: StoredLiveOutcome): Promise<boolean>;
  listOutcomes(months: number): Promise<StoredLiveOutcome[]>;
}

export function createLiveOutcomeRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
): LiveOutcomeRepository {
  return {
    async getLatest(months) {
      const output = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.liveOutcomePartition(months) },
          ScanIndexForward: false,
          Limit: 1,
        }),
      );
      const item = output.Items?.[0];
      return item ? stripKeys<StoredLiveOutcome>(item) : null;
    },
    async putOutcome(outcome) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.liveOutcome(outcome.months, outcome.date), ...outcome },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async listOutcomes(months) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.liveOutcomePartition(months) },
      });
      return items.map((item) => stripKeys<StoredLiveOutcome>(item));
    },
  };
}

/** The same in memory, for unit tests. */
export function createInMemoryLiveOutcomes(): LiveOutcomeRepository & { items: StoredLiveOutcome[] } {
  const items: StoredLiveOutcome[] = [];
  const of = (months: number) =>
    items.filter((item) => item.months === months).sort((a, b) => a.date.localeCompare(b.date));
  return {
    items,
    async getLatest(months) {
      return structuredClone(of(months).at(-1) ?? null);
    },
    async putOutcome(outcome) {
      if (items.some((item) => item.months === outcome.months && item.date === outcome.date)) return false;
      items.push(structuredClone(outcome));
      return true;
    },
    async listOutcomes(months) {
      return structuredClone(of(months));
    },
  };
}
