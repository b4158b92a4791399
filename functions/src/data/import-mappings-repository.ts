import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ImportMapping } from '@app/shared/domain/entities/ledger';
import { keys } from './keys';

/**
 * Column mappings a user saved, one item per CSV layout beside their ledger (access patterns:
 * infra/README.md): `USER#<id>` / `IMPORT_MAPPING#<header signature>`. Kept apart from the ledger
 * item so remembering a mapping never bumps the ledger's version (a concurrent import is not
 * retried for it) and the ledger's 400 KB stay for its rows. A later save for the same header
 * replaces the earlier one.
 */
export function createImportMappingsRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    async get(userId: string, signature: string): Promise<ImportMapping | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.importMapping(userId, signature) }),
      );
      if (!Item) return null;
      return {
        signature,
        headers: Item.headers as string[],
        mapping: Item.mapping as ImportMapping['mapping'],
        updated_at: String(Item.updated_at),
      };
    },

    async save(userId: string, saved: ImportMapping): Promise<void> {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.importMapping(userId, saved.signature), entity: 'import_mapping', ...saved },
        }),
      );
    },
  };
}

export type ImportMappingsRepository = ReturnType<typeof createImportMappingsRepository>;
