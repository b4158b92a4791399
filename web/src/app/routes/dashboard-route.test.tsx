import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@app/shared/domain/entities/user';
import { AuthGuard } from '@/features/auth/components/auth-guard';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { createQueryClient, FollowLanguage } from '@/kit/api/server-state';
import { configureAmplifyAuth } from '@/kit/auth/amplify-auth';
import { MarketDateBadge } from '@/kit/market/market-date';
import { hasSession } from '@/kit/auth/password-sign-in';
import type * as SignInModule from '@/kit/auth/password-sign-in';
import { installFakeApi, withQueryClient, type FakeRoute } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { keepAnswer, keptAnswers } from '@/lib/kept-answers';
import { ENHANCED, PORTFOLIO, RECOMMENDATIONS } from '@/features/dashboard/test/fixtures';
import { PreferencesSync } from '../layout/preferences-sync';
import { DashboardRoute } from './dashboard-route';

/** Lazy chunks and the fake server under a loaded CI machine: waits longer than Testing Library's 1 s. */
const SLOW = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });

// The session check is Amplify's (it reads and refreshes the stored tokens): each test says what it finds.
vi.mock('@/kit/auth/password-sign-in', async (importOriginal) => ({
  ...(await importOriginal<typeof SignInModule>()),
  hasSession: vi.fn(),
}));

const CLIENT_ID = 'client-a';
// An access token whose payload is {"sub":"user-7","token_use":"access"}, base64url-encoded by hand.
const STORED_TOKEN = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1c2VyLTciLCJ0b2tlbl91c2UiOiJhY2Nlc3MifQ.sig';

const USER: User = {
  id: 'user-7',
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: '',
  role: 'USER',
  subscription_tier: 'PREMIUM',
  language: 'en',
  theme: 'light',
  created_at: '2026-11-20T08:00:00.000Z',
};

