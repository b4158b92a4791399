import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';

/*
 * What the replay loader (market-data/ingestion/load-replay.ts) has stored, one item per phase:
 * pk=REPLAY, sk=LOAD#<phase>, with the fingerprint of the data (symbols and checksums) and the
 * range. A later start finds its phase loaded with the same fingerprint and stores nothing.
 */

export interface ReplayLoadRecord {
  phase: string;
  fingerprint: string;
  series: number;
  years: number;
  loaded_at: string;
  duration_ms: number;
}

export interface ReplayLoadRepository {
  getLoad(phase: string): Promise<ReplayLoadRecord | null>;
  putLoad(record: ReplayLoadRecord): Promise<void>;
}

export function createReplayLoadRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
): ReplayLoadRepository {
  return {
    async getLoad(phase) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.replayLoad(phase), ConsistentRead: true }),
      );
      return Item ? (Item as unknown as ReplayLoadRecord) : null;
    },
    async putLoad(record) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.replayLoad(record.phase), entity: 'replay-load', ...record },
        }),
      );
    },
  };
}
