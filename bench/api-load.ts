import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract } from '@app/shared/api/contract';
import { SANDBOX_TEST_CARDS } from '@app/shared/domain/billing/sandbox-test-cards';
import type { LoadPlan, LoadRequest, LoadResult } from './load-generator';
import { startMemorySampler, type ChildProcessInfo, type MemoryPeaks } from './memory';
import { progress } from './report-format';
import { signUpThroughInbox, type StackUrls } from '../tests/src/sign-up-by-mail';
import { totp } from '../tests/src/totp';

/**
 * Section 2: the API under load. Users are made for the run (a PRO reader whose portfolio the list
 * shows, PRO writers for add-asset), then one weighted autocannon run per concurrency level in a
 * child process, while this process (the local stack) samples its memory.
 */

const BENCH_DIRECTORY = fileURLToPath(new URL('.', import.meta.url));

export interface BenchUser {
  userId: string;
  token: string;
  email: string;
}

export const BENCH_PASSWORD = 'Nugget-Bench-1';

export async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, body };
}

/** Signs in; `totpSecret` for an account with an authenticator app (the seeded admin's, from the stack). */
export async function login(
  baseUrl: string,
  email: string,
  password: string,
  totpSecret?: string,
): Promise<BenchUser> {
  const body = { email, password, ...(totpSecret ? { totp_code: totp(totpSecret) } : {}) };
  const response = await callApi(baseUrl, 'POST', '/api/auth/login', { body });
  if (response.status !== 200)
    throw new Error(`login ${email}: ${response.status} ${JSON.stringify(response.body)}`);
  const answer = response.body as { access_token: string; user: { id: string } };
  return { userId: answer.user.id, token: answer.access_token, email };
}

/** A fresh investor, upgraded to PRO (unlimited assets) through the sandbox payment gateway. */
export async function createProUser(stack: StackUrls, label: string): Promise<BenchUser> {
  const baseUrl = stack.webUrl;
  const email = `bench-${label}-${randomUUID().slice(0, 8)}@example.test`;
  // Signed up as a person does it: the code from the stack's inbox, then the confirmation.
  const { body } = await signUpThroughInbox(stack, {
    email,
    password: BENCH_PASSWORD,
    first_name: 'Bench',
    last_name: label,
    role: 'USER',
  });
  const user = { userId: body.user.id, token: body.access_token, email };
  // As the site buys a plan: keep a sandbox test card, then choose the plan (the one-click upgrade is gone).
  const { savePaymentMethod, choosePlan } = contract.subscription;
  const card = await callApi(baseUrl, savePaymentMethod.method, savePaymentMethod.path, {
    token: user.token,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      card: {
        number: SANDBOX_TEST_CARDS.succeeds,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        cvc: '123',
      },
    },
  });
  if (card.status !== 200) throw new Error(`card: ${card.status} ${JSON.stringify(card.body)}`);
  const plan = await callApi(baseUrl, choosePlan.method, choosePlan.path, {
    token: user.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { tier: 'PRO', cycle: 'monthly' },
  });
  if (plan.status !== 200 || (plan.body as { outcome?: string }).outcome !== 'paid')
    throw new Error(`plan: ${plan.status} ${JSON.stringify(plan.body)}`);
  return user;
}

export async function searchAssets(
  baseUrl: string,
  query: string,
  limit: number,
): Promise<{ symbol: string; asset_type: string }[]> {
  const response = await callApi(
    baseUrl,
    'GET',
    `/api/portfolio/search?q=${encodeURIComponent(query)}&limit=${limit}`,
  );
  return (response.body as { results?: { symbol: string; asset_type: string }[] }).results ?? [];
}

export interface LoadSetup {
  reader: BenchUser;
  writers: BenchUser[];
  admin: BenchUser;
  symbols: { symbol: string; asset_type: string }[];
  readerHoldings: number;
}

export async function prepareLoadUsers(stack: StackUrls, admin: BenchUser): Promise<LoadSetup> {
  const baseUrl = stack.webUrl;
  const reader = await createProUser(stack, 'reader');
  const writers = await Promise.all([0, 1, 2, 3, 4].map((index) => createProUser(stack, `writer${index}`)));
  // Real listings: the replay symbols (valued by the engine) and large snapshot listings.
  const replay = (
    await Promise.all(['AAPL', 'BTC-USD', '^GSPC'].map((query) => searchAssets(baseUrl, query, 1)))
  ).flat();
  const listings = [
    ...(await searchAssets(baseUrl, 'inc', 25)),
    ...(await searchAssets(baseUrl, 'corp', 25)),
  ];
  const symbols = [...new Map([...replay, ...listings].map((asset) => [asset.symbol, asset])).values()];
  // The reader holds 10 positions, the three replay series among them: the list values each one.
  for (const asset of symbols.slice(0, 10)) {
    const added = await callApi(baseUrl, 'POST', '/api/portfolio/holdings', {
      token: reader.token,
      body: { symbol: asset.symbol, asset_type: asset.asset_type, shares: 10, purchase_price: 100 },
    });
    if (added.status !== 201) throw new Error(`reader add ${asset.symbol}: ${added.status}`);
  }
  return { reader, writers, admin, symbols, readerHoldings: 10 };
}

