import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getConfig, resetConfigForTests, type Config } from '@app/functions/config';
import { scanHoldingOwners } from '@app/functions/data/holding-owners';
import { keys } from '@app/functions/data/keys';
import { runLedgerMigration } from '@app/functions/portfolio/ledger-migration';
import { createLedgerMigrationDeps, handler } from '@app/functions/portfolio/ledger-migration-job';
import { createTables, localDynamoClient } from '@app/infra/local/dynamodb-local';
import { tableName } from '@app/infra/lib/table-definitions';

/**
 * The one-time ledger migration job (functions/src/portfolio/ledger-migration-job.ts, infra/README.md
 * "Ledger migration job") on DynamoDB Local, over a holdings table of its own stage (the job reads
 * the whole table, and must not race the other suites' users): every holding row becomes exactly one
 * opening BUY of its user's ledger; a second run changes nothing; a run that dies half-way, between
 * users or inside a user's staged write, and is run again, ends with exactly one opening BUY per
 * holding.
 */

const STAGE = 'ledgermigration';
const TABLE = tableName(STAGE, 'holdings');
let config: Config;
let port: number;

interface SeededHolding {
  id: string;
  symbol: string;
  shares: number;
  purchase_price: number;
  purchase_date: string;
}

function documentOf(raw: ReturnType<typeof localDynamoClient>) {
  return DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
}

/** A user's holding rows as the holdings service stored them before the ledger (no ledger head). */
async function seedHoldings(userId: string, count: number): Promise<SeededHolding[]> {
  const document = documentOf(localDynamoClient(port));
  const holdings = Array.from({ length: count }, (_, index) => ({
    id: `${userId}-h${String(index).padStart(3, '0')}`,
    symbol: `SYM${index}`,
    shares: index + 0.5,
    purchase_price: 10 + index,
    purchase_date: '2016-10-03',
  }));
  for (const holding of holdings) {
    await document.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          ...keys.holding(userId, holding.id),
          entity: 'holding',
          user_id: userId,
          name: holding.symbol,
          asset_type: 'stock',
          created_at: '2016-10-03T12:00:00.000Z',
          updated_at: '2016-10-03T12:00:00.000Z',
          version: 1,
          ...holding,
        },
      }),
    );
  }
  return holdings;
}

/** Every item of the user's ledger: the head, its rows, any staged row. */
async function ledgerItems(userId: string): Promise<Record<string, unknown>[]> {
  const document = documentOf(localDynamoClient(port));
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await document.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ledger)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':ledger': 'LEDGER' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The rows the user's ledger holds, as the portfolio reads them. */
async function ledgerRows(userId: string) {
  const items = await ledgerItems(userId);
  return items
    .filter((item) => String(item.sk).startsWith(keys.ledgerTransactionPrefix))
    .map((item) => item.row as Record<string, unknown>);
}

/** The opening BUY each holding must have become (docs/product.md: bought on its date at its price). */
function openingBuys(holdings: SeededHolding[]) {
  return holdings
    .map((holding) => ({
      id: holding.id,
      type: 'BUY',
      date: holding.purchase_date,
      symbol: holding.symbol,
      quantity: holding.shares,
      price: holding.purchase_price,
      fee: 0,
      currency: 'USD',
      estimated: false,
    }))
    .sort((left, right) => left.id.localeCompare(right.id));
}

const byId = (rows: Record<string, unknown>[]) =>
  [...rows].sort((left, right) => String(left.id).localeCompare(String(right.id)));

