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
 * | replace the chunks | PutItem per chunk, then sk=META (fetch time)     |
 * | when it was fetched | GetItem pk=REFERENCE#<dataset>, sk=META         |
 */

export type ReferenceDataset = 'sec-tickers' | 'coingecko-coins';

const META_CHUNK = 'META';

export interface ReferenceChunk<Entry> {
  chunk: string;
  entries: Entry[];
  source: string;
  fetched_at: string;
}

export interface ReferenceRepository {
  /** Replaces the chunks and records when the list was fetched (the `META` item). */
  putChunks<Entry>(dataset: ReferenceDataset, chunks: readonly ReferenceChunk<Entry>[]): Promise<void>;
  /** When the list was last fetched and how many entries it had; null before the first fetch. */
  getMeta(dataset: ReferenceDataset): Promise<{ fetched_at: string; entries: number } | null>;
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
      await batchPutAll(client, tableName, [
        {
          ...keys.referenceChunk(dataset, META_CHUNK),
          entity: 'reference-meta',
          dataset,
          fetched_at: chunks.reduce(
            (latest, chunk) => (chunk.fetched_at > latest ? chunk.fetched_at : latest),
            '',
          ),
          entries: chunks.reduce((sum, chunk) => sum + chunk.entries.length, 0),
        },
      ]);
    },

    async getMeta(dataset) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.referenceChunk(dataset, META_CHUNK) }),
      );
      return Item ? { fetched_at: String(Item.fetched_at), entries: Number(Item.entries ?? 0) } : null;
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
      return items.filter((item) => item.sk !== META_CHUNK).map((item) => chunkOf<Entry>(item));
    },
  };
}
