import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchPutAll, queryAll } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Reference lists a provider publishes whole (the SEC ticker to CIK map, CoinGecko's coins by market
 * capitalisation), stored in a few chunk items so no item nears DynamoDB's 400 KB limit (access
 * patterns: infra/README.md "The stored market"):
 *
 * | Pattern            | Key                                              |
 * | ------------------ | ------------------------------------------------ |
 * | the whole list     | Query pk=REFERENCE#<dataset>                     |
 * | one chunk          | GetItem pk=REFERENCE#<dataset>, sk=<chunk>       |
 * | replace the chunks | PutItem per chunk                                |
 */

export type ReferenceDataset = 'sec-tickers' | 'coingecko-coins';

export interface ReferenceChunk<Entry> {
  chunk: string;
  entries: Entry[];
  source: string;
  fetched_at: string;
}

export interface ReferenceRepository {
  putChunks<Entry>(dataset: ReferenceDataset, chunks: readonly ReferenceChunk<Entry>[]): Promise<void>;
  getChunk<Entry>(dataset: ReferenceDataset, chunk: string): Promise<ReferenceChunk<Entry> | null>;
  listChunks<Entry>(dataset: ReferenceDataset): Promise<ReferenceChunk<Entry>[]>;
}

function chunkOf<Entry>(item: Record<string, unknown>): ReferenceChunk<Entry> {
  return {
    chunk: String(item.chunk),
    entries: Array.isArray(item.entries) ? (item.entries as Entry[]) : [],
    source: String(item.source ?? ''),
    fetched_at: String(item.fetched_at ?? ''),
  };
}

export function createReferenceRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
): ReferenceRepository {
  return {
    async putChunks(dataset, chunks) {
      await batchPutAll(
        client,
        tableName,
        chunks.map((chunk) => ({
          ...keys.referenceChunk(dataset, chunk.chunk),
          entity: 'reference',
          dataset,
          ...chunk,
        })),
      );
    },

    async getChunk<Entry>(dataset: ReferenceDataset, chunk: string) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.referenceChunk(dataset, chunk) }),
      );
      return Item ? chunkOf<Entry>(Item) : null;
    },

    async listChunks<Entry>(dataset: ReferenceDataset) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.referencePartition(dataset) },
      });
      return items.map((item) => chunkOf<Entry>(item));
    },
  };
}
