/**
 * The DynamoDB tables, as plain data read by both the CDK data stack and the local stack
 * (which creates the same tables in DynamoDB Local). Access patterns: infra/README.md.
 * No AWS imports here, so the local stack can load it without the CDK.
 */

export type KeyType = 'S' | 'N';

export interface KeyAttribute {
  readonly name: string;
  readonly type: KeyType;
}

export interface GlobalIndexDefinition {
  readonly indexName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
}

export interface TableDefinition {
  /** Logical id, also the suffix of the physical name `<app>-<stage>-<id>`. */
  readonly id: TableId;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  readonly globalIndexes: readonly GlobalIndexDefinition[];
  /** Attribute holding an epoch-seconds expiry, when records expire. */
  readonly timeToLiveAttribute?: string;
  /** User data: RETAIN and deletion protection in prod. */
  readonly holdsUserData: boolean;
  readonly purpose: string;
}

export const TABLE_IDS = ['users', 'holdings', 'usage', 'moderation', 'market', 'idempotency'] as const;
export type TableId = (typeof TABLE_IDS)[number];

const pk: KeyAttribute = { name: 'pk', type: 'S' };
const sk: KeyAttribute = { name: 'sk', type: 'S' };
const gsi1: GlobalIndexDefinition = {
  indexName: 'gsi1',
  partitionKey: { name: 'gsi1pk', type: 'S' },
  sortKey: { name: 'gsi1sk', type: 'S' },
};

export const TABLES: Record<TableId, TableDefinition> = {
  users: {
    id: 'users',
    partitionKey: pk,
    sortKey: sk,
    globalIndexes: [gsi1],
    // A deleted account's invoices, kept under a pseudonym, expire after the legal period (docs/accounts.md).
    timeToLiveAttribute: 'expires_at',
    holdsUserData: true,
    purpose:
      'User profiles (tier, preferences) and their invoices; gsi1 finds a user by email. A deleted account leaves only its invoices, under a pseudonym, until their expiry.',
  },
  holdings: {
    id: 'holdings',
    partitionKey: pk,
    sortKey: sk,
    globalIndexes: [gsi1],
    // A large ledger write's staged rows expire (functions/src/data/ledger-apply.ts STAGED_TTL_SECONDS):
    // those of a commit its writer abandoned are never read and go without a write.
    timeToLiveAttribute: 'expires_at',
    holdsUserData: true,
    purpose:
      "A user's holdings, transactions ledger and alerts; gsi1 lists the users who hold a symbol (for the price poll).",
  },
  usage: {
    id: 'usage',
    partitionKey: pk,
    sortKey: sk,
    globalIndexes: [],
    timeToLiveAttribute: 'expires_at',
    holdsUserData: true,
    purpose:
      'Quota counters (daily rows keyed by UTC date, the holdings count) and per-request cost records.',
  },
  moderation: {
    id: 'moderation',
    partitionKey: pk,
    sortKey: sk,
    globalIndexes: [gsi1],
    holdsUserData: false,
    purpose:
      'Engine recommendations and generated posts under review; gsi1 is the queue per kind and status.',
  },
  market: {
    id: 'market',
    partitionKey: pk,
    sortKey: sk,
    globalIndexes: [],
    timeToLiveAttribute: 'expires_at',
    holdsUserData: false,
    purpose: 'Latest quote, daily bars and feed health per symbol, written by the price poll.',
  },
  idempotency: {
    id: 'idempotency',
    partitionKey: { name: 'id', type: 'S' },
    globalIndexes: [],
    timeToLiveAttribute: 'expiration',
    holdsUserData: false,
    purpose: 'Powertools idempotency records (Idempotency-Key of add-asset and upgrade).',
  },
};

/** Physical table name for a stage, e.g. `nugget-dev-holdings`. */
export function tableName(stage: string, id: TableId): string {
  return `nugget-${stage}-${id}`;
}

/** Environment variable through which a function receives a table's name, e.g. `TABLE_HOLDINGS`. */
export function tableEnvironmentVariable(id: TableId): string {
  return `TABLE_${id.toUpperCase()}`;
}
