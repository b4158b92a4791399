import { createBrowserRouter, matchRoutes, type Location, type RouteObject } from 'react-router-dom';
import { HomePage } from '@/features/marketing/components/home-page';
import { PublicLayout } from './layout/public-layout';
import { RouteLoading } from './routes/route-loading';
import { StartupError } from './routes/startup-error';
import type { PageTitle, TitleHandle } from './layout/document-title';
import type { EarlyPaintHandle } from './layout/app-shell';

/** A route's page name, for the document's <title> (layout/document-title.tsx). */
const title = (page: PageTitle): TitleHandle => ({ title: page });

/** The signed-in shell and its pages (their strings are the 'app' part of a language's bundle). */
const signedInArea: RouteObject = {
  lazy: () =>
    import('./layout/app-shell').then((m) => ({ Component: m.AppShellRoute, loader: m.appShellLoader })),
  errorElement: <StartupError />,
  hydrateFallbackElement: <RouteLoading />,
  children: [
    {
      path: 'dashboard',
      // docs/product.md "Screens", session: paints and asks for its data before the stored session is checked.
      handle: { ...title('dashboard'), paintsBeforeSessionCheck: true } satisfies EarlyPaintHandle,
      lazy: () => import('./routes/dashboard-route').then((m) => ({ Component: m.DashboardRoute })),
    },
    {
      path: 'portfolio',
      handle: title('portfolio'),
      lazy: () => import('./routes/portfolio-route').then((m) => ({ Component: m.PortfolioRoute })),
    },
    {
      path: 'portfolio/transactions',
      handle: title('transactions'),
      lazy: () => import('./routes/transactions-route').then((m) => ({ Component: m.TransactionsRoute })),
    },
    {
      path: 'recommendations',
      handle: title('recommendations'),
      lazy: () =>
        import('./routes/recommendations-route').then((m) => ({ Component: m.RecommendationsRoute })),
    },
    {
      path: 'screener',
      handle: title('screener'),
      lazy: () => import('./routes/screener-route').then((m) => ({ Component: m.ScreenerRoute })),
    },
    {
      path: 'watchlists',
      handle: title('watchlists'),
      lazy: () => import('./routes/watchlists-route').then((m) => ({ Component: m.WatchlistsRoute })),
    },
    {
      path: 'alerts',
      handle: title('alerts'),
      lazy: () => import('./routes/alerts-route').then((m) => ({ Component: m.AlertsRoute })),
    },
    {
      path: 'methodology',
      handle: title('methodology'),
      lazy: () =>
        import('@/features/methodology/components/methodology-page').then((m) => ({
          Component: m.MethodologyPage,
        })),
    },
    {
      path: 'subscription',
      handle: title('subscription'),
      lazy: () => import('./routes/subscription-route').then((m) => ({ Component: m.SubscriptionRoute })),
    },
    {
      path: 'settings',
      handle: title('settings'),
      lazy: () => import('./routes/settings-route').then((m) => ({ Component: m.SettingsRoute })),
    },
  ],
};

/**
 * docs/product.md "Screens" (the investor site's routes). The home page ships in the first chunk; every other
 * page, and the signed-in shell with Amplify behind it, loads when first visited.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomePage />, handle: title('home') },
      {
        path: 'features',
        handle: title('features'),
        lazy: () =>
          import('@/features/marketing/components/features-page').then((m) => ({
            Component: m.FeaturesPage,
          })),
      },
      {
        path: 'pricing',
        handle: title('pricing'),
        lazy: () =>
          import('@/features/pricing/components/pricing-page').then((m) => ({ Component: m.PricingPage })),
      },
      {
        path: 'about',
        handle: title('about'),
        lazy: () =>
          import('@/features/marketing/components/about-page').then((m) => ({ Component: m.AboutPage })),
      },
      {
        path: 'track-record',
        handle: title('trackRecord'),
        lazy: () =>
          import('./routes/track-record-route').then((m) => ({
            Component: m.TrackRecordRoute,
            loader: m.trackRecordLoader,
          })),
      },
      {
        path: 'contact',
        handle: title('contact'),
        lazy: () =>
          import('@/features/contact/components/contact-page').then((m) => ({ Component: m.ContactPage })),
      },
      {
        path: 'privacy',
        handle: title('privacy'),
        lazy: () =>
          import('@/features/legal/components/legal-page').then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        path: 'terms',
        handle: title('terms'),
        lazy: () =>
          import('@/features/legal/components/legal-page').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: 'unsubscribe',
        handle: title('unsubscribe'),
        lazy: () =>
          import('@/features/unsubscribe/components/unsubscribe-page').then((m) => ({
            Component: m.UnsubscribePage,
          })),
      },
      {
        path: 'email-change/undo',
        handle: title('emailUndo'),
        lazy: () =>
          import('@/features/email-undo/components/email-undo-page').then((m) => ({
            Component: m.EmailUndoPage,
          })),
      },
      // Any other path shows the home page (docs/product.md "Screens").
      { path: '*', element: <HomePage />, handle: title('home') },
    ],
  },
  signedInArea,
  // The admin area is its own site (README.md, admin-web/): /admin leads there.
  {
    path: 'admin/*',
    lazy: () =>
      import('./routes/admin-redirect').then((m) => ({
        Component: m.AdminRedirect,
        loader: m.adminRedirectLoader,
      })),
    errorElement: <StartupError />,
    hydrateFallbackElement: <RouteLoading />,
  },
];

/** Whether `location` is a page of the signed-in area (main.tsx starts its strings' download at once). */
export function inSignedInArea(location: Pick<Location, 'pathname'>): boolean {
  return matchRoutes(routes, location)?.[0]?.route === signedInArea;
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Resolves the lazy routes matching `location` in place (React Router's recipe for hydrating lazy
 * routes), so a router created afterwards renders the page on its first pass instead of waiting.
 */
export async function loadMatchedLazyRoutes(location: Pick<Location, 'pathname'>): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

/**
 * Starts downloading the lazy routes matching `location` without resolving them in place: the router,
 * created later, asks for the same modules and finds them loaded or on the way.
 */
export function startMatchedRouteDownloads(location: Pick<Location, 'pathname'>): void {
  for (const { route } of matchRoutes(routes, location) ?? []) {
    if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
  }
}