/** Amplify's token store as a signed-in browser holds it (keys spelled out from @aws-amplify/auth's TokenStore). */
function storeSession(): void {
  window.localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'ana');
  window.localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.ana.accessToken`, STORED_TOKEN);
}

/** A promise the test settles itself. */
function held<T>() {
  let settle: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

async function renderDashboard() {
  await renderWithProviders(
    withQueryClient(
      <AuthProvider adminSiteUrl="http://admin.test">
        <AuthGuard paintsBeforeSessionCheck>
          <DashboardRoute />
        </AuthGuard>
      </AuthProvider>,
    ),
    { route: '/dashboard' },
  );
}

const ROOT = { message: 'Nugget Finder API', version: '1', data_mode: 'replay' };

const DASHBOARD_REQUESTS = [
  '/api/portfolio/dashboard',
  '/api/ai/recommendations/user-7?limit=100',
  '/api/ai/enhanced-prices/real-time',
];

beforeEach(() => {
  window.localStorage.clear();
  configureAmplifyAuth({ userPoolId: 'local_pool', userPoolClientId: CLIENT_ID });
});

afterEach(() => {
  vi.mocked(hasSession).mockReset();
  window.localStorage.clear();
});

describe('the dashboard with a stored session (docs/product.md "Screens", session)', () => {
  it('shows its skeletons and sends its own requests while GET /api/auth/me is pending', async () => {
    vi.mocked(hasSession).mockResolvedValue(true);
    storeSession();
    const me = held<{ body: unknown }>();
    const never = new Promise<undefined>(() => undefined);
    const requests = installFakeApi(((request) =>
      request.path === '/api/auth/me' ? me.promise : never) satisfies FakeRoute);

    await renderDashboard();

    // The greeting and the figures are skeletons, not the guard's "Checking authentication...".
    expect(await screen.findByTestId('welcome-pending', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByTestId('stat-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText('Checking authentication...')).toBeNull();
    const paths = () => requests.map((request) => request.path);
    // Both are sent, in either order (auth/me can leave after the dashboard's own requests), and
    // auth/me is still unanswered.
    await waitFor(
      () => expect(paths()).toEqual(expect.arrayContaining([...DASHBOARD_REQUESTS, '/api/auth/me'])),
      SLOW,
    );

    // auth/me still decides whose name the greeting shows.
    me.settle({ body: USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ana!' }, SLOW)).toBeTruthy();
    // One request each: the answer to auth/me did not send the dashboard's requests again.
    for (const path of DASHBOARD_REQUESTS) expect(paths().filter((sent) => sent === path)).toHaveLength(1);
  });

  it('greets by the name the last check gave before the new check answers', async () => {
    vi.mocked(hasSession).mockResolvedValue(true);
    storeSession();
    window.localStorage.setItem('viewerName', JSON.stringify({ userId: 'user-7', name: 'Ana' }));
    installFakeApi(() => new Promise<undefined>(() => undefined));

    await renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ana!' }, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('welcome-pending')).toBeNull();
  });

  it('shows the sign-in panel, not the home page, when the check refuses the stored session', async () => {
    const check = held<boolean>();
    vi.mocked(hasSession).mockReturnValue(check.promise);
    storeSession();
    const unauthorized = { status: 401, body: { error: 'Sign in to continue.', code: 'UNAUTHORIZED' } };
    const sessionEnded = vi.fn();
    // Every signed-in route refuses the stored token (the API's root is public: it answers).
    const requests = installFakeApi((request) => (request.path === '/api/' ? { body: ROOT } : unauthorized), {
      onUnauthorized: sessionEnded,
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);

    await renderDashboard();
    // The early requests were refused (the stored token is no longer good)...
    await waitFor(
      () => expect(requests.map((request) => request.path)).toContain(DASHBOARD_REQUESTS[0]),
      SLOW,
    );
    // ...and the check then refuses the session: the guard asks to sign in, as without the early paint.
    check.settle(false);

    expect(await screen.findByRole('heading', { name: 'Authentication Required' }, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('welcome-pending')).toBeNull();
    expect(sessionEnded).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(requests.map((request) => request.path)).not.toContain('/api/auth/me');
    assign.mockRestore();
  });

  it("forgets the account's kept dashboard answers when the check refuses the stored session", async () => {
    const check = held<boolean>();
    vi.mocked(hasSession).mockReturnValue(check.promise);
    storeSession();
    keepAnswer('user-7', 'recommendations', RECOMMENDATIONS);
    installFakeApi(() => new Promise<undefined>(() => undefined));

    await renderDashboard();
    expect(await screen.findByTestId('kept-answers', {}, SLOW)).toBeTruthy();
    check.settle(false);

    expect(await screen.findByRole('heading', { name: 'Authentication Required' }, SLOW)).toBeTruthy();
    expect(keptAnswers('user-7')).toEqual({});
  });

  it("forgets the account's kept dashboard answers when the API ends the session (the sign-in-again dialog)", async () => {
    vi.mocked(hasSession).mockResolvedValue(true);
    storeSession();
    keepAnswer('user-7', 'recommendations', RECOMMENDATIONS);
    // The dashboard's own answer comes after the check accepted the session: a 401 then ends it.
    const firstScreen = held<{ status: number; body: unknown }>();
    const never = new Promise<undefined>(() => undefined);
    installFakeApi((request) => {
      if (request.path === '/api/auth/me') return { body: USER };
      return request.path === '/api/portfolio/dashboard' ? firstScreen.promise : never;
    });

    await renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ana!' }, SLOW)).toBeTruthy();
    expect(keptAnswers('user-7')).not.toEqual({});
    firstScreen.settle({ status: 401, body: { error: 'Sign in to continue.', code: 'UNAUTHORIZED' } });

    expect(await screen.findByRole('dialog', { name: 'Your session has ended' }, SLOW)).toBeTruthy();
    expect(keptAnswers('user-7')).toEqual({});
  });

  it('waits for the check, asking nothing, when no session is stored', async () => {
    vi.mocked(hasSession).mockReturnValue(new Promise<boolean>(() => undefined));
    const requests = installFakeApi(() => undefined);

    await renderDashboard();

    expect(await screen.findByText('Checking authentication...', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('welcome-pending')).toBeNull();
    expect(requests).toHaveLength(0);
  });
});

const MARKET_CLOCK = {
  data_mode: 'replay',
  market_date: '2008-12-30',
  replay: {
    cycle: 0,
    step: 118,
    steps: 302,
    window: { from: '2008-09-05', to: '2009-07-03' },
    ms_per_day: 86_400_000,
  },
  // An hour away: the clock is asked again then (a date past setTimeout's 24.8 days would fire at once).
  next_change_at: new Date(Date.now() + 3_600_000).toISOString(),
};

/** Every request of a signed-in dashboard load (the header's market date included), answered. */
const SIGNED_IN_ANSWERS: Record<string, unknown> = {
  '/api/': ROOT,
  '/api/ai/market-clock': MARKET_CLOCK,
  '/api/auth/me': USER,
  '/api/portfolio/dashboard': { portfolio: { ...PORTFOLIO, demo: false }, performance: null },
  '/api/ai/recommendations/user-7?limit=100': RECOMMENDATIONS,
  '/api/ai/enhanced-prices/real-time': ENHANCED,
};

describe('the first dashboard load after signing in (issue 48: no request twice)', () => {
  it("asks each URL once while the profile's language, the one already shown, is applied", async () => {
    vi.mocked(hasSession).mockResolvedValue(true);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    // No language chosen in this browser and this user's preferences not yet taken on: the profile's
    // language (en, the one shown) applies (settings/components/apply-stored-preferences.ts).
    storeSession();
    const requests = installFakeApi((request) =>
      request.path in SIGNED_IN_ANSWERS ? { body: SIGNED_IN_ANSWERS[request.path] } : undefined,
    );
    // The site's own defaults (kit/api/server-state.tsx), with the language follower the shell mounts.
    const client = createQueryClient();

    await renderWithProviders(
      <QueryClientProvider client={client}>
        <FollowLanguage client={client} />
        <AuthProvider adminSiteUrl="http://admin.test">
          <PreferencesSync />
          <MarketDateBadge />
          <AuthGuard paintsBeforeSessionCheck>
            <DashboardRoute />
          </AuthGuard>
        </AuthProvider>
      </QueryClientProvider>,
      { route: '/dashboard' },
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ana!' }, SLOW)).toBeTruthy();
    // The profile's language has been applied (it is remembered once applied)...
    await waitFor(() => expect(window.localStorage.getItem('language')).toBe('en'), SLOW);
    // ...and whatever that started has answered.
    await waitFor(() => expect(client.isFetching()).toBe(0), SLOW);
    const counts: Record<string, number> = {};
    for (const { path } of requests) counts[path] = (counts[path] ?? 0) + 1;
    expect(counts).toEqual(Object.fromEntries(Object.keys(SIGNED_IN_ANSWERS).map((path) => [path, 1])));
    info.mockRestore();
  });
});
