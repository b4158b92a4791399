import '@app/web/kit/csp-safe-zod';
import '@aws-amplify/ui-react/styles.css';
import 'virtual:amplify-theme.css';
import '@app/web/kit/global.css';
import './app/admin-layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureAmplifyAuth } from '@app/web/kit/amplify-auth';
import { readStoredLanguage } from '@app/web/kit/preferences';
import { getRuntimeConfig } from '@app/web/kit/runtime-config';
import { SiteProviders } from '@app/web/kit/site-providers';
import { AdminSessionProvider } from '@/features/auth/components/admin-session-provider';
import { createI18n } from '@/lib/i18n';
import { AdminApp } from './app/admin-app';

/**
 * docs/product.md "Business rules and limits": the admin toasts are 3 visible, 4 s each (the 14 px gap is in
 * the CSS).
 */
const ADMIN_TOASTS = { limit: 3, durationMs: 4_000 };

/**
 * The entry holds only what decides the first screen (translations, preferences, the session check);
 * the login and the signed-in dashboard are chunks of their own (./app/admin-app). The admin site is
 * one screen at every path, so it has no router.
 */
async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const [i18n, config] = await Promise.all([
    createI18n(readStoredLanguage()),
    getRuntimeConfig().catch((error: unknown) => {
      console.error(error);
      return null;
    }),
  ]);
  if (!config) {
    root.render(<p className="app-startup-error">{i18n.t('startup.configFailed')}</p>);
    return;
  }
  configureAmplifyAuth(config);
  root.render(
    <StrictMode>
      <SiteProviders i18n={i18n} toasts={ADMIN_TOASTS}>
        <AdminSessionProvider>
          <AdminApp config={config} />
        </AdminSessionProvider>
      </SiteProviders>
    </StrictMode>,
  );
}

void start();
