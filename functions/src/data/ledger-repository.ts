import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import type { BaseCurrency } from '@app/shared/domain/ledger/currencies';
import type { CostMethod } from '@app/shared/domain/ledger/ledger-book';
import { isItemTooLarge, itemSizeBytes, MAX_ITEM_BYTES } from './item-size';
import { keys } from './keys';

/**
 * A user's transactions ledger in the holdings table (access patterns: infra/README.md), as ONE item
 * `USER#<id>` / `LEDGER`: the rows, the settings and a version. Every reader needs the whole ledger
 * (holdings, gains and returns are derived from all of it), so one GetItem serves them; every write
 * (one row, or a whole import) is one Put conditioned on the version read, so concurrent writers
 * cannot lose a row and a re-import cannot add a row twice. The item's 400 KB bound is why a ledger
 * holds at most MAX_LEDGER_TRANSACTIONS rows; long notes can reach it sooner, so a write that would
 * not fit is refused ('too_large') and nothing is stored.
 */

export interface StoredLedger {
  user_id: string;
  base_currency: BaseCurrency;
  cost_method: CostMethod;
  transactions: LedgerTransaction[];
  /** 1 for the ledger's first write; each write adds one. */
  version: number;
  /** When the holdings from before the ledger became its opening BUY rows. */
  migrated_at: string;
  updated_at: string;
}

export type SaveLedgerOutcome = 'saved' | 'stale' | 'too_large';

export function createLedgerRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    async get(userId: string): Promise<StoredLedger | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.ledger(userId), ConsistentRead: true }),
      );
      if (!Item) return null;
      return {
        user_id: userId,
        base_currency: Item.base_currency as BaseCurrency,
        cost_method: Item.cost_method as CostMethod,
        transactions: (Item.transactions ?? []) as LedgerTransaction[],
        version: Number(Item.version),
        migrated_at: String(Item.migrated_at),
        updated_at: String(Item.updated_at),
      };
    },

    /**
     * Writes the ledger if nobody wrote it since `expectedVersion` was read (null: if it does not
     * exist yet). The stored version becomes `ledger.version`. An item over DynamoDB's 400 KB is
     * not sent ('too_large'), or refused by DynamoDB itself where the size rule is approximate.
     */
    async save(ledger: StoredLedger, expectedVersion: number | null): Promise<SaveLedgerOutcome> {
      const item = { ...keys.ledger(ledger.user_id), entity: 'ledger', ...ledger };
      if (itemSizeBytes(item) > MAX_ITEM_BYTES) return 'too_large';
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: item,
            ConditionExpression:
              expectedVersion === null ? 'attribute_not_exists(pk)' : '#version = :expected',
            ...(expectedVersion === null
              ? {}
              : {
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':expected': expectedVersion },
                }),
          }),
        );
        return 'saved';
      } catch (error: unknown) {
        if (error instanceof ConditionalCheckFailedException) return 'stale';
        if (isItemTooLarge(error)) return 'too_large';
        throw error;
      }
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
