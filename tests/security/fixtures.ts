import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { inject } from 'vitest';
import { localCognitoClient } from '@app/infra/local/cognito-local';
import { buildPath, contract, type RouteDefinition } from '@app/shared/api';
import { subscribe } from '../src/billing';
import { api, signIn, signUpInvestor, type ApiResponse, type SignedInUser } from '../src/api';
import { enrolTotp } from '../src/totp-enrolment';

/** Who calls: the columns of the authorisation matrix. */
export const CALLERS = ['anonymous', 'demo', 'free', 'premium', 'pro', 'second', 'admin'] as const;
export type CallerName = (typeof CALLERS)[number];

export interface Investor extends SignedInUser {
  tier: 'FREE' | 'PREMIUM' | 'PRO';
  holdingIds: string[];
  /** The ledger rows the holdings were added as (a holding's id is not its BUY row's). */
  transactionIds: string[];
  alertIds: string[];
}

export interface RouteCall {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Appended as typed (duplicate parameters, odd encodings). */
  rawQuery?: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
  /** The loopback address to send from (ApiOptions.from). */
  from?: string;
}

/** One real HTTP request to a contract route, its path built from the contract. */
export function callRoute(route: RouteDefinition, call: RouteCall = {}): Promise<ApiResponse> {
  let path = buildPath(route.path, call.params ?? {});
  if (call.rawQuery !== undefined) path += `?${call.rawQuery}`;
  const headers: Record<string, string> = { ...(call.headers ?? {}) };
  if (call.contentType !== undefined) headers['content-type'] = call.contentType;
  return api(route.method, path, {
    ...(call.token ? { token: call.token } : {}),
    ...(call.query ? { query: call.query } : {}),
    ...(call.body !== undefined ? { body: call.body } : {}),
    ...(call.rawBody !== undefined ? { rawBody: call.rawBody } : {}),
    headers,
    ...(call.from ? { from: call.from } : {}),
  });
}

export function randomUlid(): string {
  return ulid();
}

/** Symbols the portfolio accepts (replay universe and the screener snapshot), with their asset type. */
export const ADDABLE_ASSETS = [
  { symbol: 'AAPL', asset_type: 'stock' },
  { symbol: 'MSFT', asset_type: 'stock' },
  { symbol: 'BTC-USD', asset_type: 'crypto' },
  { symbol: 'JPM', asset_type: 'stock' },
  { symbol: '^GSPC', asset_type: 'stock' },
] as const;

export async function addHolding(user: SignedInUser, index: number): Promise<string> {
  const asset = ADDABLE_ASSETS[index % ADDABLE_ASSETS.length] as (typeof ADDABLE_ASSETS)[number];
  const response = await api<{ asset: { id: string } }>('POST', contract.portfolio.add.path, {
    token: user.token,
    body: { symbol: asset.symbol, shares: 2 + index, asset_type: asset.asset_type },
  });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`add holding failed: ${response.status} ${response.text}`);
  return response.body.asset.id;
}

async function transactionIdsOf(user: SignedInUser): Promise<string[]> {
  const response = await api<{ transactions?: { id: string }[] }>(
    'GET',
    contract.portfolio.listTransactions.path,
    { token: user.token },
  );
  return response.status === 200 ? (response.body.transactions ?? []).map((row) => row.id) : [];
}

async function alertIdsOf(user: SignedInUser): Promise<string[]> {
  const response = await api<{ alerts?: { id: string }[] }>('GET', contract.portfolio.alerts.path, {
    token: user.token,
  });
  return response.status === 200 ? (response.body.alerts ?? []).map((alert) => alert.id) : [];
}

/** A new investor on a tier (bought through the billing routes, as a user would), with some holdings. */
/** A FREE investor made for one call of a route that ends its sessions or erases it (authorisation-matrix.ts). */
export async function throwawayInvestor(): Promise<Investor> {
  return {
    ...(await signUpInvestor('Throwaway')),
    tier: 'FREE',
    holdingIds: [],
    transactionIds: [],
    alertIds: [],
  };
}

export async function createInvestor(
  tier: Investor['tier'],
  holdings: number,
  firstName = 'Sec',
): Promise<Investor> {
  const user = await signUpInvestor(firstName);
  if (tier !== 'FREE') await subscribe(user, tier);
  const holdingIds: string[] = [];
  for (let index = 0; index < holdings; index += 1) holdingIds.push(await addHolding(user, index));
  return {
    ...user,
    tier,
    holdingIds,
    transactionIds: await transactionIdsOf(user),
    alertIds: await alertIdsOf(user),
  };
}

