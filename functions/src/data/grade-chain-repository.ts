import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ChainEntry, ChainGrade } from '../engine/grade-chain';
import { isConditionFailure, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';

/*
 * The live track record's chain (engine/grade-chain.ts; engine/README.md "Grade chain"), in the market
 * table (access patterns: infra/README.md):
 *
 * | Pattern                           | Key                                                              |
 * | --------------------------------- | ---------------------------------------------------------------- |
 * | one date's entry, written once    | PutItem pk=GRADE_CHAIN, sk=ENTRY#<date>, attribute_not_exists     |
 * | the head (latest entry)           | Query pk=GRADE_CHAIN, newest first, Limit 1                       |
 * | the first entry                   | Query pk=GRADE_CHAIN, oldest first, Limit 1                       |
 * | the whole chain, oldest first     | Query pk=GRADE_CHAIN                                              |
 * | the entries of a range of dates   | Query pk=GRADE_CHAIN, sk BETWEEN ENTRY#<from> AND ENTRY#<to>      |
 *
 * Each entry keeps the grades it hashed (symbol, grade, composite: about 20 bytes a symbol, a few KB
 * for the universe), so the verifier can compare them with the stored score history.
 */

export interface StoredChainEntry extends ChainEntry {
  grades: ChainGrade[];
  /** 1 for the first entry, then one more per entry: the head's is the chain's length. */
  position: number;
}

export interface GradeChainRepository {
  getHead(): Promise<StoredChainEntry | null>;
  getFirst(): Promise<StoredChainEntry | null>;
  /** Writes the entry unless its date has one already; true when written. */
  putEntry(entry: StoredChainEntry): Promise<boolean>;
  listEntries(): Promise<StoredChainEntry[]>;
  /** Entries with from <= date <= to, oldest first (the live outcomes' step: jobs/price-poll-outcomes.ts). */
  listEntriesBetween(from: string, to: string): Promise<StoredChainEntry[]>;
}

export function createGradeChainRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
): GradeChainRepository {
  async function endEntry(oldestFirst: boolean): Promise<StoredChainEntry | null> {
    const output = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.gradeChainPartition },
        ScanIndexForward: oldestFirst,
        Limit: 1,
      }),
    );
    const item = output.Items?.[0];
    return item ? stripKeys<StoredChainEntry>(item) : null;
  }

  return {
    getHead: () => endEntry(false),
    getFirst: () => endEntry(true),
    async putEntry(entry) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.gradeChainEntry(entry.date), ...entry },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async listEntries() {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.gradeChainPartition },
      });
      return items.map((item) => stripKeys<StoredChainEntry>(item));
    },
    async listEntriesBetween(from, to) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.gradeChainPartition,
          ':from': keys.gradeChainEntry(from).sk,
          ':to': keys.gradeChainEntry(to).sk,
        },
      });
      return items.map((item) => stripKeys<StoredChainEntry>(item));
    },
  };
}

/** The same in memory, for unit tests and the bench. */
export function createInMemoryGradeChain(): GradeChainRepository & { entries: StoredChainEntry[] } {
  const entries: StoredChainEntry[] = [];
  return {
    entries,
    async getHead() {
      return structuredClone(entries.at(-1) ?? null);
    },
    async getFirst() {
      return structuredClone(entries[0] ?? null);
    },
    async putEntry(entry) {
      if (entries.some((stored) => stored.date === entry.date)) return false;
      entries.push(structuredClone(entry));
      entries.sort((a, b) => a.date.localeCompare(b.date));
      return true;
    },
    async listEntries() {
      return structuredClone(entries);
    },
    async listEntriesBetween(from, to) {
      return structuredClone(entries.filter((entry) => entry.date >= from && entry.date <= to));
    },
  };
}
