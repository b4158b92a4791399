import { Flex, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLoaderData } from 'react-router-dom';
import { AuthGuard } from '@/features/auth/components/auth-guard';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { FeatureGate } from '@/features/gating/components/feature-gate';
import { FeatureGateContext, type RenderGate } from '@/kit/ui/feature-gate-slot';
import { useBundlePart } from '@/lib/i18n';
import { getRuntimeConfig, type RuntimeConfig } from '@/kit/config/runtime-config';
import { ServerStateProvider } from '@/kit/api/server-state';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { PreferencesSync } from './preferences-sync';
import './app-shell.css';

/** Every gated section of every feature gets the gating feature's FeatureGate (kit/ui/feature-gate-slot). */
const renderFeatureGate: RenderGate = ({ feature, fallback, children }) => (
  <FeatureGate feature={feature} fallback={fallback}>
    {children}
  </FeatureGate>
);

/** The runtime configuration, before the shell renders (Amplify and the API client need it). */
export function appShellLoader(): Promise<RuntimeConfig> {
  return getRuntimeConfig();
}

/** The signed-in shell (header, sidebar) around the guarded routes. Loaded on demand. */
export function AppShellRoute() {
  const config = useLoaderData<RuntimeConfig>();
  const { t, i18n } = useTranslation();
  const stringsReady = useBundlePart(i18n, 'app');
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
        <PreferencesSync />
        <AppHeader />
        <div className="app-shell">
          <AppSidebar />
          <main id="main" className="app-shell__main" tabIndex={-1}>
            <AuthGuard>
              <FeatureGateContext.Provider value={renderFeatureGate}>
                <Outlet />
              </FeatureGateContext.Provider>
            </AuthGuard>
          </main>
        </div>
      </AuthProvider>
    </ServerStateProvider>
  );
}
