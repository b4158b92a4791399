import '@aws-amplify/ui-react/styles.css';
import 'virtual:amplify-theme.css';
import '@app/web/kit/global.css';
import './app/admin-layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { readStoredLanguage } from '@app/web/kit/preferences';
import { getRuntimeConfig } from '@app/web/kit/runtime-config';
import { ServerStateProvider, type SessionEndPolicy } from '@app/web/kit/server-state';
import { SiteProviders } from '@app/web/kit/site-providers';
import { createI18n } from '@/lib/i18n';
import { createAppRouter } from './app/router';

/** Part 2 section 9: the admin toast defaults are 3 visible, 4 s each (the 14 px gap is in the CSS). */
const ADMIN_TOASTS = { limit: 3, durationMs: 4_000 };

/**
 * Part 2 sections 7 and 8: a 401 or 403 from the API ends the admin session at once; the login shows
 * again after 2 s, so the 'Authentication failed' toast that explains why can be read.
 */
const ADMIN_SESSION_END: SessionEndPolicy = { statuses: [401, 403], delayMs: 2_000 };

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
  root.render(
    <StrictMode>
      <SiteProviders i18n={i18n} toasts={ADMIN_TOASTS}>
        <ServerStateProvider config={config} sessionEnd={ADMIN_SESSION_END}>
          <RouterProvider router={createAppRouter(config)} />
        </ServerStateProvider>
      </SiteProviders>
    </StrictMode>,
  );
}

void start();