/** The sequence each connection repeats: 10 requests, a dashboard load among them. */
export function loadSequence(setup: LoadSetup): LoadRequest[] {
  return [
    { name: 'dashboard: GET /api/', method: 'GET', path: '/api/' },
    { name: 'dashboard: GET /api/ai/health', method: 'GET', path: '/api/ai/health' },
    {
      name: 'dashboard: GET /api/ai/recommendations/demo_user',
      method: 'GET',
      path: '/api/ai/recommendations/demo_user',
    },
    {
      name: 'dashboard: GET /api/ai/enhanced-prices/real-time',
      method: 'GET',
      path: '/api/ai/enhanced-prices/real-time',
    },
    {
      name: 'portfolio list: GET /api/portfolio',
      method: 'GET',
      path: '/api/portfolio',
      token: setup.reader.token,
    },
    {
      name: 'recommendations (own): GET /api/ai/recommendations/{user}',
      method: 'GET',
      path: `/api/ai/recommendations/${setup.reader.userId}`,
      token: setup.reader.token,
    },
    {
      name: 'check-feature: GET /api/subscription/check-feature/ai_recommendations',
      method: 'GET',
      path: '/api/subscription/check-feature/ai_recommendations',
      token: setup.reader.token,
    },
    {
      name: 'add-asset: POST /api/portfolio/holdings',
      method: 'POST',
      path: '/api/portfolio/holdings',
      role: 'add-asset',
    },
    {
      name: 'remove-asset: DELETE /api/portfolio/holdings/{id}',
      method: 'DELETE',
      path: '/api/portfolio/holdings/00000000000000000000000000',
      role: 'remove-asset',
    },
    {
      name: 'admin dashboard: GET /api/admin/dashboard',
      method: 'GET',
      path: '/api/admin/dashboard',
      token: setup.admin.token,
    },
  ];
}

export const WRITE_ROUTES = new Set([
  'add-asset: POST /api/portfolio/holdings',
  'remove-asset: DELETE /api/portfolio/holdings/{id}',
]);

function runGenerator(plan: LoadPlan, workDirectory: string): Promise<LoadResult> {
  const planPath = join(workDirectory, `plan-${plan.connections}.json`);
  const resultPath = join(workDirectory, `result-${plan.connections}.json`);
  writeFileSync(planPath, JSON.stringify(plan));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(BENCH_DIRECTORY, 'load-generator.ts'), planPath, resultPath],
      {
        cwd: join(BENCH_DIRECTORY, '..'),
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
      else resolve(JSON.parse(readFileSync(resultPath, 'utf8')) as LoadResult);
    });
  });
}

export interface LoadLevelFigures {
  result: LoadResult;
  memory: MemoryPeaks;
}

export async function runLoadLevels(options: {
  baseUrl: string;
  setup: LoadSetup;
  levels: readonly number[];
  durationSeconds: number;
  warmUpSeconds: number;
  workDirectory: string;
  children: () => readonly ChildProcessInfo[];
}): Promise<{ levels: LoadLevelFigures[]; sequence: LoadRequest[] }> {
  const sequence = loadSequence(options.setup);
  const basePlan = {
    baseUrl: options.baseUrl,
    sequence,
    writers: options.setup.writers.map((writer) => ({ token: writer.token })),
    symbols: options.setup.symbols,
  };
  if (options.warmUpSeconds > 0) {
    progress(`load: warm-up ${options.warmUpSeconds} s at 10 connections`);
    await runGenerator(
      { ...basePlan, connections: 10, durationSeconds: options.warmUpSeconds },
      options.workDirectory,
    );
  }
  const levels: LoadLevelFigures[] = [];
  for (const connections of options.levels) {
    progress(`load: ${connections} connections for ${options.durationSeconds} s`);
    global.gc?.();
    const sampler = startMemorySampler(options.children);
    const result = await runGenerator(
      { ...basePlan, connections, durationSeconds: options.durationSeconds },
      options.workDirectory,
    );
    levels.push({ result, memory: sampler.stop() });
  }
  return { levels, sequence };
}
