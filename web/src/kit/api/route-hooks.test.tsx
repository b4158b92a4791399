import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { contract } from '@app/shared/api/contract';
import { configureApiClient, createApiClient } from './api-client';
import { routeQueryKey } from './route-key';
import { IDEMPOTENCY_KEY_HEADER, useRouteMutation } from './route-mutation';
import { useRouteQuery } from './route-query';

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/** The typed client on a scripted fetch: each call takes the next answer (an Error is a network failure). */
function scriptedApi(answers: (Error | { status: number; body: unknown })[]) {
  const sent: Sent[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const answer = answers.shift() ?? { status: 500, body: { error: 'unscripted', code: 'INTERNAL' } };
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  configureApiClient(
    createApiClient({
      apiUrl: '/api',
      getAccessToken: async () => 'token',
      onUnauthorized: () => undefined,
      fetch: fetchImpl as unknown as typeof fetch,
    }),
  );
  return sent;
}

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** The answer of a paid plan choice, as the contract shapes it (the client checks answers). */
const PAID = {
  outcome: 'paid',
  replayed: false,
  message_code: null,
  message_params: {},
  invoice_number: 'INV-0001',
  amount_cents: 7_900,
  period_end: '2030-01-01T00:00:00.000Z',
  challenge_id: null,
  credit_notes: [],
  grace_ends_at: null,
  change: null,
  billing: {
    status: 'active',
    tier: 'PREMIUM',
    plan: { tier: 'PREMIUM', cycle: 'monthly' },
    period_start: '2029-12-01T00:00:00.000Z',
    period_end: '2030-01-01T00:00:00.000Z',
    next_billing: {
      date: '2030-01-01T00:00:00.000Z',
      amount_cents: 7_900,
      plan: { tier: 'PREMIUM', cycle: 'monthly' },
    },
    scheduled_change: null,
    grace_ends_at: null,
    payment_method: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    pending_payment: null,
    refund: null,
    portal_available: false,
  },
};

describe('useRouteQuery', () => {
  it('calls the route with its parameters and caches the answer under the route key with its policy', async () => {
    const sent = scriptedApi([{ status: 200, body: { results: [], market_date: '2017-01-01' } }]);
    const client = new QueryClient();
    const { result } = renderHook(
      () => useRouteQuery(contract.portfolio.search, { query: { q: 'ap', limit: 8 } }),
      { wrapper: wrapperWith(client) },
    );

    await waitFor(() => expect(result.current.data).toEqual({ results: [], market_date: '2017-01-01' }));
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/portfolio/search?q=ap&limit=8',
    ]);
    const cached = client.getQueryCache().find({
      queryKey: routeQueryKey(contract.portfolio.search, { query: { q: 'ap', limit: 8 } }),
    });
    // portfolio.searchAssets' policy: fresh for a minute, no retry.
    expect(cached?.options).toMatchObject({ staleTime: 60_000, retry: false });
  });
});

describe('useRouteMutation', () => {
  it('retries an idempotent route once after no answer, with the same Idempotency-Key', async () => {
    const sent = scriptedApi([new TypeError('connection reset'), { status: 200, body: PAID }]);
    const { result } = renderHook(() => useRouteMutation(contract.subscription.choosePlan), {
      wrapper: wrapperWith(new QueryClient()),
    });

    await act(() => result.current.mutateAsync({ body: { tier: 'PREMIUM', cycle: 'monthly' } }));

    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((request) => request.headers[IDEMPOTENCY_KEY_HEADER]);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
  });

  it('gives each call of an idempotent route its own key', async () => {
    const sent = scriptedApi([
      { status: 200, body: PAID },
      { status: 200, body: { ...PAID, invoice_number: 'INV-0002', amount_cents: 12_000 } },
    ]);
    const { result } = renderHook(() => useRouteMutation(contract.subscription.choosePlan), {
      wrapper: wrapperWith(new QueryClient()),
    });

    await act(() => result.current.mutateAsync({ body: { tier: 'PREMIUM', cycle: 'monthly' } }));
    await act(() => result.current.mutateAsync({ body: { tier: 'PRO', cycle: 'monthly' } }));

    expect(sent[0]?.headers[IDEMPOTENCY_KEY_HEADER]).not.toBe(sent[1]?.headers[IDEMPOTENCY_KEY_HEADER]);
  });

  it('never retries a write the contract does not mark idempotent', async () => {
    const sent = scriptedApi([new TypeError('connection reset')]);
    const { result } = renderHook(() => useRouteMutation(contract.portfolio.dismissAlert), {
      wrapper: wrapperWith(new QueryClient()),
    });

    await act(async () => {
      await result.current.mutateAsync({ params: { id: 'a1' } }).catch(() => undefined);
    });

    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers[IDEMPOTENCY_KEY_HEADER]).toBeUndefined();
  });

  it("marks stale the reads its policy names, even after a failure when the policy says 'settled'", async () => {
    scriptedApi([{ status: 404, body: { error: 'No alert a1.', code: 'NOT_FOUND' } }]);
    const client = new QueryClient();
    const alertsKey = routeQueryKey(contract.portfolio.alerts);
    const countKey = routeQueryKey(contract.portfolio.alertCount);
    const holdingsKey = routeQueryKey(contract.portfolio.list);
    for (const key of [alertsKey, countKey, holdingsKey]) client.setQueryData(key, {});
    const { result } = renderHook(() => useRouteMutation(contract.portfolio.dismissAlert), {
      wrapper: wrapperWith(client),
    });

    await act(async () => {
      await result.current.mutateAsync({ params: { id: 'a1' } }).catch(() => undefined);
    });

    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([stale(alertsKey), stale(countKey), stale(holdingsKey)]).toEqual([true, true, false]);
  });

  it('puts the answer of a route that returns the new state in place of the cached read', async () => {
    const saved = {
      id: 'sub-1',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Byron',
      role: 'USER',
      subscription_tier: 'FREE',
      language: 'fr',
      theme: 'light',
      created_at: '2026-01-01T00:00:00.000Z',
    };
    scriptedApi([{ status: 200, body: saved }]);
    const client = new QueryClient();
    const { result } = renderHook(() => useRouteMutation(contract.auth.updateMe), {
      wrapper: wrapperWith(client),
    });

    await act(() =>
      result.current.mutateAsync({ body: { last_name: 'Byron', language: 'fr', theme: 'light' } }),
    );

    expect(client.getQueryData(routeQueryKey(contract.auth.me))).toEqual(saved);
  });
});