/**
 * An admin of its own (a new investor added to the Cognito ADMIN group), for suites that compare the
 * caller's stored data before and after: the seeded admin is shared with other suites running at once.
 */
export async function createAdmin(): Promise<SignedInUser> {
  const user = await signUpInvestor('Admin');
  const stack = inject('stack');
  const client = localCognitoClient(Number(new URL(stack.cognitoEndpoint).port));
  // cognito-local wants the sub as the username here.
  await client.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: stack.userPoolId,
      Username: user.userId,
      GroupName: 'ADMIN',
    }),
  );
  const admin = await signIn(user.email, user.password);
  // The API refuses admin routes to an admin without an authenticator app (docs/accounts.md).
  await enrolTotp(admin.token);
  return admin;
}

export interface CallerSet {
  free: Investor;
  premium: Investor;
  pro: Investor;
  second: Investor;
  admin: Investor;
}

/** FREE, PREMIUM and PRO investors, a second FREE investor and an admin (a PRO user too). */
export async function createCallerSet(): Promise<CallerSet> {
  const [free, premium, pro, second] = await Promise.all([
    createInvestor('FREE', 2, 'Free'),
    createInvestor('PREMIUM', 2, 'Premium'),
    createInvestor('PRO', 2, 'Pro'),
    createInvestor('FREE', 2, 'Second'),
  ]);
  // An admin of its own on PRO (the seeded admin is shared with suites running at once, and the
  // matrix's billing writes change the caller's plan).
  const adminUser = await createAdmin();
  await subscribe(adminUser, 'PRO');
  const adminHoldings = [await addHolding(adminUser, 3), await addHolding(adminUser, 4)];
  const admin: Investor = {
    ...adminUser,
    tier: 'PRO',
    holdingIds: adminHoldings,
    transactionIds: await transactionIdsOf(adminUser),
    alertIds: await alertIdsOf(adminUser),
  };
  return { free, premium, pro, second, admin };
}

/**
 * What a user owns, as stable fields only (prices move with the replay clock, so values are left out):
 * holdings, plan, today's usage, invoices, alerts and profile.
 */
export async function snapshotOf(user: SignedInUser): Promise<Record<string, unknown>> {
  const get = (path: string) => api<Record<string, unknown>>('GET', path, { token: user.token });
  const [portfolio, subscription, usage, invoices, alerts, me] = await Promise.all([
    get(contract.portfolio.list.path),
    get(contract.subscription.mySubscription.path),
    get(contract.subscription.usageStats.path),
    get(contract.subscription.invoices.path),
    get(contract.portfolio.alerts.path),
    get(contract.auth.me.path),
  ]);
  const assets = (portfolio.body.assets as Record<string, unknown>[] | undefined) ?? [];
  const subscriptionBody = subscription.body.subscription as Record<string, unknown> | undefined;
  return {
    holdings: assets
      .map((asset) => [asset.id, asset.symbol, asset.shares, asset.purchase_price, asset.purchase_date])
      .sort(),
    subscription: subscriptionBody
      ? {
          tier: subscriptionBody.tier,
          expires_at: subscriptionBody.expires_at,
          limits: subscriptionBody.limits,
        }
      : subscription.status,
    usage: usage.body.usage ?? usage.status,
    invoices: ((invoices.body.invoices as { number: string }[] | undefined) ?? []).map(
      (invoice) => invoice.number,
    ),
    creditNotes: ((invoices.body.credit_notes as { number: string }[] | undefined) ?? []).map(
      (note) => note.number,
    ),
    alerts:
      alerts.status === 200
        ? ((alerts.body.alerts as Record<string, unknown>[] | undefined) ?? []).map((alert) => [
            alert.id,
            alert.dismissed,
          ])
        : alerts.status,
    me: [me.body.id, me.body.first_name, me.body.last_name, me.body.language, me.body.theme, me.body.role],
  };
}

/** Runs tasks with at most `limit` in flight (a small concurrency keeps two cores responsive). */
export async function runWithConcurrency<T>(
  tasks: readonly (() => Promise<T>)[],
  limit: number,
): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  });
  await Promise.all(workers);
  return results;
}
