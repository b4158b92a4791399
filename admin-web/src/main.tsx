import '@aws-amplify/ui-react/styles.css';
import 'virtual:amplify-theme.css';
import '@app/web/styles.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createI18n } from '@/lib/i18n';
import { readStoredLanguage } from '@app/web/lib/preferences';
import { loadRuntimeConfig } from './app/config';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { setUpServerAccess } from './app/server-access';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const [i18n, config] = await Promise.all([
    createI18n(readStoredLanguage()),
    loadRuntimeConfig().catch((error: unknown) => {
      console.error(error);
      return null;
    }),
  ]);
  if (!config) {
    root.render(<p className="app-startup-error">{i18n.t('startup.configFailed')}</p>);
    return;
  }
  setUpServerAccess(config);
  root.render(
    <StrictMode>
      <AppProviders i18n={i18n}>
        <RouterProvider router={createAppRouter(config)} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