/** A writer that dies: the client throws instead of sending the head write `dies` picks. */
function dyingClient(dies: (headWrite: { staged: boolean; index: number }) => boolean) {
  const raw = localDynamoClient(port);
  let headWrites = 0;
  raw.middlewareStack.add(
    (next, context) => async (args) => {
      const input = JSON.stringify(args.input);
      const command = context.commandName ?? '';
      const writesHead =
        /Put|TransactWrite/.test(command) && /"sk":(\{"S":)?"LEDGER"/.test(input) && !/Batch/.test(command);
      if (writesHead) {
        const headWrite = { staged: input.includes('"applying"'), index: headWrites };
        headWrites += 1;
        if (dies(headWrite)) throw new Error('the job died');
      }
      return next(args);
    },
    { step: 'initialize', name: 'dyingMigrationWriter' },
  );
  return documentOf(raw);
}

beforeAll(async () => {
  const endpoint = inject('stack').dynamoEndpoint;
  port = Number(new URL(endpoint).port);
  await createTables(localDynamoClient(port), STAGE);
  // The job's own configuration, on this stage's holdings table and the stack's market table.
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: endpoint,
    TABLE_HOLDINGS: TABLE,
    TABLE_MARKET: tableName('local', 'market'),
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
  resetConfigForTests();
  config = getConfig();
}, 60_000);

describe('the ledger migration job', () => {
  const seeded = new Map<string, SeededHolding[]>();

  it('turns every holding into one opening BUY, and a second run changes nothing', async () => {
    seeded.set('mig-a', await seedHoldings('mig-a', 1));
    seeded.set('mig-b', await seedHoldings('mig-b', 3));
    seeded.set('mig-c', await seedHoldings('mig-c', 5));

    const first = await handler();
    const after = new Map<string, Record<string, unknown>[]>();
    for (const userId of seeded.keys()) after.set(userId, await ledgerItems(userId));
    const second = await handler();

    expect(first).toEqual({ users: 3, migrated: 3, openingBuys: 9, alreadyMigrated: 0, failed: 0 });
    expect(second).toEqual({ users: 3, migrated: 0, openingBuys: 0, alreadyMigrated: 3, failed: 0 });
    for (const [userId, holdings] of seeded) {
      expect(byId(await ledgerRows(userId))).toEqual(openingBuys(holdings));
      // Not a byte of the user's ledger rewritten by the second run (head version and times included).
      expect(await ledgerItems(userId)).toEqual(after.get(userId));
      const head = after.get(userId)!.find((item) => item.sk === 'LEDGER');
      expect(head?.version).toBe(1);
    }
  }, 120_000);

  it('run again after dying between users, ends with one opening BUY per holding', async () => {
    for (const userId of ['mig-d', 'mig-e', 'mig-f', 'mig-g'])
      seeded.set(userId, await seedHoldings(userId, 2));
    // The third head write of the run throws: the users before it are migrated, the rest are not.
    const dying = createLedgerMigrationDeps(
      config,
      dyingClient(({ index }) => index === 2),
    );

    await expect(
      runLedgerMigration(
        scanHoldingOwners(
          dyingClient(() => false),
          TABLE,
        ),
        dying,
      ),
    ).rejects.toThrow('the job died');
    const leftBehind = [];
    for (const userId of ['mig-d', 'mig-e', 'mig-f', 'mig-g'])
      if ((await ledgerItems(userId)).length === 0) leftBehind.push(userId);
    const rerun = await handler();

    expect(leftBehind.length).toBeGreaterThanOrEqual(2);
    expect(rerun).toEqual({
      users: 7,
      migrated: leftBehind.length,
      openingBuys: 2 * leftBehind.length,
      alreadyMigrated: 7 - leftBehind.length,
      failed: 0,
    });
    for (const [userId, holdings] of seeded)
      expect(byId(await ledgerRows(userId))).toEqual(openingBuys(holdings));
  }, 120_000);

  it('run again after dying inside a large user (rows staged, head unwritten), ends with one opening BUY per holding', async () => {
    // 150 holdings: more than one transaction holds (99 rows), so the rows are staged before the head.
    seeded.set('mig-large', await seedHoldings('mig-large', 150));
    const dying = createLedgerMigrationDeps(
      config,
      dyingClient(({ staged }) => staged),
    );

    await expect(
      runLedgerMigration(
        scanHoldingOwners(
          dyingClient(() => false),
          TABLE,
        ),
        dying,
      ),
    ).rejects.toThrow('the job died');
    const staged = (await ledgerItems('mig-large')).filter((item) =>
      String(item.sk).startsWith('LEDGER#STAGED#'),
    );
    const headBefore = (await ledgerItems('mig-large')).find((item) => item.sk === 'LEDGER');
    const rerun = await handler();
    const third = await handler();

    expect(staged).toHaveLength(150);
    expect(headBefore).toBeUndefined();
    expect(rerun).toMatchObject({ users: 8, migrated: 1, openingBuys: 150, alreadyMigrated: 7 });
    expect(third).toMatchObject({ users: 8, migrated: 0, alreadyMigrated: 8 });
    const rows = await ledgerRows('mig-large');
    expect(rows).toHaveLength(150);
    expect(byId(rows)).toEqual(openingBuys(seeded.get('mig-large')!));
    for (const [userId, holdings] of seeded)
      expect(byId(await ledgerRows(userId))).toEqual(openingBuys(holdings));
  }, 180_000);
});
