import type { ServiceArea } from '@app/shared/api';
import { keys } from '@app/functions/data/keys';
import type { TableId } from './table-definitions';

/** The two table-wide access levels. */
export type TableAccessLevel = 'read' | 'readwrite';

/**
 * Read the whole table, and update (UpdateItem only) the items of the named partitions and no other:
 * one more statement with the condition `ForAllValues:StringEquals dynamodb:LeadingKeys`, which IAM
 * checks per item, also inside a TransactWriteItems.
 */
export interface ReadAndUpdatePartitions {
  readonly read: true;
  readonly updatePartitions: readonly string[];
}

export type TableAccess = TableAccessLevel | ReadAndUpdatePartitions;
export type TableGrants = Readonly<Partial<Record<TableId, TableAccess>>>;

/**
 * The market table's LAST_RECS partition: one marker per symbol naming its last recommendation and
 * carrying that recommendation's review status (functions/src/data/recommendation-queue-repository.ts).
 * The review decision sets the status in its transaction (admin area); the recommendations list writes
 * back the status of a marker from before markers carried one (market area).
 */
export const READ_MARKET_UPDATE_REVIEW_MARKERS: ReadAndUpdatePartitions = {
  read: true,
  updatePartitions: [keys.lastRecommendationIndexPartition],
};

/** The one write action a partition-scoped grant allows. */
export const PARTITION_UPDATE_ACTION = 'dynamodb:UpdateItem';

export const JOB_NAMES = [
  'price-poll',
  'usage-reset',
  'content-generation',
  'ingestion-planner',
  'billing-renewal',
  'alert-digest',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/**
 * The DynamoDB actions each access level allows. Scan is deliberately absent: every access pattern
 * in infra/README.md is served by a key or an index, so a Scan in code fails with AccessDenied.
 * TransactWriteItems and TransactGetItems have no IAM action of their own: IAM checks each item's
 * PutItem/UpdateItem/DeleteItem/ConditionCheckItem/GetItem.
 */
export const DYNAMODB_ACTIONS: Readonly<Record<TableAccessLevel, readonly string[]>> = {
  read: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DescribeTable',
  ],
  readwrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DescribeTable',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};

/** Least privilege per API area: the tables each area's Lambda may touch, and how. Checked by a test. */
export const AREA_TABLE_GRANTS: Readonly<Record<ServiceArea, TableGrants>> = {
  // The contact form: the message (moderation, the Inbox), the sender's hourly counter (usage) and a
  // signed-in sender's plan (users).
  // holdings: the one-click unsubscribe turns a mail off in the notification preferences.
  public: { moderation: 'readwrite', usage: 'readwrite', users: 'read', holdings: 'readwrite' },
  // users: profiles; usage: the hourly counters of e-mailed code requests; all four: "Download my data"
  // reads and "Delete my account" erases the user's records.
  auth: { users: 'readwrite', holdings: 'readwrite', usage: 'readwrite', moderation: 'readwrite' },
  // market: the recommendations list writes back onto a LAST_RECS marker from before markers carried a
  // review status the status it read from the item (functions/src/market/recommendations-service.ts).
  market: {
    market: READ_MARKET_UPDATE_REVIEW_MARKERS,
    moderation: 'read',
    users: 'read',
    holdings: 'read',
    usage: 'readwrite',
  },
  subscription: { users: 'readwrite', usage: 'readwrite', holdings: 'read', idempotency: 'readwrite' },
  // market readwrite: an on-demand backfill starts tracking a symbol (a pending series, created once).
  portfolio: {
    holdings: 'readwrite',
    usage: 'readwrite',
    market: 'readwrite',
    users: 'read',
    idempotency: 'readwrite',
  },
  // market: a recommendation's review decision sets the status on its LAST_RECS marker, in the
  // decision's transaction (functions/src/data/recommendation-queue-repository.ts).
  admin: { moderation: 'readwrite', market: READ_MARKET_UPDATE_REVIEW_MARKERS, usage: 'read', users: 'read' },
};

/** Least privilege per scheduled job. */
export const JOB_TABLE_GRANTS: Readonly<Record<JobName, TableGrants>> = {
  // users: the holders' and rule owners' tiers (alerts are counted per plan).
  'price-poll': {
    market: 'readwrite',
    holdings: 'readwrite',
    usage: 'readwrite',
    moderation: 'readwrite',
    users: 'read',
  },
  'usage-reset': { usage: 'readwrite' },
  'content-generation': { moderation: 'readwrite', market: 'read' },
  // Starts tracking the seeds (series state) and reads the reference lists' fetch times.
  'ingestion-planner': { market: 'readwrite' },
  // The billing account, documents and profile (users), the answers per key (idempotency).
  'billing-renewal': { users: 'readwrite', idempotency: 'readwrite' },
  // The digest readers and their alerts (holdings), their address and language (users).
  'alert-digest': { holdings: 'read', users: 'read' },
};

/**
 * The one-time ledger migration (functions/src/portfolio/ledger-migration-job.ts, invoked by hand):
 * the users' holdings and ledgers (holdings), a day's close for a holding without a purchase price
 * (market).
 */
export const LEDGER_MIGRATION_GRANTS: TableGrants = { holdings: 'readwrite', market: 'read' };
/**
 * ...and the one Scan granted anywhere, to that function only, on the holdings table itself (no
 * index): no key or index lists every holder (infra/README.md "Ledger migration job").
 */
export const LEDGER_MIGRATION_SCAN_ACTION = 'dynamodb:Scan';

/** The ingestion worker (an SQS consumer, not a scheduled job): it writes the stored market only. */
export const INGESTION_WORKER_GRANTS: TableGrants = { market: 'readwrite' };

/**
 * Cognito actions of the auth area: register (create, set password, roll back), profile read and update,
 * sign out everywhere, and the account's deletion. (ChangePassword and the sign-in calls take the user's
 * own token or password, not IAM.)
 */
export const AUTH_COGNITO_ACTIONS: readonly string[] = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
];

/**
 * The admin area reads whether the calling admin has an authenticator app enrolled (AdminGetUser's MFA
 * settings) before any admin route runs (functions/src/admin/admin-second-factor.ts).
 */
export const ADMIN_COGNITO_ACTIONS: readonly string[] = ['cognito-idp:AdminGetUser'];
