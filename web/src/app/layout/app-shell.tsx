import { Flex, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Outlet, useLoaderData, useLocation, useMatches } from 'react-router-dom';
import { AuthGuard } from '@/features/auth/components/auth-guard';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { FeatureGate } from '@/features/gating/components/feature-gate';
import { StripeSetupContext, stripeSetupOf } from '@/features/subscription/stripe-js';
import { FeatureGateContext, type RenderGate } from '@/kit/ui/feature-gate-slot';
import { useBundlePart } from '@/lib/i18n';
import { getRuntimeConfig, type RuntimeConfig } from '@/kit/config/runtime-config';
import { ServerStateProvider } from '@/kit/api/server-state';
import { configureAmplifyAuth, loadAmplifyAuth, mayHoldStoredSession } from '@/kit/auth/amplify-auth';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { GuidedTour } from './guided-tour';
import { PreferencesSync } from './preferences-sync';
import './app-shell.css';
import { DocumentTitle } from './document-title';

/** Every gated section of every feature gets the gating feature's FeatureGate (kit/ui/feature-gate-slot). */
const renderFeatureGate: RenderGate = ({ feature, fallback, children, preview, variant }) => (
  <FeatureGate feature={feature} fallback={fallback} preview={preview} variant={variant}>
    {children}
  </FeatureGate>
);

/** A signed-in route that paints before the stored session is checked says so in its `handle` (router.tsx). */
export interface EarlyPaintHandle {
  paintsBeforeSessionCheck: true;
}

function paintsBeforeSessionCheck(handle: unknown): boolean {
  return (handle as Partial<EarlyPaintHandle> | undefined)?.paintsBeforeSessionCheck === true;
}

/**
 * The runtime configuration, before the shell renders (Amplify and the API client need it). When the
 * browser holds a session, Amplify's chunk starts downloading now, beside the shell's strings, instead
 * of after them (the session check needs it first thing).
 */
export async function appShellLoader(): Promise<RuntimeConfig> {
  const config = await getRuntimeConfig();
  configureAmplifyAuth(config);
  if (mayHoldStoredSession()) void loadAmplifyAuth().catch(() => undefined);
  return config;
}

/** The signed-in shell (header, sidebar) around the guarded routes. Loaded on demand. */
export function AppShellRoute() {
  const config = useLoaderData<RuntimeConfig>();
  const { t, i18n } = useTranslation();
  const stringsReady = useBundlePart(i18n, 'app');
  // The phone's navigation menu (the sidebar under the header): open on the page it was opened on,
  // so it closes by itself on every new page.
  const { pathname } = useLocation();
  const paintsEarly = useMatches().some((match) => paintsBeforeSessionCheck(match.handle));
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  // The Stripe gateway's card form, when config.json names its publishable key; else the sandbox's.
  const [stripeSetup] = useState(() => stripeSetupOf(config));
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  if (!stringsReady) {
    return (
      <Flex justifyContent="center" padding="xxl">
        <Loader size="large" aria-label={t('aria.loading')} />
      </Flex>
    );
  }
  return (
    <ServerStateProvider config={config}>
      <AuthProvider adminSiteUrl={config.adminSiteUrl}>
        <DocumentTitle />
        <PreferencesSync />
        <AppHeader menuOpen={menuOpen} onToggleMenu={() => setMenuOpen(!menuOpen)} />
        <div className="app-shell">
          <AppSidebar open={menuOpen} onNavigate={() => setMenuOpen(false)} />
          <main id="main" className="app-shell__main" tabIndex={-1}>
            <AuthGuard paintsBeforeSessionCheck={paintsEarly}>
              <FeatureGateContext.Provider value={renderFeatureGate}>
                <StripeSetupContext.Provider value={stripeSetup}>
                  <Outlet />
                </StripeSetupContext.Provider>
              </FeatureGateContext.Provider>
            </AuthGuard>
          </main>
          <GuidedTour />
        </div>
      </AuthProvider>
    </ServerStateProvider>
  );
}
